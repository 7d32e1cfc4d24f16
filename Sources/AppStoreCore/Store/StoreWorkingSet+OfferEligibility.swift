import Foundation

/// Whether an account may have one of a subscription's offers now, by the rules of the offer's
/// kind: the one home of what `products --json`, the storefront and `expect offer` say.
extension StoreWorkingSet {
    /// `offerID`: `introductory`, or an offer's identifier or reference name.
    /// - The introductory offer: while a purchase by the account would start with it.
    /// - A promotional offer: the account has or had a subscription in the group (existing and
    ///   lapsed subscribers).
    /// - An offer code: while the code's eligibility covers the customer (`canRedeem`).
    /// - A win-back offer: while the customer has churned from the product and the offer's
    ///   rules hold at `now` (`isEligible(forWinBack:…)`); `now` nil: never.
    /// - Another kind, or an offer the product does not have: not eligible.
    public func isEligible(for offerID: String, of productID: String, account: String?, catalog: Catalog, now: Date?) -> Bool {
        guard let account, let entry = catalog.product(productID), let info = entry.subscription,
              let group = entry.subscriptionGroupID else { return false }
        if offerID == "introductory" { return introOfferApplies(productID, catalog: catalog, account: account) }
        if info.promotionalOffer(named: offerID) != nil { return status(of: account, group: group) != nil }
        if let code = info.offerCode(named: offerID) { return canRedeem(code, of: entry, account: account, now: now) }
        if let winBack = info.winBackOffer(named: offerID) {
            guard let now else { return false }
            return isEligible(forWinBack: winBack, of: productID, account: account, catalog: catalog, now: now)
        }
        return false
    }
}
