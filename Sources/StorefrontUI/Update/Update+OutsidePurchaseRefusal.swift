import Foundation
import SampleApp
import AppStoreCore

extension AppState {
    /// The store refused buying `productID` outside the app: a banner over the Transaction
    /// Manager, which stays open, says why in the store's words (the app made no purchase, so
    /// no purchase alert of the app's).
    mutating func refuseOutsidePurchase(_ productID: String, _ problem: AppProblem, at date: Date) {
        let reason = (problem.error as? StoreError).map { strings.errors.description($0) } ?? ErrorText.of(problem.error, in: strings)
        banner = Banner(transactionID: "", text: strings.manager.notBoughtOutside(title(of: productID), reason), tint: .danger,
                        expires: date + Banner.duration * snapshot.settings.timeRate.factor)
    }

    /// Whether `productID` is the signed-in account's plan now, which the list of products to
    /// buy outside the app marks.
    func isCurrentPlan(_ productID: String) -> Bool {
        guard let group = catalog.product(productID)?.subscriptionGroupID,
              let status = snapshot.subscription(inGroup: group) else { return false }
        return status.productID == productID && status.givesAccess
    }
}
