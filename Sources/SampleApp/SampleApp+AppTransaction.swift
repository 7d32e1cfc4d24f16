import AppStoreCore
import StoreKitSim

/// The app reads AppTransaction.shared at launch, as an app that checks which version a
/// customer first bought does; a failure is logged as the app logs its other failures.
extension SampleApp {
    /// The app's bundle identifier and version, as AppTransaction names them.
    public static let bundleID = "com.example.storefront.sample"
    public static let appVersion = "1.0"

    func readAppTransaction() {
        appTransaction = nil
        // Nobody signed in: no account got the app, and there is nothing to ask.
        guard queue.records.settings.account != nil else { return }
        do {
            switch try queue.appTransaction(bundleID: Self.bundleID, appVersion: Self.appVersion) {
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
