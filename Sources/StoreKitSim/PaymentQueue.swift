import AppStoreCore
import Foundation

/// SKPaymentQueue: the app adds payments, hears of transactions and finishes them.
///
/// Every change goes through the store's records (`AppStore.change`), and every call returns
/// what the app must hear of (`PaymentQueueEvent`): the answer to the app's own call (the
/// transaction a payment made, `finish`'s removal, how a restore ended), and the signed-in
/// account's unfinished transactions the store's events moved since the queue last read them
/// (the store answering, Ask to Buy, renewals, purchases elsewhere, another process's changes).
/// At launch, and when another account signs in, the account's unfinished transactions are
/// delivered whole. Before `launch` (a store-side process: a parent's device, the App Store)
/// nothing is told.
public final class PaymentQueue {
    public let store: AppStore
    /// The app launched on this queue: it hears of transactions from then on.
    private var launched = false
    /// The last of the store's events the queue read (from launch): what comes after it is news.
    /// Kept in memory, as each run redelivers at launch what came before it.
    private var position: Int64?
    /// The account whose unfinished transactions the app was delivered.
    private var heardAccount: String?
    /// The store's next transaction number when the app was last told: transactions numbered
    /// from it are new to the app.
    private var nextNumberTold = 0
    /// What the last run left unfinished, in the state it was left in.
    private var launchDelivered: [String: TransactionState] = [:]
    /// The purchase sheets the last run left open, cancelled at this launch.
    private var cancelledAtLaunch: Set<String> = []
    private var lastToken: String?
    private var restoring = false
    public private(set) var records = StoreWorkingSet()
    /// Changes whenever `records` may have: the store's change token they were last read or
    /// written at. What a view made from them is made again on.
    public var recordsVersion: String? { lastToken }

    /// Checks each transaction before the app reads it (`verify`).
    public let verifier: TransactionVerifier

    public init(store: AppStore, verifier: TransactionVerifier = .trustingTheStore) {
        self.store = store
        self.verifier = verifier
    }

    /// SKPaymentQueue.canMakePayments().
    public func canMakePayments() throws -> Bool {
        try store.settings().canMakePayments
    }

    /// The unfinished transactions.
    public var transactions: [Transaction] { records.queue }

    public var settings: Settings { records.settings }

    /// StoreKit 2's `Product.SubscriptionInfo.status(for:)` over every group: the signed-in
    /// account's subscription in each group it subscribed to, as the store keeps it (by the
    /// records last read). What an app reads its subscriptions' access from.
    public func subscriptionStatuses() -> [SubscriptionStatus] {
        guard let account = records.settings.account else { return [] }
        return records.subscriptions.filter { $0.account == account } + records.familyStatuses(of: account, catalog: store.catalog)
    }

    /// The statuses as the app asks for them: or the error chosen for Subscription Status, in
    /// which case the app keeps what it knew.
    public func loadSubscriptionStatuses() throws(StoreError) -> [SubscriptionStatus] {
        if let error = records.settings.failures[.subscriptionStatus] { throw error.storeError }
        return subscriptionStatuses()
    }

    // MARK: Launch

    /// The app's launch (SKPaymentQueue.default().add(observer) at start): what the last run
    /// left unfinished is delivered again, and a purchase sheet the last run left open is
    /// cancelled.
    public func launch() throws -> [PaymentQueueEvent] {
        guard !launched else { return [] }
        launched = true
        position = try store.storage.lastEventID()
        let (_, news) = try commit { records, now in
            // A purchase waiting for the store is in flight: confirmed, the store answering
            // after the last run stopped. A sheet still on screen is one nobody answered.
            let leftOver = records.queue.filter { $0.queueState.phase?.isOnScreen != true }
            launchDelivered = Dictionary(leftOver.map { ($0.id, $0.queueState.state) }, uniquingKeysWith: { $1 })
            cancelledAtLaunch = Set(records.queue.filter { $0.queueState.phase?.isOnScreen == true }.map(\.id))
            records.cancelOrphanedSheets(now: now)
        }
        // Every unfinished transaction the last run left, the sheets it left open cancelled.
        heardAccount = records.settings.account
        nextNumberTold = records.nextTransactionNumber
        return publish(news, telling: records.queue) + (try tick())
    }

