import Foundation

/// Whether an account may buy a subscription with one of its offers now, by the rules of the
/// offer's kind: what `products --json`, the storefront and a walkthrough's `expect offer` say.
extension StoreWorkingSet {
    /// A promotional offer: the account has or had a subscription in the group (existing and
    /// lapsed subscribers). An offer code: the account has no plan of the group active (a code
    /// starts a subscription). Another kind, or an offer the product does not have: not eligible.
    public func isEligible(for offerID: String, of productID: String, account: String?, catalog: Catalog) -> Bool {
        guard let account, let entry = catalog.product(productID), let info = entry.subscription,
              let group = entry.subscriptionGroupID else { return false }
        if info.promotionalOffers.contains(where: { $0.name == offerID }) { return status(of: account, group: group) != nil }
        if info.offerCode(named: offerID) != nil { return status(of: account, group: group)?.givesAccess != true }
        return false
    }
}
