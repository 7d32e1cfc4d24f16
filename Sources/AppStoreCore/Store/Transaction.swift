import Foundation

/// SKPaymentTransactionState.
public enum TransactionState: String, Codable, Sendable, CaseIterable {
    case purchasing, purchased, failed, restored, deferred

    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        let text = try c.decode(String.self)
        guard let state = Self(rawValue: text) else {
            let names = Self.allCases.map(\.rawValue).joined(separator: ", ")
            throw DecodingError.dataCorruptedError(in: c, debugDescription: "\"\(text)\" is not a transaction state (\(names))")
        }
        self = state
    }
}

/// What the app asks the store for: SKPayment.
public struct Payment: Codable, Equatable, Sendable {
    public var productID: String
    public var quantity: Int
    public var applicationUsername: String?
    /// A promotional offer, signed by the app's server (SKPayment's `paymentDiscount`).
    public var discount: PaymentDiscount?
    /// The billing plan asked for (`BillingPlan.type`): "MONTHLY", paid monthly across a
    /// commitment; nil, the subscription's price at once.
    public var billingPlanType: String?

    public init(productID: String, quantity: Int = 1, applicationUsername: String? = nil, discount: PaymentDiscount? = nil,
                billingPlanType: String? = nil) {
        self.productID = productID
        self.quantity = quantity
        self.applicationUsername = applicationUsername
        self.discount = discount
        self.billingPlanType = billingPlanType
    }
}

/// Why the store made a transaction: StoreKit 2's `Transaction.reason` (.purchase, .renewal),
/// and the App Store's own kinds a log should name.
public enum TransactionReason: String, Codable, Sendable, CaseIterable {
    /// Bought through the purchase sheet (or approved, after Ask to Buy).
    case purchase
    /// An auto-renewable subscription's new period, made by the store at the end of the last.
    case renewal
    /// A non-consumable the account already owned, bought again: the same item at no charge.
    case redownload
    /// An interrupted purchase the user resolved: a new transaction completes it.
    case resolution
    /// Bought outside the app (SKTestSession.buyProduct): on another device of the account, or
    /// in the App Store. It reaches the app as an update the app did not start.
    case outsideApp
}

/// StoreKit 2's `Transaction.OwnershipType` (the App Store Server API's `inAppOwnershipType`).
public enum OwnershipType: String, Codable, Sendable, CaseIterable {
    /// PURCHASED: the account bought it.
    case purchased
    /// FAMILY_SHARED: another member of the account's family bought it and shares it.
    case familyShared
}

/// SKPaymentTransaction, as the simulated store keeps it: where it is in the queue
/// (`queueState`, which changes with each step) beside the App Store's record of the purchase,
/// every part of which is a `let`: what was ordered, by whom and why, fixed when the
/// transaction is made, and the purchase facts, written when the store completes it.
public struct Transaction: Equatable, Sendable, Identifiable {
    public let id: String
    public let productID: String
    /// StoreKit 2's `purchasedQuantity` (SK1's `payment.quantity`).
    public let purchasedQuantity: Int
    public let applicationUsername: String?
    /// StoreKit's `billingPlanType`: "MONTHLY" for a period of a plan paid monthly across a
    /// commitment; nil for one billed up front (every purchase made before billing plans).
    public let billingPlanType: String?
    /// The Apple Account that made it: only that account owns, restores and receives it.
    public let account: String?
    /// What kind of transaction the store made; nil for restored ones (their state says it).
    public let reason: TransactionReason?
    /// For restored and renewed transactions, re-downloads, resolutions and a subscription's
    /// later purchases: the purchase they stand for.
    public let originalID: String?
    // Family Sharing (StoreKit 2's `ownershipType`): nil for the purchaser's own.
    public let ownershipType: OwnershipType?
    /// A family-shared transaction: the purchaser's transaction it shares.
    public let sharedTransactionID: String?
    /// Written once, when the store completes the purchase (`completed(with:)`); all nil before.
    public let purchaseFacts: PurchaseFacts

    /// Where it is in the app's payment queue: state, date, error, finished, phase, due date.
    public var queueState: QueueState

    /// The subscriber moved to a higher plan during this transaction's period (`isUpgraded`):
    /// its unused time was refunded, and it gives no access. Changed only by `markUpgraded`.
    public private(set) var isUpgraded: Bool?

