import Foundation

/// SKPaymentQueue: the app adds payments, observes transactions and finishes them.
///
/// Every change goes through the store's records (`RecordsStorage.update`), and observers
/// hear about every unfinished transaction whose state they have not seen yet. That one
/// rule covers the new purchase, the redelivery of unfinished transactions at launch, and
/// an approval made from another terminal.
public final class PaymentQueue {
    public let store: AppStore
    private var observers: [any PaymentTransactionObserver] = []
    /// The state each unfinished transaction was last delivered in.
    private var delivered: [String: TransactionState] = [:]
    /// What the last run left unfinished, in the state it was left in.
    private var launchDelivered: [String: TransactionState] = [:]
    /// The purchase sheets the last run left open, cancelled at this launch.
    private var cancelledAtLaunch: Set<String> = []
    private var lastToken: String?
    private var restoring = false
    public private(set) var records = StoreRecords()

    public init(store: AppStore) {
        self.store = store
    }

    /// SKPaymentQueue.canMakePayments().
    public func canMakePayments() throws -> Bool {
        try store.settings().canMakePayments
    }

    /// The unfinished transactions.
    public var transactions: [Transaction] { records.queue }

    public var settings: Settings { records.settings }

    // MARK: Observers

    /// Adding the first observer is the app's launch: what the last run left unfinished is
    /// delivered again, and a purchase sheet the last run left open is cancelled.
    public func add(_ observer: any PaymentTransactionObserver) throws {
        let first = observers.isEmpty
        observers.append(observer)
        guard first else { return }
        try mutate { records, now in
            // Purchasing with a due date is in flight: confirmed, the store answering after
            // the last run stopped. Purchasing without one is a sheet nobody answered.
            let leftOver = records.queue.filter { $0.state != .purchasing || $0.dueDate != nil }
            launchDelivered = Dictionary(leftOver.map { ($0.id, $0.state) }, uniquingKeysWith: { $1 })
            cancelledAtLaunch = Set(records.queue.filter { $0.state == .purchasing && $0.dueDate == nil }.map(\.id))
            records.cancelOrphanedSheets(now: now)
        }
        try tick()
    }

    public func remove(_ observer: any PaymentTransactionObserver) {
        observers.removeAll { $0 === observer }
    }

    /// Whether `transaction` reaches this launch from what the previous run left in the queue:
    /// unfinished, still waiting, answered while the app was closed, or in flight (the store
    /// answering after the app stopped). A request left waiting and answered in this run is
    /// news, not a redelivery.
    public func wasRedelivered(_ transaction: Transaction) -> Bool {
        guard let state = launchDelivered[transaction.id] else { return false }
        return state == transaction.state || state == .purchasing
    }

    /// Whether `transaction` is a purchase sheet the last run left open (a sheet nobody
    /// answered, or one waiting for the side button), cancelled as this run launched.
    public func wasCancelledAtLaunch(_ transaction: Transaction) -> Bool {
        cancelledAtLaunch.contains(transaction.id) && transaction.state == .failed
    }

    // MARK: The app's calls

    /// Adds a payment. Refusals the app makes before reaching the store are thrown; the
    /// store's own answers arrive as transactions (failed at once when restricted, unknown or
    /// invalid; otherwise purchasing, waiting for the purchase sheet). A non-consumable or
    /// subscription whose request still waits (Ask to Buy, an interruption) makes nothing
    /// new: the waiting transaction is returned (`isWaitingRequest`), an Ask to Buy request
    /// asked again.
    @discardableResult
    public func add(_ payment: Payment) throws -> Transaction {
        try mutate { records, now in
            if records.settings.account == nil { throw StoreError.notSignedIn }
            if records.restoreDueDate != nil || awaitingSideButton == .restore { throw StoreError.restoreInProgress }
            if records.transactions.contains(where: { $0.state == .purchasing }) { throw StoreError.purchaseInProgress }
            if let product = store.catalog.product(payment.productID), product.type == .autoRenewable,
               (records.ownedUntil(product) ?? .distantPast) > now {
                throw StoreError.alreadyOwned
            }
            if let waiting = records.waitingRequest(for: payment.productID, catalog: store.catalog),
               let merged = records.repeatRequest(waiting.id, now: now) {
                return merged
            }
            return try records.addPayment(payment, catalog: store.catalog, now: now)
        }
    }

