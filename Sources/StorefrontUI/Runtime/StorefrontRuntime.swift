import Foundation
import SampleApp
import AppStoreCore
import StoreKitSim

/// Runs the storefront: feeds actions to `update`, carries out its effects on the engine,
/// and turns what the engine answers into more actions. It knows no terminal, so tests
/// drive it with keys and read `render(state)`.
public final class StorefrontRuntime {
    public private(set) var state: AppState
    public let store: AppStore
    public let queue: PaymentQueue
    public let app: SampleApp
    /// Where the Transaction Manager's signed forms come from; none: they cannot be shown here.
    public var signedForms: (any SignedFormSource)?
    /// The app's server, signing a promotional offer it presents (product, offer); none: the
    /// payment carries the offer unsigned, and the store refuses it.
    public var promotionalOfferSigner: ((_ productID: String, _ offerID: String) throws -> PaymentDiscount)?

    /// `times`: how times are shown (the local zone; tests give one). `verifier`: how the app
    /// checks what it reads (the open storefront's and a walkthrough's: the signed forms).
    public init(store: AppStore, appDescription: AppDescription, defaults: UserDefaultsFile, width: Int, height: Int, colors: Bool = true,
                ascii: ASCIIReason? = nil, times: TimeDisplay = TimeDisplay(), verifier: TransactionVerifier = .trustingTheStore) throws {
        self.store = store
        queue = PaymentQueue(store: store, verifier: verifier)
        // A store far behind catches up a slice at a time, the frame drawn between slices.
        queue.catchUpTimeBudget = Self.catchUpSlice
        app = SampleApp(catalog: store.catalog, appDescription: appDescription, defaults: defaults, queue: queue)
        state = AppState(catalog: store.catalog, appDescription: appDescription, width: width, height: height, now: try store.now())
        state.colors = colors
        state.times = times
        state.ascii = ascii
        // The store's conditions first: the launch's events are worded in the screen's language.
        state.snapshot.settings = try store.settings()
        // Read before the launch: what the last run left unfinished arrives as this session's
        // events (redelivered); what was finished is earlier history, of which the pane shows
        // the latest few (a dozen is more than it ever has room for). The signed-in account's
        // alone, as its app saw them: a family member's purchase is its family-shared copy.
        let account = state.snapshot.settings.account
        let latest = try account.map { try store.storage.transactions(matching: TransactionQuery(account: $0, limit: 12)).transactions } ?? []
        state.earlier = latest.reversed().filter(\.queueState.finished)
        // The store's news from where the log last read (`logReader`, kept in the store), so a
        // relaunch neither shows news again nor loses what came while it was closed; until the
        // log has read any, from now on: what the launch's catch-up does is news, what came
        // before is history. (A launch itself writes nothing.)
        eventCursor = try store.storage.cursor(of: Self.logReader) ?? store.storage.lastEventID()
        let launched = take(try app.launch())
        let read = readStoreEvents(fromElsewhere: false)
        drain(launched + read + (try loadProducts()) + refreshSnapshot())
    }

    /// A key from the terminal.
    public func send(_ key: Key) {
        drain([.key(key)])
    }

    /// The app presents a promotional offer its server signed (a walkthrough's step).
    public func presentPromotionalOffer(_ offerID: String, of productID: String) {
        drain([.presentPromotionalOffer(productID: productID, offerID: offerID)])
    }

    /// Time passed: the store does what is due and changes made elsewhere are picked up.
    public func tick() {
        // In the background: `update` decides how a problem is told.
        var answers = perform(whileUserActing: false) { take(try app.tick()) }
        // Real time standing still (a fixed start): what the storefront waits for comes at once.
        if store.wallClock.isFixed, let due = awaitedDueDate {
            answers += perform(whileUserActing: false) { hear(try queue.advance(to: due).events) }
        }
        answers += perform(whileUserActing: false) { try takeProductsAnswerIfDue() }
        answers += readStoreEvents(fromElsewhere: true)
        // UserDefaults.json may have been edited or deleted by hand, as a tester would.
        answers += perform(whileUserActing: false) { try app.defaults.reloadIfChanged(); return [] }
        drain(answers + refreshSnapshot() + [.tick(queue.now)])
    }

    /// Store time moves on while the storefront watches (a walkthrough's `advance`): what
    /// falls due happens in order, and the app hears of each thing at its own time.
    public func advance(by duration: StoreDuration) {
        let answers = perform(whileUserActing: false) { hear(try queue.advance(by: duration).events) }
        drain(answers + readStoreEvents(fromElsewhere: true) + refreshSnapshot() + [.stepDone(at: queue.now)])
    }

