import Foundation

/// The sample app, written as the seeds' apps are: it observes the payment queue, delivers
/// what was bought into UserDefaults, then finishes the transaction. Failed transactions
/// are finished without delivering anything.
public final class SampleApp: PaymentTransactionObserver {
    public let catalog: Catalog
    public let defaults: UserDefaultsFile
    public let queue: PaymentQueue
    /// When false the app acts as one killed as the store answered: it neither delivers
    /// nor finishes, so the transaction is redelivered at the next launch.
    public var handlesTransactions = true
    /// Everything the app saw, in order: what a transaction log shows.
    public private(set) var events: [AppEvent] = []
    /// Called for each new event (the UI refreshes on it).
    public var onEvent: ((AppEvent) -> Void)?

    public static let creditsKey = "credits"
    /// The transactions the app delivered and has not yet seen finished. A transaction that
    /// comes back (the app was killed between delivering and finishing) is finished without
    /// being delivered twice. Only unfinished transactions are listed, so it stays small.
    public static let deliveredKey = "deliveredUnfinishedTransactions"

    public init(catalog: Catalog, defaults: UserDefaultsFile, queue: PaymentQueue) {
        self.catalog = catalog
        self.defaults = defaults
        self.queue = queue
    }

    /// The app's launch: registers as the queue's observer (SKPaymentQueue.default().add(self)),
    /// then forgets the deliveries whose finish it never heard of (killed just after finishing).
    public func launch() throws {
        try checkOwnValues()
        try queue.add(self)
        let open = Set(queue.transactions.map(\.id))
        let kept = deliveredUnfinished.filter(open.contains)
        if kept != deliveredUnfinished { try recordDelivered(kept) }
    }

    // MARK: What the app knows

    public func isPurchased(_ productID: String) -> Bool { defaults.bool(forKey: productID) }

    public var premiumUnlocked: Bool { isPurchased(catalog.content.premium.unlockedBy) }

    public var credits: Int { defaults.integer(forKey: Self.creditsKey) }

    /// See `deliveredKey`. Anything else found there (a hand edit) counts as none.
    public var deliveredUnfinished: [String] {
        guard case .array(let values)? = defaults.values[Self.deliveredKey] else { return [] }
        return values.compactMap(\.stringValue)
    }

    private func recordDelivered(_ ids: [String]) throws {
        try defaults.set(ids.isEmpty ? nil : .array(ids.map(JSONValue.string)), forKey: Self.deliveredKey)
    }

    /// The expiry the app stored for a subscription, if any.
    public func subscriptionExpiry(_ productID: String) -> Date? {
        defaults.string(forKey: productID).flatMap(JSONCoding.parse)
    }

    public func isSubscriptionActive(_ productID: String, now: Date) -> Bool {
        (subscriptionExpiry(productID) ?? .distantPast) > now
    }

    /// Until when a non-renewing subscription bought at `date` lasts, as this app decides:
    /// bought while still active, its period is added to the end of the one running.
    public static func nonRenewingExpiry(_ product: CatalogProduct, boughtAt date: Date, current: Date?) -> Date {
        let start = max(date, current ?? date)
        return product.subscription.map { $0.period.added(to: start) } ?? start
    }

    /// Uses one credit: the consumable, consumed.
    public func spendCredit() throws -> Bool {
        try defaults.reloadIfChanged()
        try checkOwnValues()
        guard credits > 0 else { return false }
        try defaults.set(.int(credits - 1), forKey: Self.creditsKey)
        record(.spent(remaining: credits))
        return true
    }

    // MARK: PaymentTransactionObserver

