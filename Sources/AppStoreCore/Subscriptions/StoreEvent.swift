import Foundation

/// Something the store's rules did, in the order they did it: the outbox every reader (the
/// app's log and banners, `storefront events`, the server's notifications) takes from with a
/// cursor of its own. Written in the same database transaction as the change it tells of.
public struct StoreEvent: Codable, Equatable, Sendable, Identifiable {
    /// Its place in the store's order: 1, 2, 3… Zero until stored (`StoreWorkingSet.newEvents`).
    public var id: Int64
    /// Store time when it happened.
    public var date: Date
    public var kind: StoreEventKind
    public var account: String?
    public var productID: String?
    /// The transaction it made or changed, if any.
    public var transactionID: String?
    public var originalTransactionID: String?
    /// What else it says, by kind: the reason, the other plan, the grace's end, a price…
    public var details: StoreEventDetails
    /// The transaction it names as the change that made the event left it (a notification's
    /// signed transaction): a reader never needs the store's records to tell what happened.
    public var transaction: Transaction?
    /// A subscription's status and renewal info as that change left them (a notification's
    /// signed renewal info).
    public var subscription: SubscriptionStatus?
    /// What that subscription's next renewal charges and the offer it goes on with, as that
    /// change left them (the signed renewal info's price and offer); nil before it was kept.
    public var renewal: RenewalTerms?

    public init(id: Int64 = 0, date: Date, kind: StoreEventKind, account: String?, productID: String?,
                transactionID: String? = nil, originalTransactionID: String? = nil,
                details: StoreEventDetails = StoreEventDetails(), transaction: Transaction? = nil,
                subscription: SubscriptionStatus? = nil, renewal: RenewalTerms? = nil) {
        self.renewal = renewal
        self.transaction = transaction
        self.subscription = subscription
        self.id = id
        self.date = date
        self.kind = kind
        self.account = account
        self.productID = productID
        self.transactionID = transactionID
        self.originalTransactionID = originalTransactionID
        self.details = details
    }
}

/// What an event can say besides its kind. Every field optional: each kind fills its own.
public struct StoreEventDetails: Codable, Equatable, Sendable {
    public var expirationReason: ExpirationReason?
    /// A plan change: the plan before and after.
    public var fromProductID: String?
    public var toProductID: String?
    /// A plan change: upgrade, downgrade or crossgrade.
    public var planChange: PlanChange?
    public var gracePeriodExpiresDate: Date?
    public var expiresDate: Date?
    /// A price (a purchase, a renewal, a price increase), in `currency`.
    public var price: Decimal?
    public var currency: String?
    public var storefront: String?
    /// A refund of the unused part of a plan left by an upgrade.
    public var refundedAmount: Decimal?
    public var error: StoreError?
    /// A refund: why, what kind, and how much of the price (thousandths of a percent).
    public var revocationReason: RevocationReason?
    public var revocationType: RevocationType?
    public var revocationPercentage: Int?
    /// A refund request: why the user asked.
    public var refundRequestReason: RefundRequestReason?
    /// What kind of its kind it is (App Store Server Notifications' subtype): a first
    /// subscription or a resubscribe, a downgrade.
    public var subtype: StoreEventSubtype?

    public init(expirationReason: ExpirationReason? = nil, fromProductID: String? = nil, toProductID: String? = nil,
                planChange: PlanChange? = nil, gracePeriodExpiresDate: Date? = nil, expiresDate: Date? = nil,
                price: Decimal? = nil, currency: String? = nil, storefront: String? = nil,
                refundedAmount: Decimal? = nil, error: StoreError? = nil, revocationReason: RevocationReason? = nil,
                revocationType: RevocationType? = nil, revocationPercentage: Int? = nil,
                refundRequestReason: RefundRequestReason? = nil, subtype: StoreEventSubtype? = nil) {
        self.subtype = subtype
        self.refundRequestReason = refundRequestReason
        self.revocationReason = revocationReason
        self.revocationType = revocationType
        self.revocationPercentage = revocationPercentage
        self.expirationReason = expirationReason
        self.fromProductID = fromProductID
        self.toProductID = toProductID
        self.planChange = planChange
        self.gracePeriodExpiresDate = gracePeriodExpiresDate
        self.expiresDate = expiresDate
        self.price = price
        self.currency = currency
        self.storefront = storefront
        self.refundedAmount = refundedAmount
        self.error = error
    }
}

/// What kind of its kind an event is, as App Store Server Notifications' subtypes say.
public enum StoreEventSubtype: String, Codable, Sendable, CaseIterable {
    /// `subscribed`: the first subscription of its group (SUBSCRIBED, INITIAL_BUY).
    case initialBuy
    /// `subscribed`: again, after it expired (SUBSCRIBED, RESUBSCRIBE).
    case resubscribe
    /// `renewalPreferenceChanged`: the next renewal is for a lower plan (DID_CHANGE_RENEWAL_PREF,
    /// DOWNGRADE). A change back to the current plan, or to another period of the same level,
    /// has no subtype, as Apple sends none.
    case downgrade
    /// `offerRedeemed`: a subscriber's offer code for a higher plan, which it moves to at once
    /// (OFFER_REDEEMED, UPGRADE); a code for a lower plan says `downgrade`, one for the plan
    /// one has none.
    case upgrade