    /// A store-side action on a subscription (a walkthrough's step, Manage Subscriptions): carried
    /// out on this storefront's queue, so the app hears at once what it does.
    public func perform(_ operation: StoreAdmin.Operation) {
        let answers = carryOut(operation)
        drain(answers + readStoreEvents(fromElsewhere: false) + refreshSnapshot() + [.stepDone(at: queue.now)])
    }

    /// Consumes as the unconsumed panel does, for a walkthrough's `consume` step: a refusal
    /// is thrown to the step instead of shown.
    public func consume(_ target: ConsumeTarget, quantity: Int?) throws {
        let answers = take(try app.consume(target, quantity: quantity))
        drain(answers + readStoreEvents(fromElsewhere: false) + refreshSnapshot() + [.stepDone(at: queue.now)])
    }

    /// A store-side action on the signed-in account's subscription in the group of `productID`
    /// (a walkthrough's step, named as the command line names it): the plan is resolved on the
    /// records of the moment, and a product with none is refused as the store refuses it.
    public func perform(onPlanOf productID: String, _ operation: (_ originalTransactionID: String) -> StoreAdmin.Operation) {
        let answers = perform {
            let plan = try queue.records.subscription(of: productID, account: queue.records.settings.account, catalog: queue.store.catalog)
            return hear(try queue.hearing { try admin.perform(operation(plan.originalTransactionID), account: queue.settings.account) }.1)
        }
        drain(answers + readStoreEvents(fromElsewhere: false) + refreshSnapshot() + [.stepDone(at: queue.now)])
    }

    /// The App Store's side, on this storefront's store: what it does, the app open on `queue`
    /// hears at once (`PaymentQueue.hearing`); what names no account acts for the signed-in
    /// one, as the queue last read it.
    private var admin: StoreAdmin { StoreAdmin(store: queue.store) }

    /// `operation` on this storefront's store; what the app hears of it, handed to the app. A
    /// refusal (nothing to fix, already agreed) comes back as `Action.failed`; of a purchase
    /// outside the app, as `Action.outsidePurchaseRefused`; of an offer code, as `Action.offerCodeRefused`.
    private func carryOut(_ operation: StoreAdmin.Operation) -> [Action] {
        perform {
            do {
                return hear(try queue.hearing { try admin.perform(operation, account: queue.settings.account) }.1)
            } catch where error is StoreError || error is StoreAdminError || error is FamilyError {
                switch operation {
                case .buyOutsideApp(let productID, _, _): return [.outsidePurchaseRefused(productID: productID, AppProblem(error), at: queue.now)]
                case .redeemOfferCode: return [.offerCodeRefused(AppProblem(error))]
                default: throw error
                }
            }
        }
    }

    /// The refund request sheet submitted: the store takes the request and answers it as its
    /// condition says (an approval reaches the app as a revocation). A refusal comes back as
    /// the store gave it; `update` words it as StoreKit's `RefundRequestError`.
    private func requestRefund(_ t: Transaction, reason: RefundRequestReason) -> [Action] {
        perform {
            do {
                let (_, events) = try queue.hearing { try admin.requestRefund(t.id, reason: reason, account: queue.settings.account) }
                return [.refundRequestSent(t)] + hear(events)
            } catch let refusal as StoreAdminError {
                return [.refundRequestRefused(.queue(refusal))]
            } catch let refusal as FamilyError {
                return [.refundRequestRefused(.family(refusal))]
            }
        }
    }

    /// The store's next answer the user is waiting for: the purchase or restore in flight,
    /// or the products.
    private var awaitedDueDate: Date? {
        let inFlight = state.isBusy ? queue.answerDueDate : nil
        return [inFlight, productsRequest?.dueDate].compactMap { $0 }.min()
    }