    /// Set once when the App Store takes the purchase back (`revoke(_:)`): a refund, or a
    /// family member's loss of access.
    public private(set) var revocation: Revocation?

    public init(id: String, payment: Payment, state: TransactionState, date: Date, account: String? = nil,
                reason: TransactionReason? = nil, originalTransactionID: String? = nil,
                ownershipType: OwnershipType? = nil, sharedTransactionID: String? = nil,
                purchaseFacts: PurchaseFacts = PurchaseFacts(), isUpgraded: Bool? = nil) {
        self.id = id
        productID = payment.productID
        purchasedQuantity = payment.quantity
        applicationUsername = payment.applicationUsername
        billingPlanType = payment.billingPlanType
        self.account = account
        self.reason = reason
        originalID = originalTransactionID
        self.ownershipType = ownershipType
        self.sharedTransactionID = sharedTransactionID
        self.purchaseFacts = purchaseFacts
        queueState = QueueState(state: state, date: date)
        self.isUpgraded = isUpgraded
    }

    /// The purchase the store completes: the same order, purchased at `facts.purchaseDate`,
    /// holding `facts`. `originalTransactionID`: its own, or for a subscription's plan change or
    /// resubscribe the subscription's, known only as it completes.
    func completed(with facts: PurchaseFacts, originalTransactionID original: String?) -> Transaction {
        var t = Transaction(id: id, payment: payment, state: .purchased, date: facts.purchaseDate ?? queueState.transactionDate, account: account,
                            reason: reason, originalTransactionID: original,
                            ownershipType: ownershipType, sharedTransactionID: sharedTransactionID,
                            purchaseFacts: facts, isUpgraded: isUpgraded)
        t.queueState.finished = queueState.finished
        t.queueState.requestDate = queueState.requestDate
        if let revocation { t.revoke(revocation) }
        return t
    }

    // The purchase facts, as StoreKit names them.
    public var purchaseDate: Date? { purchaseFacts.purchaseDate }
    public var originalPurchaseDate: Date? { purchaseFacts.originalPurchaseDate }
    public var price: Decimal? { purchaseFacts.price }
    public var currency: String? { purchaseFacts.currency }
    public var storefront: String? { purchaseFacts.storefront }
    public var offer: TransactionOffer? { purchaseFacts.offer }
    public var expirationDate: Date? { purchaseFacts.expirationDate }
    /// StoreKit 2's `appAccountToken`: the payment's application username when it is a UUID,
    /// as StoreKit carries it over from SK1.
    public var appAccountToken: UUID? { applicationUsername.flatMap(UUID.init(uuidString:)) }
    public var isTrialPeriod: Bool? { purchaseFacts.isTrialPeriod }
    /// Bought with an introductory offer (a free trial before offers were kept counts too).
    public var receivedIntroductoryOffer: Bool { offer?.type == .introductory || isTrialPeriod == true }
    public var webOrderLineItemID: String? { purchaseFacts.webOrderLineItemID }
    public var commitment: TransactionCommitment? { purchaseFacts.commitment }

    /// An Ask to Buy request or an interrupted purchase, still waiting for someone: a
    /// repeated purchase of its product merges into it.
    public var isWaitingRequest: Bool {
        queueState.phase == .deferred || queueState.phase == .interrupted
    }

    /// An Ask to Buy request nobody has answered yet.
    public var isWaitingForApproval: Bool { queueState.phase == .deferred }

    /// An Ask to Buy request nobody answered within `askToBuyLapse`: the store dropped it,
    /// with no update to the app (the only way a deferred transaction leaves the queue).
    public var hasLapsed: Bool { queueState.state == .deferred && queueState.phase == nil }

    /// When the store drops (or dropped) this Ask to Buy request if nobody answers it.
    public var lapseDate: Date? {
        guard queueState.state == .deferred else { return nil }
        return (queueState.requestDate ?? queueState.transactionDate) + Self.askToBuyLapse
    }

    /// How long an Ask to Buy request waits for an answer before the store drops it.
    public static let askToBuyLapse: TimeInterval = 24 * 3600

    /// Refunded or otherwise taken back by the App Store.
    public var isRevoked: Bool { revocationDate != nil }

    /// The purchase it is: its own id, or for a re-download the purchase it got again.
    public var purchaseID: String { reason == .redownload ? originalID ?? id : id }