    /// A subscription's start: a resubscribe goes on under the subscription's original
    /// transaction, a first one is its own.
    package static func subscribed(transactionID: String?, originalTransactionID: String?) -> StoreEventSubtype {
        originalTransactionID == nil || transactionID == originalTransactionID ? .initialBuy : .resubscribe
    }
}

/// How buying another plan of a group one subscribes to changes the subscription.
public enum PlanChange: String, Codable, Sendable, CaseIterable {
    /// A higher level: at once, the unused time of the old plan refunded.
    case upgrade
    /// A lower level: at the next renewal.
    case downgrade
    /// The same level: at once with the same period, at the next renewal with another.
    case crossgrade
}

/// What happened. Named after what the App Store tells a server of (App Store Server
/// Notifications V2), so that the coming notifications map one to one.
public enum StoreEventKind: String, Codable, Sendable, CaseIterable {
    /// A one-time purchase completed (consumable, non-consumable, non-renewing; a re-download).
    case purchased
    /// A subscription started: the first of its group, or again after it expired (resubscribe).
    case subscribed
    /// A subscription renewed: a new transaction for a new period.
    case renewed
    /// A renewal's payment failed: billing retry began (in grace when `gracePeriodExpiresDate`).
    case renewalFailed
    /// The grace ended with the payment still failing: access ends, the store keeps retrying.
    case gracePeriodExpired
    /// The payment went through after a failure (`DID_RENEW`, subtype BILLING_RECOVERY).
    case recovered
    /// The subscription ended (`expirationReason` says why).
    case expired
    case autoRenewEnabled
    case autoRenewDisabled
    /// The next renewal is for another plan (a downgrade, a crossgrade to another period), or
    /// back to the current one.
    case renewalPreferenceChanged
    /// Another plan at once: the old plan's transaction is marked upgraded and refunded in part.
    case upgraded
    /// An active subscriber redeemed an offer code (OFFER_REDEEMED): for the plan one has or a
    /// lower one, the next renewal starts at its terms (no transaction); for a higher one, the
    /// upgrade at once at its terms (`transactionID`).
    case offerRedeemed
    case priceIncreasePending
    case priceIncreaseAgreed
    /// A price changed with no consent needed: the subscriber was told.
    case priceIncreased
    /// Ask to Buy: a request sent, approved, declined, or dropped after 24 hours unanswered.
    case askToBuyRequested
    case askToBuyApproved
    case askToBuyDeclined
    case askToBuyLapsed
    /// A purchase failed (cancelled, an error, an interruption).
    case purchaseFailed
    /// An interrupted purchase resolved.
    case resolved
    /// A restore brought purchases back.
    case restored
    /// An App Store product page started a purchase (a promoted In-App Purchase): it waits for the app.
    case purchaseIntent
    /// The App Store refunded a purchase and revoked it (`REFUND`); the details say why and how much.
    case refunded
    /// The user asked for a refund from within the app (the refund request sheet): it waits for
    /// the App Store's answer, a refund (`refunded`) or `refundDeclined`.
    case refundRequested
    /// The App Store declined a refund request (`REFUND_DECLINED`): nothing is revoked.
    case refundDeclined
    /// A transaction removed from the history (Xcode's Transaction Manager; no notification exists).
    case transactionDeleted
    /// An account's purchase history removed, its settings kept (SKTestSession.clearTransactions).
    case purchaseHistoryCleared
    /// Family Sharing: an account started a family or joined one.
    case familyJoined
    /// An account left its family (or was removed; every member, when the organizer left).
    case familyLeft
    /// A purchaser turned sharing of a product with its family on or off.
    case familySharingOn
    case familySharingOff
    /// A member got a family-shared transaction for another member's purchase.
    case familyShared
    /// A member's family-shared transaction was revoked (`REVOKE`, revocationType FAMILY_REVOKE).
    case familyRevoked

    /// What takes back what a purchase gave: the app hears of these (`PaymentQueue.unheardRevocations`).
    /// A transaction deleted no longer stands among the account's entitlements either, as
    /// StoreKit's current entitlements no longer list it.
    public static let revocations: Set<StoreEventKind> = [.refunded, .familyRevoked, .transactionDeleted]

    /// What moves the transaction it names to another state in the app's payment queue (a new
    /// transaction among them): the app hears of these as updates (`PaymentQueue`). A plan
    /// bought back or for the next renewal makes no transaction: `autoRenewEnabled` or
    /// `renewalPreferenceChanged` keep the payment's answer (`transaction`, with no
    /// `transactionID`); `restored` names no transaction (its transactions carry its date).
    public static let queueChanges: Set<StoreEventKind> = [
        .purchased, .subscribed, .renewed, .recovered, .upgraded, .autoRenewEnabled, .renewalPreferenceChanged,
        .askToBuyRequested, .askToBuyApproved, .askToBuyDeclined, .askToBuyLapsed, .purchaseFailed, .resolved,
        .familyShared,
    ]
}