    /// How long the loop may wait for a key before calling `tick`: short while something is
    /// in flight (the spinner turns), else exactly until the store's next due date (a purchase
    /// the last run left in flight, a renewal, a request lapsing), the products' answer, a
    /// banner due to go or the header's store time to change; forever when nothing is due.
    /// Changes other processes make wake the loop through the data directory's watcher.
    public var tickInterval: TimeInterval? {
        if queue.catchUp != nil { return 0.01 }
        if state.isBusy || hasMoreEvents { return 0.08 }
        // Something due that the last tick could not do (a broken file) is tried again once a
        // second, not as fast as the loop can go.
        let soonest = state.reportedProblems.isEmpty ? 0.005 : 1
        let due = [queue.nextDueDate, productsRequest?.dueDate, state.banner?.expires].compactMap { $0 }.min()
        let untilDue = due.map { max(soonest, queue.realInterval(until: $0)) }
        return [untilDue, clockRedrawInterval].compactMap { $0 }.min().map { min($0, Self.longestSleep) }
    }

    /// The longest the loop sleeps, so a due date years away still makes a timeout a terminal
    /// takes in milliseconds: 30 days.
    static let longestSleep: TimeInterval = 30 * 86_400

    /// While the header shows store time (it is not real time): when its minute changes, but
    /// not more than once a second, however fast store time runs.
    private var clockRedrawInterval: TimeInterval? {
        guard !state.snapshot.isRealTime else { return nil }
        let now = queue.now
        let nextMinute = Date(timeIntervalSince1970: (now.timeIntervalSince1970 / 60).rounded(.down) * 60 + 60)
        return max(1, queue.realInterval(until: nextMinute))
    }

    public var shouldQuit: Bool { state.quitting }

    // MARK: The loop inside

    /// Works through `actions` in order, each effect's answer (the actions it returns) after
    /// those already waiting, as bubbletea's messages are. Read in place, not taken off the
    /// front one by one: a launch can hand the log thousands of lines at once.
    private func drain(_ actions: [Action]) {
        var waiting = actions
        var next = 0
        while next < waiting.count {
            let action = waiting[next]
            next += 1
            for effect in update(&state, action) { waiting += run(effect) }
        }
    }

    /// Carries out `effect` on the app or the store; its answer is the actions it returns,
    /// then, when it could have changed the store or the app, the store's events it made and
    /// the snapshot, should what it is made of have moved.
    private func run(_ effect: Effect) -> [Action] {
        let answers = carryOut(effect)
        guard effect.changesEngine else { return answers }
        // What it did, told by the store's events: the answer to what the user did here.
        return answers + readStoreEvents(fromElsewhere: false) + refreshSnapshot()
    }

    private func carryOut(_ effect: Effect) -> [Action] {
        switch effect {
        case .buy(let id, let quantity, let offer, let plan):
            let started = perform {
                let discount = try offer.map { offer in
                    try promotionalOfferSigner?(id, offer)
                        ?? PaymentDiscount(offerID: offer, signature: .v1(keyIdentifier: "", nonce: "", timestamp: 0, signature: ""))
                }
                let (t, seen) = try app.purchase(Payment(productID: id, quantity: quantity, discount: discount, billingPlanType: plan))
                return [.purchaseStarted(t)] + take(seen)
            }
            // The payment is in the queue: whatever the tick meets, the sheet follows it.
            return started + perform(whileUserActing: false) { take(try app.tick()) }
        case .confirmWithSideButton:
            return perform { hear(try queue.confirmWithSideButton()) }
        case .cancelSideButtonConfirmation:
            return perform { hear(try queue.cancelSideButtonConfirmation()) }
        case .cancelPurchase(let id, let quantity):
            return perform {
                do {
                    return take(try app.purchase(Payment(productID: id, quantity: quantity), answer: .cancel).1)
                } catch let refusal as StoreError {
                    return [.cancelRefused(refusal)]
                }
            }
        case .resolve(let id):
            return perform { hear(try queue.resolve(transactionID: id).1) }
        case .restore:
            return perform {
                do {
                    return take(try app.restore())
                } catch let error as StoreError {
                    return [.restoreRefused(error, at: queue.now)]
                }
            }
        case .approve(let id):
            return perform { hear(try queue.approve(transactionID: id)) }
        case .decline(let id):
            return perform { hear(try queue.decline(transactionID: id)) }
        case .saveSettings(let settings, let shown):
            // Only the change the panel made is applied, onto what the store holds now, so a
            // `set` from another terminal is never undone.
            return perform {
                try store.updateSettings { $0 = $0.applying(changesFrom: shown, to: settings) }
                return hear(try queue.refresh())
            }
        case .loadProducts:
            return perform { try loadProducts(retrying: true) }
        case .reloadProducts:
            return perform(whileUserActing: false) { try loadProducts() }
        case .deleteAppData:
            return perform { try app.defaults.removeAll(); return [] }
        case .spendCredit:
            return perform { take(try app.spendCredit().events) }
        case .consume(let target, let quantity):
            return perform { take(try app.consume(target, quantity: quantity)) }
        case .note(let text):
            return [.noted(text, at: queue.now)]
        case .perform(let operation):
            return carryOut(operation)
        case .requestRefund(let t, let reason):
            return requestRefund(t, reason: reason)
        case .loadLog:
            var read = false
            let answers = perform(whileUserActing: false) {
                // The version first: a change made while the page is read reads it again.
                let version = store.storage.changeToken()
                let transactions = try store.storage.history(last: LogPage.size, finishedOnly: false)
                let page = LogPage(transactions: transactions, count: try store.storage.transactionCount(), version: version)
                read = true
                return [.logLoaded(page)]
            }
            return read ? answers : answers + [.logUnreadable]
        case .showSignedForm(let t):
            return perform {
                guard let signedForms else { throw SignedFormsUnavailable() }
                return [.signedFormShown(try signedForms.signedForm(of: t))]
            }
        case .loadTransactions(let query):
            var read = false
            let answers = perform(whileUserActing: false) {
                let page = try store.storage.transactions(matching: query)
                read = true
                return [.transactionsLoaded(query, page)]
            }
            return read ? answers : answers + [.transactionsUnreadable(query)]
        }
    }