    /// How `transaction` reaches this launch: from what the previous run left in the queue
    /// (unfinished, still waiting, answered while the app was closed, or in flight), or as a
    /// sheet it left open, cancelled now. A request left waiting and answered in this run is
    /// news, not a redelivery.
    private func arrival(of transaction: Transaction) -> PaymentQueueEvent.Arrival {
        if cancelledAtLaunch.contains(transaction.id) && transaction.queueState.state == .failed { return .cancelledAtLaunch }
        guard let state = launchDelivered[transaction.id] else { return .live }
        return state == transaction.queueState.state || state == .purchasing ? .redelivered : .live
    }

    // MARK: The app's calls

    /// Adds a payment. The store's answers arrive as transactions (failed at once when
    /// restricted, unknown or invalid; otherwise purchasing, waiting for the purchase sheet).
    /// A non-consumable or subscription whose request still waits (Ask to Buy, an
    /// interruption) makes nothing new: the waiting transaction is returned
    /// (`isWaitingRequest`), an Ask to Buy request asked again. Signed out, or buying an active
    /// subscription again, the store refuses (thrown). `appRules`: the app's own refusals,
    /// judged on the records of the moment, in the same transaction.
    public func add(_ payment: Payment, appRules: (StoreWorkingSet) throws -> Void = { _ in }) throws -> (Transaction, [PaymentQueueEvent]) {
        var isRepeat = false
        // The signature is checked with the app's key before the store's rules judge the offer.
        let offerCheck = payment.discount.map {
            store.promotionalOfferKeys?.check($0, productID: payment.productID, applicationUsername: payment.applicationUsername)
                ?? PromotionalOfferSignatureCheck(outcome: .invalidSignature)
        }
        let (transaction, news) = try commit { records, now in
            // The app's queue acts for the signed-in account.
            guard let account = records.settings.account else { throw StoreError.notSignedIn }
            try appRules(records)
            if let refusal = records.purchaseRefusal(payment.productID, account: account, catalog: store.catalog) { throw refusal }
            records.fulfillIntent(of: payment.productID, account: account)
            if let waiting = records.waitingRequest(for: payment.productID, catalog: store.catalog),
               let merged = records.repeatRequest(waiting.id, now: now) {
                isRepeat = true
                return merged
            }
            return try records.addPayment(payment, account: account, catalog: store.catalog, now: now, offerCheck: offerCheck)
        }
        // The call's answer: the transaction it made. A repeated request is one the app was
        // told of already, in the state it is still in. A plan-change request is no
        // transaction: the app hears only the store's answer to it.
        if isRepeat || transaction.isPlanChangeRequest { return (transaction, publish(news, withholding: transaction.id)) }
        return (transaction, publish(news, telling: [transaction]))
    }

    /// The user confirmed the purchase sheet. With hold on, the store then waits for the side
    /// button (`confirmWithSideButton`) before its latency starts.
    public func confirm(_ transaction: Transaction) throws -> [PaymentQueueEvent] {
        try mutate { records, now in records.confirm(transaction.id, now: now) }.1
    }

    /// The user tapped Cancel on the purchase sheet.
    public func cancel(_ transaction: Transaction) throws -> [PaymentQueueEvent] {
        try mutate { records, now in records.cancel(transaction.id, now: now) }.1
    }

    /// What waits for the user to confirm with the side button (hold on), if anything: a
    /// restore, or the signed-in account's purchase the store holds (`QueuePhase.held`). Only
    /// the run that shows the sheet waits: the next launch cancels a held purchase as a sheet
    /// nobody answered.
    public var awaitingSideButton: SideButtonRequest? {
        if restoreAwaitsSideButton { return .restore }
        return records.queue.first { $0.queueState.phase == .held }.map { .purchase(transactionID: $0.id) }
    }