    /// The user confirmed the purchase sheet. With hold on, the store then waits for the side
    /// button (`confirmWithSideButton`) before its latency starts.
    public func confirm(_ transaction: Transaction) throws {
        try mutate { records, now in
            guard !records.settings.hold else {
                if records.transactions.contains(where: { $0.id == transaction.id && $0.state == .purchasing }) {
                    awaitingSideButton = .purchase(transactionID: transaction.id)
                }
                return
            }
            records.confirm(transaction.id, now: now)
        }
    }

    /// The user tapped Cancel on the purchase sheet.
    public func cancel(_ transaction: Transaction) throws {
        if awaitingSideButton == .purchase(transactionID: transaction.id) { awaitingSideButton = nil }
        try mutate { records, now in records.cancel(transaction.id, now: now) }
    }

    /// What waits for the user to confirm with the side button (hold on), if anything. Only
    /// this process shows the sheet: a purchase left waiting when it ends has no due date,
    /// so the next launch cancels it as a sheet nobody answered.
    public private(set) var awaitingSideButton: SideButtonRequest?

    public enum SideButtonRequest: Equatable, Sendable {
        case purchase(transactionID: String)
        case restore
    }

    /// The user double-clicked the side button: what was waiting goes to the store, which
    /// answers after its latency.
    public func confirmWithSideButton() throws {
        guard let waiting = awaitingSideButton else { return }
        try mutate { records, now in
            switch waiting {
            case .purchase(let id): records.confirm(id, now: now)
            case .restore: records.restoreDueDate = now + records.settings.storeLatency
            }
        }
        awaitingSideButton = nil
        try tick()
    }

    /// The user dismissed the sheet instead of confirming: the purchase fails as cancelled,
    /// a restore fails with paymentCancelled, as StoreKit reports a cancelled sign-in.
    public func cancelSideButtonConfirmation() throws {
        switch awaitingSideButton {
        case .purchase(let id):
            guard let transaction = records.transactions.first(where: { $0.id == id }) else { return }
            try cancel(transaction)
        case .restore:
            awaitingSideButton = nil
            restoring = false
            for observer in observers {
                observer.paymentQueue(self, restoreCompletedTransactionsFailedWithError: StoreError(.paymentCancelled))
            }
        case nil:
            break
        }
    }

    public func finishTransaction(_ transaction: Transaction) throws {
        var removed: Transaction?
        try mutate { records, _ in
            guard let i = records.index(of: transaction.id), !records.transactions[i].finished,
                  records.transactions[i].state != .purchasing, records.transactions[i].state != .deferred else { return }
            records.transactions[i].finished = true
            removed = records.transactions[i]
        }
        if let removed {
            delivered[removed.id] = nil
            for observer in observers { observer.paymentQueue(self, removedTransactions: [removed]) }
        }
    }

    public func restoreCompletedTransactions() throws {
        try mutate { records, now in
            if records.settings.account == nil { throw StoreError.notSignedIn }
            if records.transactions.contains(where: { $0.state == .purchasing }) { throw StoreError.purchaseInProgress }
            if records.restoreDueDate != nil || awaitingSideButton == .restore { throw StoreError.restoreInProgress }
            if records.settings.hold {
                awaitingSideButton = .restore
            } else {
                records.restoreDueDate = now + records.settings.storeLatency
            }
        }
        restoring = true
        try tick()
    }

    // MARK: The store's side (a parent's device, the user resolving an issue)

    public func approve(transactionID id: String) throws {
        try mutate(including: [id]) { records, now in try records.approve(id, catalog: store.catalog, now: now) }
    }

    public func decline(transactionID id: String) throws {
        try mutate(including: [id]) { records, now in try records.decline(id, now: now) }
    }

    @discardableResult
    public func resolve(transactionID id: String) throws -> Transaction {
        try mutate(including: [id]) { records, now in try records.resolve(id, catalog: store.catalog, now: now) }
    }