    /// `body`'s answer; a failure is answered as `Action.failed`, which `update` tells.
    /// `whileUserActing`: a key's effect, not the loop's background work.
    private func perform(whileUserActing: Bool = true, _ body: () throws -> [Action]) -> [Action] {
        do {
            return try body()
        } catch {
            return [failure(error, whileUserActing: whileUserActing)]
        }
    }

    private func failure(_ error: any Error, whileUserActing: Bool) -> Action {
        .failed(AppProblem(error), whileUserActing: whileUserActing, at: queue.now)
    }

    /// What the app saw or did, as an action for `update`, stamped with store time.
    private func event(_ event: AppEvent) -> Action {
        .event(event, at: queue.now)
    }

    /// What the app saw and did, as actions for `update`, stamped with store time.
    private func take(_ events: [AppEvent]) -> [Action] {
        events.map(event)
    }

    /// The queue's answer, handed to the app; what the app saw and did becomes actions.
    private func hear(_ events: [PaymentQueueEvent]) -> [Action] {
        take(app.receive(events))
    }

    /// Asks the store for the products; the answer is due after the store's latency
    /// (`takeProductsAnswerIfDue`). `retrying`: the user asked again (R). What the rows show
    /// meanwhile, and of the answer, is `update`'s (`Action.productsRequested`, `productsAnswered`).
    private func loadProducts(retrying: Bool = false) throws -> [Action] {
        var request = ProductsRequest(productIdentifiers: app.appDescription.productIdentifiers, store: store)
        try request.start()
        productsRequest = request
        return [.productsRequested(retrying: retrying)] + (try takeProductsAnswerIfDue())
    }

    /// The store's answer to the products request on its way, once it is due.
    private func takeProductsAnswerIfDue() throws -> [Action] {
        guard let answer = try productsRequest?.response() else { return [] }
        productsRequest = nil
        return [.productsAnswered(answer)]
    }

    /// The products request on its way, until its answer is taken: when it is due.
    private var productsRequest: ProductsRequest?

    // MARK: The store's events

    /// The storefront's log among the outbox's readers.
    static let logReader = "storefront"
    /// The last of the store's events this storefront has read. Its own, so two storefronts
    /// open on one store each tell every event; the store's cursor for the log follows the
    /// furthest either read.
    private var eventCursor: Int64 = 0
    /// The store as the events were last read: unchanged, there is nothing new to read.
    private var eventsToken: String?
    /// More events waited than one read takes: the next tick goes on soon.
    private var hasMoreEvents = false
    /// Events read at once: a page, a few pages a tick, so a store far behind (years of
    /// renewals) never holds the loop.
    static let eventPage = 500
    static let eventPagesAtOnce = 4