    /// Whether it is a re-download of the purchase `purchaseID`: the purchase got again, so a
    /// refund of that purchase revokes it too (the one rule of what goes with a refund, for
    /// the refund itself and for the records it needs).
    public func isRedownload(of purchaseID: String) -> Bool {
        reason == .redownload && self.purchaseID == purchaseID
    }

    /// The transactions that stand for `id` among `transactions` (its child transactions, as
    /// SKTestSession names them): a subscription's renewals and later plans, restores,
    /// re-downloads and resolutions, and theirs in turn (a restore of a renewal names the
    /// renewal). What deleting `id` takes with it.
    public static func children(of id: String, in transactions: [Transaction]) -> [Transaction] {
        var parents: Set<String> = [id]
        var found: [Transaction] = []
        // Until no more is found: a page of the history need not be in the order it was made.
        while true {
            let next = transactions.filter { t in
                t.originalID.map(parents.contains) == true && !parents.contains(t.id)
            }
            guard !next.isEmpty else { return found }
            found += next
            parents.formUnion(next.map(\.id))
        }
    }

    /// Takes the purchase back: the one writer of `revocation`, for a refund and a family
    /// revocation alike. A revocation is never replaced: the first one stands.
    package mutating func revoke(_ revocation: Revocation) {
        guard self.revocation == nil else { return }
        self.revocation = revocation
    }

    /// StoreKit 2's `revocationDate`: when it was refunded or taken back.
    public var revocationDate: Date? { revocation?.date }
    public var revocationReason: RevocationReason? { revocation?.reason }
    public var revocationType: RevocationType? { revocation?.type }
    /// Thousandths of a percent refunded; none for a family revocation (`Revocation.percentage`).
    public var revocationPercentage: Int? { revocation?.percentage }

    /// Whether its revocation is one the App Store makes: a refund of an amount it refunds, or
    /// a family-shared copy's `familyRevoke`.
    public var hasPossibleRevocation: Bool {
        guard let revocation else { return true }
        return revocation.isPossible && (revocation.type != .familyRevoke || isFamilyShared)
    }

    /// The subscriber moved to a higher plan during this period: the one change of
    /// `isUpgraded` (a restore's copy is made with it, as one of the purchase facts).
    mutating func markUpgraded() {
        isUpgraded = true
    }

    /// Available to its account through Family Sharing, bought by another member.
    public var isFamilyShared: Bool { ownershipType == .familyShared }

    /// Whether its family fields agree: a family-shared one names the purchase it shares,
    /// a purchaser's own names none.
    public var hasPossibleSharing: Bool { isFamilyShared == (sharedTransactionID != nil) }

    public var payment: Payment {
        Payment(productID: productID, quantity: purchasedQuantity, applicationUsername: applicationUsername,
                billingPlanType: billingPlanType)
    }

    /// Whether its period is one month of a commitment paid monthly.
    public var isBilledMonthly: Bool { billingPlanType == BillingPlan.monthly }
}

extension Transaction {
    /// What the transaction is for, as every message names it: `name` (the product's title or
    /// identifier), followed by the quantity when it is above 1.
    public func item(named name: String) -> String {
        Self.item(named: name, quantity: purchasedQuantity)
    }

    /// "Monkey Credits ×2"; "Monkey Credits" for one.
    public static func item(named name: String, quantity: Int) -> String {
        quantity > 1 ? "\(name) ×\(quantity)" : name
    }
}

extension Transaction {
    /// Whether its quantity is one the store can have made: 1 to the most any product allows,
    /// or anything for a failed payment, which keeps the quantity it was refused for. Read
    /// back from a file, any other (a hand edit) would deliver -500 credits.
    public var hasPossibleQuantity: Bool {
        queueState.state == .failed || (1...Product.largestQuantity).contains(purchasedQuantity)
    }

    /// Whether its phase is one its state can be in (`QueuePhase.isPossible`). Read back from
    /// a file, any other (a hand edit) would leave a purchase nobody answers.
    public var hasPossiblePhase: Bool {
        QueuePhase.isPossible(queueState.phase, state: queueState.state, finished: queueState.finished)
    }

    /// Whether it has a due date exactly when it waits for the store: one waiting without it
    /// would never be answered.
    public var hasPossibleDueDate: Bool {
        let waits = queueState.phase == .waitingForStore
        return waits == (queueState.dueDate != nil)
    }
}
