import Foundation
import AppStoreCore

extension StepRun {
    /// `expect offer`: whether the signed-in customer may have the offer now, as the store
    /// decides it when it is asked for: the introductory offer while a purchase would start
    /// with it, an offer code while its eligibility covers the customer (`canRedeem`). Offers
    /// no purchase uses (promotional, win-back) are never to be had.
    func checkOffer(_ productID: String, _ name: String, eligible: Bool) -> (expected: String, saw: String)? {
        let records = (try? storefront.store.storage.load()) ?? runtime.queue.records
        let catalog = storefront.store.catalog
        let expected = "the offer \(name) of \(productID) \(eligible ? "eligible" : "ineligible")"
        guard let entry = catalog.product(productID), let info = entry.subscription, let group = entry.subscriptionGroupID else {
            return (expected, "no subscription \(productID)")
        }
        let account = records.settings.account
        let may: Bool
        if name == "introductory" {
            may = records.introOfferApplies(productID, catalog: catalog)
        } else if let code = info.offerCode(named: name) {
            may = records.canRedeem(code, of: entry, account: account, now: runtime.queue.now)
        } else {
            may = false
        }
        guard may != eligible else { return nil }
        let customer = records.offerCodeEligibility(of: account, group: group, now: runtime.queue.now)
        return (expected, "\(may ? "eligible" : "ineligible"), as \(customer == .new ? "a" : "an") \(customer.rawValue) customer of the group")
    }
}