    public func paymentQueue(_ queue: PaymentQueue, updatedTransactions transactions: [Transaction]) {
        for transaction in transactions {
            record(.updated(transaction, redelivered: queue.wasRedelivered(transaction),
                            cancelledAtLaunch: queue.wasCancelledAtLaunch(transaction)))
            guard handlesTransactions else { continue }
            do {
                switch transaction.state {
                case .purchased, .restored:
                    // Build on what UserDefaults.json holds now, hand edits included.
                    try defaults.reloadIfChanged()
                    if deliveredUnfinished.contains(transaction.id) {
                        record(.alreadyDelivered(transaction))
                    } else {
                        try deliver(transaction)
                    }
                    if queue.settings.finishTransactions { try queue.finishTransaction(transaction) }
                case .failed:
                    if queue.settings.finishTransactions { try queue.finishTransaction(transaction) }
                case .purchasing, .deferred:
                    break
                }
            } catch {
                record(.problem(AppProblem(error)))
            }
        }
    }

    public func paymentQueue(_ queue: PaymentQueue, removedTransactions transactions: [Transaction]) {
        for transaction in transactions { record(.finished(transaction)) }
        let finished = Set(transactions.map(\.id))
        let kept = deliveredUnfinished.filter { !finished.contains($0) }
        guard kept != deliveredUnfinished else { return }
        do { try recordDelivered(kept) } catch { record(.problem(AppProblem(error))) }
    }

    public func paymentQueueRestoreCompletedTransactionsFinished(_ queue: PaymentQueue) {
        record(.restoreFinished)
    }

    public func paymentQueue(_ queue: PaymentQueue, restoreCompletedTransactionsFailedWithError error: StoreError) {
        record(.restoreFailed(error))
    }

    // MARK: Delivery

    private func deliver(_ transaction: Transaction) throws {
        guard let product = catalog.product(transaction.productID) else { return }
        // Only on values the app can read (the caller has just reloaded them).
        try checkOwnValues()
        let delivery: Delivery
        // What was bought and the note that it was delivered go to disk in one write, so a
        // kill leaves either both or neither.
        var changes: [String: JSONValue?] = [Self.deliveredKey: .array((deliveredUnfinished + [transaction.id]).map(JSONValue.string))]
        switch product.type {
        case .nonConsumable:
            changes[product.id] = .bool(true)
            delivery = .unlocked(product.id)
        case .consumable:
            // Saturating: a catalog or a hand edit near Int.max stays there instead of crashing.
            let added = (product.credits ?? 0).multipliedSaturating(by: transaction.quantity)
            let (sum, overflow) = credits.addingReportingOverflow(added)
            let balance = overflow ? (added < 0 ? Int.min : Int.max) : sum
            changes[Self.creditsKey] = .int(balance)
            delivery = .credits(added: added, balance: balance)
        case .autoRenewable:
            let expiry = transaction.expiresDate ?? transaction.date
            changes[product.id] = .string(JSONCoding.format(expiry))
            delivery = .subscription(product.id, expires: expiry)
        case .nonRenewing:
            // The store does not track non-renewing periods: the app extends its own expiry.
            let expiry = Self.nonRenewingExpiry(product, boughtAt: transaction.date, current: subscriptionExpiry(product.id))
            changes[product.id] = .string(JSONCoding.format(expiry))
            delivery = .subscription(product.id, expires: expiry)
        }
        try defaults.set(changes)
        record(.delivered(transaction, delivery))
    }

    private func record(_ event: AppEvent) {
        events.append(event)
        onEvent?(event)
    }
}

/// What the app delivered for a transaction.
public enum Delivery: Equatable, Sendable {
    case unlocked(String)
    case credits(added: Int, balance: Int)
    case subscription(String, expires: Date)
}

/// One line of the app's transaction log.
public enum AppEvent: Equatable, Sendable {
    /// `redelivered`: the last run left it in the queue; `cancelledAtLaunch`: a purchase sheet
    /// the last run left open, cancelled as this run launched.
    case updated(Transaction, redelivered: Bool, cancelledAtLaunch: Bool = false)
    case delivered(Transaction, Delivery)
    case finished(Transaction)
    /// Redelivered after the app had delivered it but before it finished: finished, not delivered again.
    case alreadyDelivered(Transaction)
    case restoreFinished
    case restoreFailed(StoreError)
    case spent(remaining: Int)
    case problem(AppProblem)
}
