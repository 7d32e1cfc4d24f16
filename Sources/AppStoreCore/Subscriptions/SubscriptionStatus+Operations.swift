import Foundation

/// Which operations apply to a subscription now: the one rule the store's
/// `changeSubscription`, the Transaction Manager and Manage Subscriptions share, so that what
/// they offer is what the store allows. None applies once it has ended (expired or revoked).
extension SubscriptionStatus {
    /// Fix the billing issue: while a renewal fails and the store still retries (cancelled
    /// while failing, it retries no more, and the grace runs out on its own).
    public var canFixBilling: Bool { isLive && isInBillingRetry && willAutoRenew }

    /// Renew now: only while nothing fails.
    public var canRenewNow: Bool { isLive && !isInBillingRetry }

    /// Agree to a price increase: while one waits for the subscriber's consent.
    public var canAgreeToPriceIncrease: Bool { isLive && priceIncreaseStatus == .pending }

    /// Decline a price increase: whenever one could agree to it.
    public var canDeclinePriceIncrease: Bool { canAgreeToPriceIncrease }

    /// Cancel Subscription (auto-renew off): while it renews.
    public var canCancel: Bool { isLive && willAutoRenew }

    /// Resubscribe (auto-renew on): once cancelled, while access lasts.
    public var canResubscribe: Bool { isLive && !willAutoRenew && givesAccess }
}