    /// A restore waits for the side button (hold on): it has no transaction to say so.
    private var restoreAwaitsSideButton = false

    public enum SideButtonRequest: Equatable, Sendable {
        case purchase(transactionID: String)
        case restore
    }

    /// The user double-clicked the side button: what was waiting goes to the store, which
    /// answers after its latency.
    public func confirmWithSideButton() throws -> [PaymentQueueEvent] {
        guard let waiting = awaitingSideButton else { return [] }
        let (_, events) = try mutate { records, now in
            switch waiting {
            case .purchase(let id): records.pressSideButton(id, now: now)
            case .restore: records.restoreDueDate = now + records.storeLatency
            }
        }
        restoreAwaitsSideButton = false
        return events + (try tick())
    }

    /// The user dismissed the sheet instead of confirming: the purchase fails as cancelled,
    /// a restore fails with paymentCancelled, as StoreKit reports a cancelled sign-in.
    public func cancelSideButtonConfirmation() throws -> [PaymentQueueEvent] {
        switch awaitingSideButton {
        case .purchase(let id):
            guard let transaction = records.transactions.first(where: { $0.id == id }) else { return [] }
            return try cancel(transaction)
        case .restore:
            restoreAwaitsSideButton = false
            restoring = false
            return [.restoreFailed(StoreError(.paymentCancelled))]
        case nil:
            return []
        }
    }

    public func finishTransaction(_ transaction: Transaction) throws -> [PaymentQueueEvent] {
        try finishTransactions([transaction])
    }

    /// finishTransaction for each of `transactions` (a restore's batch), in one change. One the
    /// store holds no record of leaves the queue as it is handed over; a failed plan-change
    /// request, never a transaction, goes from the store as it leaves the queue.
    public func finishTransactions(_ transactions: [Transaction]) throws -> [PaymentQueueEvent] {
        var removed: [Transaction] = []
        let (_, events) = try mutate { records, _ in
            removed = []
            let ids = Set(transactions.map(\.id))
            var held: Set<String> = []
            var requests: [Int] = []
            for i in records.transactions.indices where ids.contains(records.transactions[i].id) {
                held.insert(records.transactions[i].id)
                guard !records.transactions[i].queueState.finished, records.transactions[i].queueState.state != .purchasing,
                      records.transactions[i].queueState.state != .deferred else { continue }
                records.transactions[i].queueState.finished = true
                removed.append(records.transactions[i])
                if records.transactions[i].isPlanChangeRequest { requests.append(i) }
            }
            for i in requests.reversed() { records.dropPlanChangeRequest(at: i) }
            for var t in transactions where !held.contains(t.id) && t.queueState.state == .purchased && !t.queueState.finished {
                t.queueState.finished = true
                removed.append(t)
            }
        }
        return events + removed.map { .removed($0) }
    }

    /// `appRules`: as for `add`.
    public func restoreCompletedTransactions(appRules: (StoreWorkingSet) throws -> Void = { _ in }) throws -> [PaymentQueueEvent] {
        let purchases = try records.settings.account.map {
            try store.storage.purchases(of: $0, productIDs: StoreWorkingSet.restorableProductIDs(store.catalog))
        } ?? []
        let (_, events) = try mutate { records, now in
            guard let account = records.settings.account else { throw StoreError.notSignedIn }
            try appRules(records)
            try records.checkTransactionIDs(forRestoring: purchases, of: account, catalog: store.catalog)
            if records.settings.waitsForSideButton {
                restoreAwaitsSideButton = true
            } else {
                records.restoreDueDate = now + records.storeLatency
            }
        }
        restoring = true
        return events + (try tick())
    }

    // MARK: The store's side (a parent's device, the user resolving an issue)
    // A store-side process never launched an app, so it has no events to hand on: the
    // results may be ignored there.

    @discardableResult
    public func approve(transactionID id: String) throws -> [PaymentQueueEvent] {
        try mutate(including: [id]) { records, now in try records.approve(id, catalog: store.catalog, now: now) }.1
    }

