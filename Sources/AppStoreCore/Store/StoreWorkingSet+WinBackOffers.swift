import Foundation

/// Win-back offers: who may have one, and in what order the App Store offers them. A customer
/// is eligible when their subscription in the group churned (expired with auto-renew off:
/// never during grace or billing retry) and the offer, one of the plan they last had, runs now
/// and its rules hold (`WinBackOfferRules`).
extension StoreWorkingSet {
    /// The win-back offers `account` may have now, best first (`eligibleWinBackOfferIDs`): high
    /// priority before normal, then in the catalog's order. Empty for a customer who has not churned.
    public func eligibleWinBackOffers(for account: String?, group groupID: String, catalog: Catalog,
                                      now: Date) -> [SubscriptionOffer] {
        guard let account, let status = status(of: account, group: groupID), isChurned(status),
              let offers = catalog.product(status.productID)?.subscription?.winBackOffers else { return [] }
        let eligible = offers.filter { rulesHold($0.winBackRules, for: status, catalog: catalog, now: now) }
        return eligible.filter { $0.winBackRules.priority == .high } + eligible.filter { $0.winBackRules.priority != .high }
    }

    /// Whether `account` may have `offer`, a win-back offer of `productID`, now.
    public func isEligible(forWinBack offer: SubscriptionOffer, of productID: String, account: String?, catalog: Catalog,
                           now: Date) -> Bool {
        guard let group = catalog.product(productID)?.subscriptionGroupID else { return false }
        return status(of: account, group: group)?.productID == productID
            && eligibleWinBackOffers(for: account, group: group, catalog: catalog, now: now).contains(offer)
    }

    /// Churned (StoreKit's definition): the period ran out and auto-renew is off. A subscription
    /// in grace or billing retry has not churned, nor has one refunded.
    func isChurned(_ status: SubscriptionStatus) -> Bool {
        status.state == .expired && !status.willAutoRenew
    }

    private func rulesHold(_ rules: WinBackOfferRules, for status: SubscriptionStatus, catalog: Catalog, now: Date) -> Bool {
        guard rules.runs(at: now), status.expiresDate <= now else { return false }
        // Paid duration: the last run of periods without a gap, which the status keeps.
        if let months = rules.paidDurationMonths,
           Self.months(months, after: status.recentSubscriptionStartDate) > status.expiresDate { return false }
        if let since = rules.monthsSinceLastSubscribed,
           now < Self.months(since.lowerBound, after: status.expiresDate)
            || now > Self.months(since.upperBound, after: status.expiresDate) { return false }
        if let wait = rules.waitBetweenOffersMonths, let last = lastWinBackPurchase(of: status.account, group: status.groupID, catalog: catalog),
           now < Self.months(wait, after: last) { return false }
        return true
    }

    /// When `account` last bought a subscription of the group with a win-back offer.
    private func lastWinBackPurchase(of account: String, group groupID: String, catalog: Catalog) -> Date? {
        transactions.filter {
            $0.account == account && $0.offer?.type == .winBack && catalog.product($0.productID)?.subscriptionGroupID == groupID
        }.compactMap(\.purchaseDate).max()
    }

    private static func months(_ count: Int, after date: Date) -> Date {
        Calendar.gregorianUTC.date(byAdding: .month, value: count, to: date) ?? date
    }
}
