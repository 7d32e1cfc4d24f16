import Foundation

/// What the simulated App Store's rules work on: the settings, and the transactions they
/// need, in the order they were made. From store.sqlite that is the queue, the interrupted
/// purchases and each product's first, latest and longest-lasting purchase, never the whole
/// history; in memory (tests) and in a store.json of an earlier storefront, everything.
public struct StoreWorkingSet: Codable, Equatable, Sendable {
    public static let currentVersion = 1
    public static let firstTransactionNumber = 1_000_000_001

    public var version = StoreWorkingSet.currentVersion
    public var settings = Settings()
    /// Unfinished ones form the queue; the purchased ones are the receipt.
    public var transactions: [Transaction] = []
    public var nextTransactionNumber = StoreWorkingSet.firstTransactionNumber
    /// While a restore runs: when it completes.
    public var restoreDueDate: Date?
    /// The store's clock: what store time is, for every process.
    public var clock = StoreClockState()
    /// Every account's subscription in every group it subscribed to: one record each.
    public var subscriptions: [SubscriptionStatus] = []
    /// What this change's rules did, in order, not yet stored: the storage writes them with
    /// the change, in the same transaction, and numbers them (`StoreEvent.id`).
    public var newEvents: [StoreEvent] = []
    /// Prices the store changed since the catalog (a price increase), per product and storefront.
    public var priceChanges: [PriceChange] = []
    /// Purchases App Store product pages started, waiting for the app (promoted In-App Purchases).
    public var purchaseIntents: [PurchaseIntent] = []
    /// Promotional offers redeemed in the last 24 hours: their nonces used up, and the
    /// transactions waiting to be completed with them (`StoreWorkingSet+PromotionalOffers`).
    public var promotionalOfferRedemptions: [PromotionalOfferRedemption] = []
    /// Refunds asked for from within the app (the refund request sheet), answered or waiting.
    public var refundRequests: [RefundRequest] = []
    /// Family Sharing groups (`StoreWorkingSet+FamilySharing`).
    public var families: [Family] = []
    /// Purchasers' products they do not share with their family.
    public var sharingStops: [SharingStop] = []
    /// Accounts whose purchase history this change cleared, not yet stored: the storage deletes
    /// their finished transactions beyond those the records hold (`clearPurchaseHistory`).
    public var clearedHistories: [String] = []

    public init() {}

    /// Store time when real time is `real`.
    public func time(at real: Date) -> Date {
        clock.time(at: real, rate: settings.timeRate)
    }

    /// The latency as store time: the real seconds a presenter set, whatever the time rate.
    public var storeLatency: TimeInterval { settings.latency * clock.factor(settings.timeRate) }

    /// A new time rate, from real time `real` on: store time runs on from where it is, and
    /// what the store is about to answer keeps the real seconds it had left.
    mutating func changeRate(from old: TimeRate, at real: Date) {
        let oldFactor = clock.factor(old)
        clock.anchor(at: real, rate: old)
        let now = clock.time(at: real, rate: settings.timeRate)
        // Factors are at least 1 (`TimeRate.factorRange`).
        let scale = clock.factor(settings.timeRate) / oldFactor
        func rescaled(_ due: Date) -> Date { due > now ? now + due.timeIntervalSince(now) * scale : due }
        for i in transactions.indices where transactions[i].queueState.phase == .waitingForStore {
            transactions[i].queueState.dueDate = transactions[i].queueState.dueDate.map(rescaled)
        }
        restoreDueDate = restoreDueDate.map(rescaled)
    }

    enum CodingKeys: String, CodingKey {
        case version, settings, transactions, nextTransactionNumber, restoreDueDate, clock, subscriptions, priceChanges, purchaseIntents,
             refundRequests, families, sharingStops
    }

