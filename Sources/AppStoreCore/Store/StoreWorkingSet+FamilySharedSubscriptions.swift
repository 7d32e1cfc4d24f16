import Foundation

/// Family Sharing of an auto-renewable subscription, period by period (`shareWithFamilies`
/// runs it): each member gets a transaction of its own for the purchaser's current period and
/// a renewal with each renewal, and sees the purchaser's status through its latest one
/// (`familyStatuses(of:catalog:)`), as StoreKit 2 lists a family member's subscription beside
/// the account's own. A member subscribed on their own keeps their own.
extension StoreWorkingSet {
    /// Each subscription giving access whose purchaser shares it: every other member without
    /// a live subscription of their own in the group gets a transaction for its current
    /// period, the first a purchase, each later one as the purchaser's (a renewal, a plan
    /// changed at once).
    mutating func shareSubscriptions(catalog: Catalog, now: Date) throws {
        for s in subscriptions where s.givesAccess && (s.accessEndDate ?? .distantPast) > now {
            guard let source = transactions.last(where: { $0.id == s.latestTransactionID }), source.isUpgraded != true,
                  sharingSource(source, catalog: catalog), let family = family(of: s.account) else { continue }
            for member in family.accounts where member != s.account && !hasLiveSubscription(member, group: s.groupID) {
                let copies = sharedPeriods(of: member)
                guard !copies.contains(where: { $0.sharedTransactionID == source.id }) else { continue }
                let earlier = copies.last { sharedSubscription(of: $0)?.originalTransactionID == s.originalTransactionID }
                // The member has it from now (a renewal from the purchaser's renewal), one
                // subscription of their own from the first period shared.
                let purchaseDate = earlier == nil ? now : max(source.purchaseDate ?? now, earlier?.purchaseDate ?? now)
                let shared = try sharedCopy(
                    of: source, for: member, purchasedAt: purchaseDate,
                    reason: earlier != nil && source.reason == .renewal ? .renewal : .purchase,
                    originalTransactionID: earlier.map { $0.originalID ?? $0.id }) {
                    $0.expirationDate = source.expirationDate
                    $0.offer = nil
                    $0.webOrderLineItemID = nil
                    $0.originalPurchaseDate = earlier?.originalPurchaseDate ?? now
                }
                // Told as of the period's start: a renewal shared when a catch-up ends is dated as it renewed.
                give(shared, at: purchaseDate)
            }
        }
    }

    /// The statuses `account` has through its family: for each subscription shared with it,
    /// the purchaser's status seen through the account's latest period of it. One the
    /// purchaser no longer shares with it (sharing off, a family left, the purchaser gone on
    /// to a plan not shared) reads as expired, and a period taken back (`familyRevoke`) as
    /// revoked at its revocation date. None in a group where the account has a live
    /// subscription of its own (one status per group here).
    public func familyStatuses(of account: String?, catalog: Catalog) -> [SubscriptionStatus] {
        guard let account else { return [] }
        var latest: [String: Transaction] = [:]
        var order: [String] = []
        for t in sharedPeriods(of: account, includingRevoked: true) {
            guard let chain = sharedSubscription(of: t)?.originalTransactionID else { continue }
            if latest[chain] == nil { order.append(chain) }
            // The period not upgraded from, the latest-ending of those.
            let rank = { (c: Transaction) in (c.isUpgraded == true ? 0 : 1, c.expirationDate ?? .distantPast) }
            if let kept = latest[chain], rank(kept) > rank(t) { continue }
            latest[chain] = t
        }
        return order.compactMap { chain in
            guard let copy = latest[chain], let expiry = copy.expirationDate,
                  var shared = subscriptions.first(where: { $0.originalTransactionID == chain && $0.account != account }),
                  !hasLiveSubscription(account, group: shared.groupID) else { return nil }
            let source = transactions.last { $0.id == copy.sharedTransactionID }
            let current = !copy.isRevoked && shared.latestTransactionID == copy.sharedTransactionID
                && source.map { sharingSource($0, catalog: catalog) } == true && family(of: shared.account)?.contains(account) == true
            // The purchaser's period cut short (expired now) ends the member's with it; one
            // the purchaser moved on from without the member ended when it did; one taken
            // back, when it was.
            let movedOn = transactions.last { $0.id == shared.latestTransactionID }?.purchaseDate
            shared.expiresDate = min(expiry, copy.revocationDate ?? (current ? shared.expiresDate : movedOn ?? expiry))
            shared.ownershipType = .familyShared
            shared.account = account
            shared.productID = copy.productID
            shared.originalTransactionID = copy.originalID ?? copy.id
            shared.latestTransactionID = copy.id
            if !current {
                shared.state = copy.isRevoked ? .revoked : .expired
                shared.willAutoRenew = false
                shared.autoRenewProductID = copy.productID
                shared.expirationReason = copy.isRevoked ? nil : shared.expirationReason ?? .unknown
                shared.billingRetryStartDate = nil
                shared.gracePeriodExpiresDate = nil
                shared.priceIncreaseStatus = .noIncreasePending
            }
            return shared
        }
    }

    /// The status the signed-in account sees in `groupID`, of its own and those its family
    /// shares with it (`SubscriptionStatus.deciding`).
    public func visibleStatus(inGroup groupID: String, catalog: Catalog) -> SubscriptionStatus? {
        let own = status(of: settings.account, group: groupID).map { [$0] } ?? []
        return SubscriptionStatus.deciding(own + familyStatuses(of: settings.account, catalog: catalog).filter { $0.groupID == groupID }).first
    }

    /// The purchaser's status a member's period shares a period of: the one whose first
    /// transaction the period's purchase names (a resolution names the purchase it completed,
    /// while the status names the resolution).
    func sharedSubscription(of copy: Transaction) -> SubscriptionStatus? {
        guard copy.expirationDate != nil, let id = copy.sharedTransactionID,
              let source = transactions.last(where: { $0.id == id }) else { return nil }
        return subscriptions.first { $0.account == source.account && $0.isSubscription(of: source) }
    }

    /// The subscription periods shared with `account`, completed and (unless
    /// `includingRevoked`) not taken back (a restore's copies of them are not periods of their own).
    private func sharedPeriods(of account: String, includingRevoked: Bool = false) -> [Transaction] {
        transactions.filter {
            $0.account == account && $0.isFamilyShared && $0.queueState.state == .purchased && (includingRevoked || !$0.isRevoked)
                && $0.expirationDate != nil
        }
    }

    /// Whether `account` has a subscription of its own in `groupID` that has not ended.
    private func hasLiveSubscription(_ account: String, group groupID: String) -> Bool {
        status(of: account, group: groupID)?.isLive == true
    }
}
