import Foundation
import AppStoreCore

extension StepRun {
    /// `expect offer`: whether the signed-in customer may have the offer now, by the store's
    /// rule for its kind (`StoreWorkingSet.isEligible(for:of:account:catalog:now:)`).
    func checkOffer(_ productID: String, _ name: String, eligible: Bool) -> (expected: String, saw: String)? {
        let records = (try? storefront.store.storage.load()) ?? runtime.queue.records
        let catalog = storefront.store.catalog
        let expected = "the offer \(name) of \(productID) \(eligible ? "eligible" : "ineligible")"
        guard let entry = catalog.product(productID), entry.subscription != nil, let group = entry.subscriptionGroupID else {
            return (expected, "no subscription \(productID)")
        }
        let account = records.settings.account
        let may = records.isEligible(for: name, of: productID, account: account, catalog: catalog, now: runtime.queue.now)
        guard may != eligible else { return nil }
        let customer = records.offerCodeEligibility(of: account, group: group, now: runtime.queue.now)
        return (expected, "\(may ? "eligible" : "ineligible"), as \(customer == .new ? "a" : "an") \(customer.rawValue) customer of the group")
    }
}