    @discardableResult
    public func decline(transactionID id: String) throws -> [PaymentQueueEvent] {
        try mutate(including: [id]) { records, now in try records.decline(id, now: now) }.1
    }

    /// Returns the new transaction that completes the interrupted purchase.
    @discardableResult
    public func resolve(transactionID id: String) throws -> (Transaction, [PaymentQueueEvent]) {
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
    public func tick() throws -> [PaymentQueueEvent] {
        var events = try refresh()
        // A clock anchored ahead of real time (the machine's clock stepped back) would hold
        // store time still, and with it everything due.
        if records.clock.anchorAhead(of: store.wallClock.now) != nil, try store.anchorClockAgainIfAhead() != nil {
            events += try refresh()
        }
        // Another process moved store time past this restore's answer (`advance`): the
        // restored transactions came with the refresh, and the restore is over.
        if restoring, records.restoreDueDate == nil, awaitingSideButton != .restore {
            restoring = false
            events.append(.restoreFinished)
        }
        guard let due = nextDueDate, due <= now else { return events }
        let restore = try restoreInFlight()
        // A store far behind says how far it has got as it goes (`onCatchUp`), and stops at the
        // time budget, if any, what is left still due. Each call is one commit as ever: commits
        // of their own for parts of it would each read again the renewals made before them,
        // unfinished until the app hears of them, and a long catch-up would grow quadratic.
        let deadline = catchUpTimeBudget.map { ContinuousClock.now + $0 }
        let numberBefore = records.nextTransactionNumber
        let renewalsBefore = catchUp?.renewals ?? 0
        let (outcome, processed) = try take(try store.processDue(restore: restore, withEvents: launched || recorded != nil, deadline: deadline,
                                                             progressEvery: Self.catchUpChunk) { made, reached, now in
            self.tell(CatchUp(renewals: renewalsBefore + made, reached: reached, target: now, isDone: false))
        })
        events += publish(processed)
        noteCatchUp(renewals: renewalsBefore + max(0, records.nextTransactionNumber - numberBefore),
                    behind: nextDueDate.map { $0 <= now } ?? false)
        guard restoring, let outcome else { return events }
        restoring = false
        switch outcome {
        case .finished: events.append(.restoreFinished)
        case .failed(let error): events.append(.restoreFailed(error))
        }
        return events
    }

    // MARK: Catching up

    /// How many things (renewals, expiries, answers) the store does between two reports of
    /// how far it has got (and two looks at the time budget): several a second.
    public static let catchUpChunk = 500

    /// How long one tick may catch up for, in real time, before it returns with the rest
    /// still due (the open storefront draws its progress between ticks); nil: a round
    /// (`StoreWorkingSet.mostEventsAtOnce`) whatever it takes.
    public var catchUpTimeBudget: Duration?

    /// Where a store that was behind (a fast rate left running, a long advance) has got to.
    public struct CatchUp: Equatable, Sendable {
        /// The transactions its renewals made so far.
        public var renewals: Int
        /// Store time up to which everything due is done.
        public var reached: Date
        /// Store time now: where it catches up to.
        public var target: Date
        /// Caught up: nothing due is left.
        public var isDone: Bool
    }

    /// Where the catch-up under way has got to; nil when the store is not behind.
    public private(set) var catchUp: CatchUp?

    /// Told after each chunk of a catch-up (more than one chunk behind), and once more when it
    /// is done (`isDone`).
    public var onCatchUp: ((CatchUp) -> Void)?

    /// A tick's processing done: `renewals` made since the store fell behind, and whether it
    /// still is. Told only of a catch-up: a store that was behind, or is.
    private func noteCatchUp(renewals: Int, behind: Bool) {
        guard behind || catchUp != nil else { return }
        let progress = CatchUp(renewals: renewals, reached: behind ? min(nextDueDate ?? now, now) : now, target: now, isDone: !behind)
        catchUp = behind ? progress : nil
        onCatchUp?(progress)
    }

    /// How far a long round has got, as it goes (the change not committed yet).
    private func tell(_ progress: CatchUp) {
        catchUp = progress
        onCatchUp?(progress)
    }

    /// Ticks until nothing is due by store time now: the store does what it is behind on a
    /// round (`StoreWorkingSet.mostEventsAtOnce`) at a time, each a commit of its own. Stops
    /// early should a round do nothing.
    private func catchUpFully() throws -> [PaymentQueueEvent] {
        var events: [PaymentQueueEvent] = []
        repeat {
            let token = lastToken
            events += try tick()
            guard lastToken != token else { break }
        } while nextDueDate.map { $0 <= now } ?? false
        return events
    }

    /// What store time moving on did: the transactions its events named (made or changed), in
    /// the order first named (a request dropped after 24 hours among them, which the app never
    /// hears of), and what the app hears.
    public struct Advance: Sendable {
        public var changes: [Transaction]
        public var events: [PaymentQueueEvent]
    }

    /// Moves store time on by `duration` (for every process sharing the store), and
    /// everything due by then happens, in order.
    @discardableResult
    public func advance(by duration: StoreDuration) throws -> Advance {
        try advance(.by(duration))
    }

    /// Moves store time on to `date` (never back): what a process waiting for the store does
    /// when real time stands still (a fixed start).
    @discardableResult
    public func advance(to date: Date) throws -> Advance {
        try advance(.to(date))
    }

    /// How far an advance goes: a length of store time, or up to a store time.
    private enum Target {
        case by(StoreDuration)
        case to(Date)

        /// Where it ends, from store time `now`; `left`: store seconds still to go, once started.
        func end(from now: Date, left: TimeInterval?) -> Date {
            switch self {
            case .by(let duration): now + (left ?? duration.added(to: now).timeIntervalSince(now))
            case .to(let date): max(now, date)
            }
        }
    }

    /// Steps store time from due date to due date up to the target, the store doing what is
    /// due at each and the app hearing of it there, as if the time had passed. The target is
    /// taken from store time read under the store's lock, so advances made at once by several
    /// processes each move it their whole way: none is lost in another's.
    private func advance(_ target: Target) throws -> Advance {
        var events = try refresh()
        recorded = []
        defer { recorded = nil }
        if launched {
            // The app hears of each answer and lapse at its own time (a request it saw waiting,
            // then dropped); the renewals between them come as they fall due, a round at a time.
            // Store seconds still to go, fixed at the first step: another process moving store
            // time meanwhile adds its own time to this one's instead of using it up.
            var left: TimeInterval?
            while true {
                var step = Date.distantPast
                events += try mutate { records, now in
                    let end = target.end(from: now, left: left)
                    step = min(records.nextAnswerOrLapse.map { max($0, now) } ?? end, end)
                    records.clock.move(to: step, at: store.wallClock.now, rate: records.settings.timeRate)
                    left = end.timeIntervalSince(step)
                }.1
                events += try catchUpFully()
                guard let left, left > 0, records.nextAnswerOrLapse.map({ $0 > step }) ?? true else { break }
            }
        } else {
            // Nobody here hears of it (a store-side command): the whole way in one commit.
            let restore = try restoreInFlight()
            events += try mutate { records, now in
                records.clock.move(to: target.end(from: now, left: nil), at: store.wallClock.now, rate: records.settings.timeRate)
                let reached = records.time(at: store.wallClock.now)
                while let due = records.nextDueDate(catalog: store.catalog), due <= reached {
                    let count = records.transactions.count
                    _ = try records.process(account: records.settings.account, catalog: store.catalog, now: reached,
                                            purchases: restore?.purchases ?? [])
                    if records.nextDueDate(catalog: store.catalog) == due, records.transactions.count == count { break }
                }
            }.1
        }
        // Each transaction once, where it was first named, as it ended up.
        let latest = Dictionary((recorded ?? []).map { ($0.id, $0) }, uniquingKeysWith: { $1 })
        var seen = Set<String>()
        let changes = (recorded ?? []).filter { seen.insert($0.id).inserted }.compactMap { latest[$0.id] }
        return Advance(changes: changes, events: events)
    }

    /// While a restore is in flight: the signed-in account's (the app asked for it on this
    /// queue), with its purchases of what a restore brings back, from the whole history. The
    /// records a change works on hold only a few of them, so they are asked for apart. Asked
    /// for whenever one is in flight, not only once it is due: the change reads the clock
    /// again, and the restore may fall due in between.
    private func restoreInFlight() throws -> AppStore.DueRestore? {
        guard records.restoreDueDate != nil else { return nil }
        let account = records.settings.account
        return AppStore.DueRestore(account: account, purchases: try account.map {
            try store.storage.purchases(of: $0, productIDs: StoreWorkingSet.restorableProductIDs(store.catalog))
        } ?? [])
    }

    /// While recording (an advance): every transaction this process's changes made or changed.
    private var recorded: [Transaction]?

    /// When `tick` next has something to do, or nil when nothing is in flight.
    public var nextDueDate: Date? { records.nextDueDate(catalog: store.catalog) }

    /// When the store next answers a purchase or a restore: what a waiting app waits for
    /// (renewals and lapses come on their own time).
    public var answerDueDate: Date? { records.answerDueDate }

    /// Reloads the records if another process changed them, and tells what changed.
    public func refresh() throws -> [PaymentQueueEvent] {
        let token = store.storage.changeToken()
        guard token != lastToken else { return [] }
        try reload(at: token)
        return publish(try news(given: []))
    }

    private func reload(at token: String) throws {
        records = try store.storage.load()
        // What the next change adopts (`adoptPurchasesWithoutStatus`), seen already.
        records.adoptPurchasesWithoutStatus(catalog: store.catalog)
        lastToken = token
    }

    /// The store's events after the queue's position, which moves past them.
    private func readNews() throws -> [StoreEvent] {
        guard launched, let position else { return [] }
        let news = try store.storage.events(after: position, limit: nil)
        self.position = news.last?.id ?? position
        return news
    }

    // MARK: Plumbing

    /// Changes the records in one transaction (`AppStore.change`); `body` gets the store time
    /// of the moment. Returns its value and what the app hears of the change.
    private func mutate<T>(including ids: Set<String> = [], _ body: (inout StoreWorkingSet, Date) throws -> T) throws -> (T, [PaymentQueueEvent]) {
        let (value, news) = try commit(including: ids, body)
        return (value, publish(news))
    }

    /// Changes the records as `mutate` does; returns `body`'s value and the store's events after
    /// the queue's position (`news(given:)`).
    private func commit<T>(including ids: Set<String> = [], _ body: (inout StoreWorkingSet, Date) throws -> T) throws -> (T, [StoreEvent]) {
        try take(try store.change(including: ids, withEvents: launched || recorded != nil, body))
    }

    /// Takes in a change of the store's records this queue made: its value, and the store's
    /// events after the queue's position (`news(given:)`).
    private func take<T>(_ change: AppStore.Change<T>) throws -> (T, [StoreEvent]) {
        // What the store told of the change (its events), not a diff of the records.
        recorded? += change.events.compactMap(\.transaction)
        records = change.records
        lastToken = store.storage.changeToken()
        return (change.value, try news(given: change.events))
    }

    /// The store's events after the queue's position, given those a change of this process's
    /// wrote: they are all of them, unless another process wrote events too, when every one is
    /// read back in the store's order (with the records again).
    private func news(given own: [StoreEvent]) throws -> [StoreEvent] {
        guard launched, let position else { return [] }
        let last = try store.storage.lastEventID()
        if last - position == Int64(own.count) {
            self.position = last
            return own
        }
        let token = store.storage.changeToken()
        if token != lastToken { try reload(at: token) }
        return try readNews()
    }

    /// What the app hears of the store's events `news` (`updates(in:)`), with `telling` (the
    /// answer to the app's own call) and without `withholding`, then every promoted purchase
    /// waiting for the app it has not been told of.
    private func publish(_ news: [StoreEvent], telling: [Transaction] = [], withholding: String? = nil) -> [PaymentQueueEvent] {
        guard launched else { return [] }
        var told = telling + updates(in: news)
        let planChanges = planChanges(in: news)
        // A payment another process added: its purchasing transaction is new, and no event names it.
        told += records.queue.filter { Int($0.id).map { $0 >= nextNumberTold } ?? false }
        nextNumberTold = records.nextTransactionNumber
        if records.settings.account != heardAccount {
            // Another account signed in: its unfinished transactions are delivered, as at a launch.
            heardAccount = records.settings.account
            told = records.queue + told
        }
        let waiting = records.waitingIntents
        let intents = waiting.filter { !toldIntents.contains($0) }
        toldIntents = Set(waiting)
        // A plan-change request waiting for the store is no transaction the app hears of.
        told.removeAll { $0.isPlanChangeRequest && $0.queueState.state == .purchasing }
        return inQueueOrder(told, withholding: withholding).map { .updated($0, arrival(of: $0)) }
            + planChanges.map(PaymentQueueEvent.planChanged) + intents.map(PaymentQueueEvent.shouldAddStorePayment)
    }

    /// Each transaction once, in the order the queue holds them (SKPaymentQueue.transactions'),
    /// whatever order the events named them in; one the records no longer hold last.
    private func inQueueOrder(_ told: [Transaction], withholding: String?) -> [Transaction] {
        guard !told.isEmpty else { return [] }
        var seen: Set<String> = withholding.map { [$0] } ?? []
        let order = Dictionary(records.transactions.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { $1 })
        return told.filter { seen.insert($0.id).inserted }.enumerated()
            .sorted { (order[$0.element.id] ?? Int.max, $0.offset) < (order[$1.element.id] ?? Int.max, $1.offset) }
            .map(\.element)
    }

    /// The signed-in account's unfinished transactions `news` moved (`StoreEventKind.queueChanges`),
    /// each as it is now (or as its event kept it, when the records no longer hold it), and
    /// those a restore brought back (named by its date). A finished transaction is not told, nor
    /// the store's answer to a plan-change request (`planChanges(in:)`).
    private func updates(in news: [StoreEvent]) -> [Transaction] {
        guard let account = records.settings.account, !news.isEmpty else { return [] }
        let unfinished = Dictionary(records.queue.map { ($0.id, $0) }, uniquingKeysWith: { $1 })
        let held = Set(records.transactions.map(\.id))
        var told: [Transaction] = []
        for event in news where event.account == account {
            if event.kind == .restored {
                told += records.queue.filter { $0.queueState.state == .restored && $0.queueState.transactionDate == event.date }
            } else if StoreEventKind.queueChanges.contains(event.kind), let id = event.transactionID ?? event.transaction?.id,
                      ScheduledPlanChange(answeredBy: event, catalog: store.catalog) == nil {
                if let t = unfinished[id] {
                    told.append(t)
                } else if !held.contains(id), let t = event.transaction, !t.queueState.finished, t.account == account {
                    told.append(t)
                }
            }
        }
        return told
    }

    /// The store's answers to the signed-in account's plan-change requests in `news`, one per
    /// request, as its last event left the renewal info.
    private func planChanges(in news: [StoreEvent]) -> [ScheduledPlanChange] {
        guard let account = records.settings.account else { return [] }
        var answers: [ScheduledPlanChange] = []
        for event in news where event.account == account {
            guard let answer = ScheduledPlanChange(answeredBy: event, catalog: store.catalog) else { continue }
            if let i = answers.firstIndex(where: { $0.requestID == answer.requestID }) { answers[i] = answer } else { answers.append(answer) }
        }
        return answers
    }

    /// The promoted purchases the app was told of and that still wait.
    private var toldIntents: Set<PurchaseIntent> = []

    /// The signed-in account's promoted purchases waiting for the app, by the records last read.
    public var purchaseIntents: [PurchaseIntent] { records.waitingIntents }
}
