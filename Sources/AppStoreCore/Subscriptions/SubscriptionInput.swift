import Foundation

/// What can happen to a subscription: the subscriber's, the store's and the calendar's doing.
/// `SubscriptionLifecycle` takes one at a time.
public enum SubscriptionInput: Equatable, Sendable {
    /// A purchase of a plan of the group completed: the transaction, still in the queue, whose
    /// purchase facts the lifecycle writes (first subscribe, resubscribe, plan change).
    /// `offerCode`: an offer code redeemed with it, which a subscription starts with;
    /// `promotionalOffer`: a promotional offer the app's server signed for it, likewise.
    case purchase(Transaction, offerCode: SubscriptionOffer? = nil, promotionalOffer: SubscriptionOffer? = nil)
    /// The paid period ends (`expiresDate`): it renews, fails to, or expires.
    case renewalDue
    /// The grace ends with the payment still failing (`gracePeriodExpiresDate`).
    case gracePeriodEnd
    /// Billing retry gives up, 60 days after it began.
    case billingRetryEnd
    /// The subscriber fixed the payment method: the failed renewal goes through.
    case fixBilling
    /// The store ends it now (SKTestSession.expireSubscription).
    case expireNow
    /// The period ends now and the store renews as it would at its end (SKTestSession.forceRenewalOfSubscription).
    case renewNow
    /// The subscriber turned auto-renew on or off (Manage Subscriptions).
    case setAutoRenew(Bool)
    /// The store raised the price of the plan it renews to (already in the context's prices).
    case priceIncrease(consentNeeded: Bool)
    /// The subscriber agreed to a price increase.
    case agreeToPriceIncrease
    /// The subscriber declined a price increase (SKTestSession.declinePriceIncreaseForTransaction):
    /// auto-renew goes off, and the plan runs to its period's end.
    case declinePriceIncrease
    /// The App Store refunded the current period: access ends now, and nothing renews.
    case revoke
}

/// What the lifecycle needs to know besides the status: the store's catalog, conditions and
/// prices, and the transaction that paid for the current period.
public struct SubscriptionContext: Sendable {
    public var catalog: Catalog
    public var settings: Settings
    public var priceChanges: [PriceChange]
    /// The status's latest transaction (its price, storefront, offer), when the records hold it.
    public var latest: Transaction?
    /// The id a transaction made by this step gets (at most one is made).
    public var newTransactionID: String
    /// A purchase: whether the account may still have the group's introductory offer.
    public var isEligibleForIntroOffer: Bool

    public init(catalog: Catalog, settings: Settings, priceChanges: [PriceChange] = [], latest: Transaction? = nil,
                newTransactionID: String, isEligibleForIntroOffer: Bool = false) {
        self.catalog = catalog
        self.settings = settings
        self.priceChanges = priceChanges
        self.latest = latest
        self.newTransactionID = newTransactionID
        self.isEligibleForIntroOffer = isEligibleForIntroOffer
    }
}

/// What one step of the lifecycle did.
public struct SubscriptionChange: Equatable, Sendable {
    /// The status after it (nil only when there was none and the input made none).
    public var status: SubscriptionStatus?
    /// The transactions it made (a renewal, with `newTransactionID`) or changed (the purchase
    /// completed; the plan left by an upgrade, marked upgraded), as they are now.
    public var transactions: [Transaction]
    public var events: [StoreEvent]

    public init(status: SubscriptionStatus?, transactions: [Transaction] = [], events: [StoreEvent] = []) {
        self.status = status
        self.transactions = transactions
        self.events = events
    }
}