    // MARK: Time

    /// Store time now, by the records last read.
    public var now: Date { records.time(at: store.wallClock.now) }

    /// Real seconds until store time reaches `date`, by the records last read.
    public func realInterval(until date: Date) -> TimeInterval {
        records.clock.realInterval(until: date, from: store.wallClock.now, rate: records.settings.timeRate)
    }

    /// Picks up changes made by another process and lets the store do what is due by now.
    /// With nothing changed and nothing due it reads one number and writes nothing.
    public func tick() throws {
        try refresh()
        guard let due = nextDueDate, due <= now else { return }
        var outcome: StoreRecords.RestoreOutcome?
        try mutate { records, now in outcome = try records.process(catalog: store.catalog, now: now) }
        guard restoring, let outcome else { return }
        restoring = false
        for observer in observers {
            switch outcome {
            case .finished: observer.paymentQueueRestoreCompletedTransactionsFinished(self)
            case .failed(let error): observer.paymentQueue(self, restoreCompletedTransactionsFailedWithError: error)
            }
        }
    }

    /// Moves store time on by `duration` (for every process sharing the store), and
    /// everything due by then happens, in order. Returns the transactions that changed or
    /// were made, in the order they were made.
    @discardableResult
    public func advance(by duration: StoreDuration) throws -> [Transaction] {
        try advance { duration.added(to: $0) }
    }

    /// Moves store time on to `date` (never back): what a process waiting for the store does
    /// when real time stands still (a fixed start).
    @discardableResult
    public func advance(to date: Date) throws -> [Transaction] {
        try advance { max($0, date) }
    }

    /// Steps store time from due date to due date up to the target, the store doing what is
    /// due at each and this process's observers hearing of it there, as if the time had passed.
    private func advance(_ target: (Date) -> Date) throws -> [Transaction] {
        try refresh()
        recorded = []
        defer { recorded = nil }
        let end = target(now)
        while true {
            let step = min(nextDueDate ?? end, end)
            let real = store.wallClock.now
            try mutate { records, _ in records.clock.move(to: step, at: real, rate: records.settings.timeRate) }
            try tick()
            if step >= end { break }
        }
        // Each transaction once, where it first changed, as it ended up.
        let latest = Dictionary((recorded ?? []).map { ($0.id, $0) }, uniquingKeysWith: { $1 })
        var seen = Set<String>()
        return (recorded ?? []).filter { seen.insert($0.id).inserted }.compactMap { latest[$0.id] }
    }

    /// While recording (an advance): every transaction this process's changes made or changed.
    private var recorded: [Transaction]?

    /// When `tick` next has something to do, or nil when nothing is in flight.
    public var nextDueDate: Date? { records.nextDueDate(catalog: store.catalog) }

    /// Reloads the records if another process changed them, and delivers what changed.
    public func refresh() throws {
        let token = store.storage.changeToken()
        guard token != lastToken else { return }
        records = try store.storage.load()
        lastToken = token
        publish()
    }

    // MARK: Plumbing

    /// Changes the records in one transaction; `body` gets the store time of the moment.
    private func mutate<T>(including ids: Set<String> = [], _ body: (inout StoreRecords, Date) throws -> T) throws -> T {
        let real = store.wallClock.now
        var latest = records
        let result = try store.storage.update(including: ids) { records -> T in
            let before = records
            let value = try body(&records, records.time(at: real))
            recorded? += records.changes(since: before)
            latest = records
            return value
        }
        records = latest
        lastToken = store.storage.changeToken()
        publish()
        return result
    }

    /// Tells observers about every unfinished transaction in a state they have not seen.
    private func publish() {
        guard !observers.isEmpty else { return }
        let changed = records.queue.filter { delivered[$0.id] != $0.state }
        let live = Set(records.queue.map(\.id))
        delivered = delivered.filter { live.contains($0.key) }
        guard !changed.isEmpty else { return }
        for transaction in changed { delivered[transaction.id] = transaction.state }
        for observer in observers { observer.paymentQueue(self, updatedTransactions: changed) }
    }
}
