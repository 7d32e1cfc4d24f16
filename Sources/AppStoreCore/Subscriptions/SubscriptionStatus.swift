import Foundation

/// One account's subscription in one subscription group, as the store keeps it: StoreKit 2's
/// `Product.SubscriptionInfo.Status` (its state, and its `RenewalInfo`). A record of the store,
/// changed only by `SubscriptionLifecycle`; a subscriber has at most one per group.
public struct SubscriptionStatus: Codable, Equatable, Sendable {
    public var account: String
    public var groupID: String
    /// The plan the subscriber has now (the latest transaction's product).
    public var productID: String
    public var state: RenewalState
    /// The first purchase of this subscription: every renewal and plan change names it.
    public var originalTransactionID: String
    /// The transaction that paid for the current (or last) period.
    public var latestTransactionID: String
    /// The end of the period paid for.
    public var expiresDate: Date
    // RenewalInfo
    public var willAutoRenew: Bool
    /// The plan the next renewal is for (`autoRenewPreference`): another after a downgrade.
    public var autoRenewProductID: String
    public var expirationReason: ExpirationReason?
    /// In billing retry or grace: since when the store retries (it gives up 60 days on).
    public var billingRetryStartDate: Date?
    /// In grace: when access ends unless the payment goes through.
    public var gracePeriodExpiresDate: Date?
    public var priceIncreaseStatus: PriceIncreaseStatus
    /// The start of the latest run of periods without a gap (a resubscribe after expiry starts
    /// a new one).
    public var recentSubscriptionStartDate: Date
    /// A plan paid monthly: when the commitment the current month belongs to ends (12 months
    /// from its start for P1Y). Within it the months renew whatever auto-renew says; auto-renew
    /// decides only whether a new commitment follows. nil: billed up front.
    public var commitmentExpiresDate: Date?
    /// `familyShared`: a family member's subscription seen by this account
    /// (`StoreWorkingSet.familyStatuses(of:)`), managed by its purchaser; nil: the account's own.
    public var ownershipType: OwnershipType?
    /// An offer code an active subscriber redeemed (its id, else its reference name): the next
    /// renewal, of `autoRenewProductID`, starts at its terms (the renewal info's offer).
    public var offerCodeAtRenewal: String?
    /// When the offer the subscription is on began, where that is not
    /// `recentSubscriptionStartDate`: an offer code that began at a renewal or an upgrade.
    public var offerStartDate: Date?

    public init(account: String, groupID: String, productID: String, state: RenewalState,
                originalTransactionID: String, latestTransactionID: String, expiresDate: Date,
                willAutoRenew: Bool = true, autoRenewProductID: String? = nil, expirationReason: ExpirationReason? = nil,
                billingRetryStartDate: Date? = nil, gracePeriodExpiresDate: Date? = nil,
                priceIncreaseStatus: PriceIncreaseStatus = .noIncreasePending, recentSubscriptionStartDate: Date,
                commitmentExpiresDate: Date? = nil) {
        self.account = account
        self.groupID = groupID
        self.productID = productID
        self.state = state
        self.originalTransactionID = originalTransactionID
        self.latestTransactionID = latestTransactionID
        self.expiresDate = expiresDate
        self.willAutoRenew = willAutoRenew
        self.autoRenewProductID = autoRenewProductID ?? productID
        self.expirationReason = expirationReason
        self.billingRetryStartDate = billingRetryStartDate
        self.gracePeriodExpiresDate = gracePeriodExpiresDate
        self.priceIncreaseStatus = priceIncreaseStatus
        self.recentSubscriptionStartDate = recentSubscriptionStartDate
        self.commitmentExpiresDate = commitmentExpiresDate
    }

    /// Whether the period paid for is a month of a commitment with months still to bill after
    /// it: the next month renews even with auto-renew off.
    public var isWithinCommitment: Bool {
        guard let end = commitmentExpiresDate else { return false }
        return end > expiresDate
    }

    /// Whether the period's end brings another: auto-renew on, or a commitment's months left.
    public var renewsAtPeriodEnd: Bool { willAutoRenew || isWithinCommitment }

    /// A monthly plan: the months of its commitment (`months` in all) still to pay after the
    /// one paid for now; nil billed up front.
    public func commitmentPaymentsLeft(months: Int) -> Int? {
        guard let end = commitmentExpiresDate else { return nil }
        return max(0, months - SubscriptionLifecycle.monthNumber(endingAt: expiresDate, commitmentEnd: end, months: months))
    }

    public var isFamilyShared: Bool { ownershipType == .familyShared }

    /// Whether `t` is a transaction of this subscription: every renewal, plan change and
    /// restore names its first purchase (a resolution names the interrupted purchase it
    /// completed, while the status names the resolution).
    public func isSubscription(of t: Transaction) -> Bool {
        originalTransactionID == t.id || originalTransactionID == t.originalID
    }

    /// Not ended: subscribed, or in billing retry (in grace or not). Its plans change and
    /// cancel in Manage Subscriptions; after it ends, buying any plan subscribes again.
    public var isLive: Bool { state != .expired && state != .revoked }

    /// One status a group: of its statuses (the account's own, a family member's shared with
    /// it), the one giving access the longest, else the first, as an app reading StoreKit 2's
    /// `status(for:)` decides.
    public static func deciding(_ statuses: [SubscriptionStatus]) -> [SubscriptionStatus] {
        var chosen: [String: SubscriptionStatus] = [:]
        var order: [String] = []
        for status in statuses {
            guard let kept = chosen[status.groupID] else {
                chosen[status.groupID] = status
                order.append(status.groupID)
                continue
            }
            let keptEnd = kept.givesAccess ? kept.accessEndDate ?? .distantPast : nil
            let end = status.givesAccess ? status.accessEndDate ?? .distantPast : nil
            if let end, end > (keptEnd ?? .distantPast) || keptEnd == nil { chosen[status.groupID] = status }
        }
        return order.compactMap { chosen[$0] }
    }

    /// `RenewalInfo.isInBillingRetry`.
    public var isInBillingRetry: Bool { state == .inBillingRetryPeriod || state == .inGracePeriod }

    /// `RenewalInfo.renewalDate`: when the next renewal is charged, while one will be.
    public var renewalDate: Date? {
        state == .subscribed && renewsAtPeriodEnd ? expiresDate : nil
    }

    /// Whether the subscriber has the service now (`RenewalState.givesAccess`).
    public var givesAccess: Bool { state.givesAccess }

    /// Whether it has not ended by `now`: access not yet run out, or a timer still to come
    /// (a renewal due, billing retry not given up).
    public func isActive(at now: Date) -> Bool {
        switch state {
        case .subscribed: renewsAtPeriodEnd || expiresDate > now
        case .inGracePeriod, .inBillingRetryPeriod:
            (accessEndDate.map { $0 > now } ?? false)
                || (renewsAtPeriodEnd && (SubscriptionLifecycle.billingRetryEndDate(self).map { $0 > now } ?? false))
        case .expired, .revoked: false
        }
    }

    /// Until when access lasts as things stand: the period's end, or the grace's.
    public var accessEndDate: Date? {
        switch state {
        case .subscribed: expiresDate
        case .inGracePeriod: gracePeriodExpiresDate ?? expiresDate
        case .expired, .inBillingRetryPeriod, .revoked: nil
        }
    }
}
