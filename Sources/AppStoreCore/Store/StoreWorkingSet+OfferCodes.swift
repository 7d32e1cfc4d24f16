import Foundation

extension StoreWorkingSet {
    /// Where `account` stands for the offer codes of `groupID` at `now`: new to the group, an
    /// active subscriber, or one whose plan ended (`OfferCodeEligibility.of`).
    public func offerCodeEligibility(of account: String?, group groupID: String, now: Date?) -> OfferCodeEligibility {
        OfferCodeEligibility.of(status(of: account, group: groupID), at: now)
    }

    /// Whether `account` may redeem `code`, an offer code of `entry`, at `now` (`checkOfferCode`).
    public func canRedeem(_ code: SubscriptionOffer, of entry: CatalogProduct, account: String?, now: Date?) -> Bool {
        guard let account else { return false }
        return (try? checkOfferCode(code, named: code.name ?? "", of: entry, for: account, now: now)) != nil
    }

    /// Whether `account` may redeem `code` (an offer code of `entry`) now: the code is for
    /// customers where the account stands, and no code redeemed while subscribed still waits for
    /// the renewal (one code a renewal).
    /// `now` nil: as the status's state stands (`OfferCodeEligibility.of`).
    func checkOfferCode(_ code: SubscriptionOffer, named name: String, of entry: CatalogProduct, for account: String,
                        now: Date?) throws {
        guard let group = entry.subscriptionGroupID else { return }
        let status = status(of: account, group: group)
        let customer = OfferCodeEligibility.of(status, at: now)
        guard code.eligibility.contains(customer) else {
            if customer == .existing, let status { throw StoreAdminError.offerCodeWhileSubscribed(name, productID: status.productID) }
            throw StoreAdminError.offerCodeNotEligible(name, customer: customer)
        }
        guard customer == .existing, let status else { return }
        // In billing retry with no access, a plan's renewal is not paid for: no code can wait for it.
        guard status.givesAccess else { throw StoreAdminError.offerCodeWhileSubscribed(name, productID: status.productID) }
        if status.offerCodeAtRenewal != nil { throw StoreAdminError.offerCodeAlreadyRedeemed(name) }
    }
}
