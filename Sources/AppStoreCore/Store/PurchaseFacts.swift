import Foundation

/// What the App Store records of a purchase when it completes it: when, at what price and
/// where, and for a subscription the period it paid for. A transaction holds them as one
/// `let` (`Transaction.purchaseFacts`): one still in the queue (purchasing, deferred, failed)
/// has none yet (all nil), and the store makes the completed transaction anew with them
/// (`Transaction.completed`) rather than filling them in, so nothing changes them afterwards.
/// Built as a value first (a subscription's offer, price and expiry are the lifecycle's),
/// then held.
public struct PurchaseFacts: Equatable, Sendable {
    /// When the store completed it (`Transaction.purchaseDate`); the queue's `date` moves with
    /// each change.
    public var purchaseDate: Date?
    /// The first purchase of what it stands for (itself, unless a renewal, plan change or restore).
    public var originalPurchaseDate: Date?
    /// What was charged, in `currency`: the offer's price when bought with one, 0 for a free
    /// trial or a re-download.
    public var price: Decimal?
    /// ISO 4217.
    public var currency: String?
    /// The App Store storefront it was bought in (ISO 3166-1 alpha-3, "USA").
    public var storefront: String?
    /// The offer it used, if any.
    public var offer: TransactionOffer?
    /// Auto-renewable subscriptions: the end of the period this transaction paid for.
    public var expirationDate: Date?
    public var isTrialPeriod: Bool?
    /// Auto-renewable subscriptions: the id of the period it paid for (`webOrderLineItemID`).
    public var webOrderLineItemID: String?
    /// A month of a monthly plan: where it stands in its commitment.
    public var commitment: TransactionCommitment?

    public init(purchaseDate: Date? = nil, originalPurchaseDate: Date? = nil, price: Decimal? = nil,
                currency: String? = nil, storefront: String? = nil, offer: TransactionOffer? = nil,
                expiresDate: Date? = nil, isTrialPeriod: Bool? = nil, webOrderLineItemID: String? = nil,
                commitment: TransactionCommitment? = nil) {
        self.purchaseDate = purchaseDate
        self.originalPurchaseDate = originalPurchaseDate
        self.price = price
        self.currency = currency
        self.storefront = storefront
        self.offer = offer
        self.expirationDate = expiresDate
        self.isTrialPeriod = isTrialPeriod
        self.webOrderLineItemID = webOrderLineItemID
        self.commitment = commitment
    }

    /// Bought at `date` in `storefront`, its own first purchase: what every completed purchase
    /// starts from before its price (and a subscription's period) is known.
    public init(purchasedAt date: Date, in storefront: AppStoreStorefront) {
        self.init(purchaseDate: date, originalPurchaseDate: date, currency: storefront.currency, storefront: storefront.id)
    }
}
