import AppStoreCore
import StoreKitSim

/// The app reads AppTransaction.shared at launch, as an app that checks which version a
/// customer first bought does; a failure is logged as the app logs its other failures.
extension SampleApp {
    func readAppTransaction() {
        appTransaction = nil
        // Nobody signed in: no account got the app, and there is nothing to ask.
        guard queue.records.settings.account != nil else { return }
        do {
            switch try queue.appTransaction(bundleID: appDescription.bundleID, appVersion: appDescription.appVersion) {
            case .verified(let value):
                appTransaction = value
            case .unverified(_, let code):
                record(.appTransactionFailed(.verificationError(code)))
            }
        } catch let error as StoreError {
            record(.appTransactionFailed(error))
        } catch {
            record(.problem(AppProblem(error)))
        }
    }
}