    /// Reads the store's new events, every account's, for `update` to tell
    /// (`Action.storeEvents`).
    private func readStoreEvents(fromElsewhere: Bool) -> [Action] {
        let token = store.storage.changeToken()
        guard token != eventsToken || hasMoreEvents else { return [] }
        // Until a read gets to the end, the next tick reads on: a read that fails (a busy or
        // unreadable file) is tried again though nothing changes meanwhile.
        hasMoreEvents = true
        // Pages read before a failure are told: the cursor has moved past them.
        var read: [StoreEvent] = []
        var failed: [Action] = []
        let startCursor = eventCursor
        do {
            for _ in 0..<Self.eventPagesAtOnce {
                let page = try store.storage.events(after: eventCursor, limit: Self.eventPage)
                read += page
                eventCursor = page.last?.id ?? eventCursor
                guard page.count == Self.eventPage else {
                    hasMoreEvents = false
                    break
                }
            }
            if eventCursor > startCursor { try store.storage.advance(Self.logReader, to: eventCursor) }
        } catch {
            failed = [failure(error, whileUserActing: false)]
        }
        eventsToken = token
        let told: [Action] = read.isEmpty ? [] : [.storeEvents(read, signedIn: queue.records.settings.account,
                                                               fromElsewhere: fromElsewhere, at: queue.now)]
        return told + failed
    }

    // MARK: Catching up

    /// How long one tick catches up for at most: the frame is drawn, and keys are read, between.
    static let catchUpSlice: Duration = .milliseconds(100)

    /// How long a catch-up goes on before the header says how far it has got: a shorter one
    /// would only flash.
    public var catchUpShownAfter: Duration = .seconds(1)

    /// When the catch-up under way began, in real time.
    private var catchUpStarted: ContinuousClock.Instant?

    /// The queue's catch-up, once it has gone on for `catchUpShownAfter`.
    private var shownCatchUp: PaymentQueue.CatchUp? {
        guard let catchUp = queue.catchUp else {
            catchUpStarted = nil
            return nil
        }
        let started = catchUpStarted ?? ContinuousClock.now
        catchUpStarted = started
        return ContinuousClock.now - started >= catchUpShownAfter ? catchUp : nil
    }

    /// The snapshot made again from what the store and the app hold now (`StoreSnapshot.make`),
    /// only when what it is made of moved (a key that only moves the selection, a tick between
    /// two keys, an effect that changed nothing: it stays as it is); `update` hears of it only
    /// when it changed.
    private func refreshSnapshot() -> [Action] {
        let inputs = currentSnapshotInputs
        guard inputs != snapshotInputs || isCatchingUp else { return [] }
        snapshotInputs = inputs
        snapshotsMade += 1
        // With the products as the state has them (its own, kept over any snapshot), so that
        // only what the store and the app changed tells `update` anything.
        let snapshot = StoreSnapshot.make(
            records: queue.records, catalog: store.catalog, holdings: AppHoldings(app, catalog: store.catalog),
            storeVersion: inputs.storeVersion, products: state.snapshot.products, isRequestingProducts: state.snapshot.isRequestingProducts,
            awaitingSideButton: queue.awaitingSideButton, statuses: try? queue.loadSubscriptionStatuses(), previous: state.snapshot,
            catchUp: shownCatchUp)
        return snapshot != state.snapshot ? [.storeChanged(snapshot)] : []
    }

    /// What the snapshot is made of, each told by a mark that changes with it: the store (its
    /// change token, which the pages read from it are read again on), the queue's records
    /// (the token they were read at), what the app holds (UserDefaults.json's generation) and
    /// the side button. (The products are the state's, `Action.productsAnswered`.)
    private struct SnapshotInputs: Equatable {
        var storeVersion: String
        var recordsVersion: String?
        var defaultsGeneration: Int
        var awaitingSideButton: PaymentQueue.SideButtonRequest?
    }

    /// How many times the snapshot was made: what tests and benchmarks count.
    private(set) var snapshotsMade = 0

    /// The inputs the snapshot was last made from; nil before the first.
    private var snapshotInputs: SnapshotInputs?

    private var currentSnapshotInputs: SnapshotInputs {
        SnapshotInputs(storeVersion: store.storage.changeToken(), recordsVersion: queue.recordsVersion,
                       defaultsGeneration: app.defaults.generation,
                       awaitingSideButton: queue.awaitingSideButton)
    }

    /// A catch-up under way or just ended: its progress is shown as real time passes.
    private var isCatchingUp: Bool {
        queue.catchUp != nil || catchUpStarted != nil || state.snapshot.catchUp != nil
    }
}


/// A runtime given no `SignedFormSource` (a walkthrough's): the App Store's signing chain is
/// the storefront's own data directory's.
struct SignedFormsUnavailable: Error, CustomStringConvertible {
    var description: String { "signed forms are shown by the storefront over a data directory" }
}