    // A field left out keeps its default, so a hand-trimmed store.json still loads.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        version = try c.decodeIfPresent(Int.self, forKey: .version) ?? Self.currentVersion
        settings = try c.decodeIfPresent(Settings.self, forKey: .settings) ?? Settings()
        transactions = try c.decodeIfPresent([Transaction].self, forKey: .transactions) ?? []
        // A store.json of an earlier storefront told each transaction's phase by which fields were set.
        let fields = try c.decodeIfPresent([QueueFields].self, forKey: .transactions) ?? []
        for (i, f) in zip(transactions.indices, fields) where f.phase == nil {
            let t = transactions[i]
            transactions[i].queueState.phase = QueuePhase.inferred(state: t.queueState.state, finished: t.queueState.finished, hasDueDate: t.queueState.dueDate != nil,
                                                        awaitingResolution: f.awaitingResolution)
        }
        // The next id follows the highest in use; an id at Int.max leaves none to follow.
        let highest = transactions.compactMap { Int($0.id) }.max() ?? (Self.firstTransactionNumber - 1)
        guard highest < Int.max else { throw Exhausted.transactionNumbers }
        nextTransactionNumber = max(try c.decodeIfPresent(Int.self, forKey: .nextTransactionNumber) ?? highest + 1, highest + 1)
        restoreDueDate = try c.decodeIfPresent(Date.self, forKey: .restoreDueDate)
        clock = try c.decodeIfPresent(StoreClockState.self, forKey: .clock) ?? StoreClockState()
        subscriptions = try c.decodeIfPresent([SubscriptionStatus].self, forKey: .subscriptions) ?? []
        priceChanges = try c.decodeIfPresent([PriceChange].self, forKey: .priceChanges) ?? []
        purchaseIntents = try c.decodeIfPresent([PurchaseIntent].self, forKey: .purchaseIntents) ?? []
        refundRequests = try c.decodeIfPresent([RefundRequest].self, forKey: .refundRequests) ?? []
        families = try c.decodeIfPresent([Family].self, forKey: .families) ?? []
        sharingStops = try c.decodeIfPresent([SharingStop].self, forKey: .sharingStops) ?? []
    }

    /// What a transaction of a store.json says of its phase: its own, or (before there was one)
    /// whether it awaited resolution.
    private struct QueueFields: Decodable {
        var phase: QueuePhase?
        var awaitingResolution: Bool?
    }

    /// Whether `t` belongs to the signed-in Apple Account. Signed out, nothing does.
    public func isSignedInAccount(_ t: Transaction) -> Bool {
        settings.account != nil && t.account == settings.account
    }

    /// The accounts that bought, or are buying, on this store, the one that did so last first:
    /// whom a sign-in offers. Judged on purchases and open transactions only, which every
    /// storage's records hold (a store.sqlite's hold each account's latest purchase).
    public var accountsByLastUse: [String] {
        var seen = Set<String>()
        return transactions.reversed()
            .filter { $0.queueState.state == .purchased || !$0.queueState.finished }
            .compactMap(\.account).filter { seen.insert($0).inserted }
    }

    /// The signed-in account's unfinished and deferred transactions: what SKPaymentQueue.transactions
    /// holds. Another account's wait in the store until it signs in again.
    public var queue: [Transaction] { transactions.filter { !$0.queueState.finished && isSignedInAccount($0) } }

    public var pendingApprovals: [Transaction] { transactions.filter { $0.isWaitingForApproval && isSignedInAccount($0) } }

    public var interruptions: [Transaction] { transactions.filter { $0.queueState.phase == .interrupted && isSignedInAccount($0) } }

    /// Completed purchases of `account` not refunded (none for nil: signed out).
    public func completedPurchases(of account: String?) -> [Transaction] {
        guard let account else { return [] }
        return transactions.filter { $0.queueState.state == .purchased && $0.account == account && !$0.isRevoked }
    }

    public func owns(_ productID: String) -> Bool {
        completedPurchases(of: settings.account).contains { $0.productID == productID }
    }

    /// The signed-in account's request for `productID` still waiting (Ask to Buy or an
    /// interruption), which a repeated purchase of it merges into.
    public func waitingRequest(for productID: String, catalog: Catalog) -> Transaction? {
        guard catalog.product(productID)?.type.mergesRepeatedRequests == true else { return nil }
        return transactions.last { $0.productID == productID && $0.isWaitingRequest && isSignedInAccount($0) }
    }

    public func index(of id: String) -> Int? {
        transactions.firstIndex { $0.id == id }
    }

    /// The next transaction id. The store refuses to go on past the largest number rather than
    /// wrap around to an id in use.
    mutating func makeTransactionID() throws -> String {
        guard nextTransactionNumber < Int.max else { throw Exhausted.transactionNumbers }
        defer { nextTransactionNumber += 1 }
        return String(nextTransactionNumber)
    }

    public enum Exhausted: Error, CustomStringConvertible {
        case transactionNumbers

        public var description: String { "a transaction id is the largest number there is: no id is left for the next transaction" }
    }
}
