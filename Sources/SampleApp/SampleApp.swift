import DataFiles
import Foundation
import AppStoreCore
import StoreKitSim

/// The sample app, written as the seeds' apps are: it hears of transactions from the payment
/// queue, delivers what was bought into UserDefaults, then finishes the transaction. Failed
/// transactions are finished without delivering anything.
///
/// Every call returns what the app saw and did (`AppEvent`), in order. The queue's events are
/// worked through as a list: finishing a transaction puts the queue's answer next in the
/// list, nothing calls back into the app.
public final class SampleApp {
    public let catalog: Catalog
    /// What the app is: its content, its credits, the identifiers it asks for.
    public let appDescription: AppDescription
    public let defaults: UserDefaultsFile
    public let queue: PaymentQueue
    /// When false the app acts as one killed as the store answered: it neither delivers
    /// nor finishes, so the transaction is redelivered at the next launch.
    public var handlesTransactions = true
    /// Everything the app saw, in order: what a transaction log shows.
    public private(set) var events: [AppEvent] = []
    /// Statuses whose writing into UserDefaults.json failed (a broken file): not tried again
    /// until they change or the app launches again (`syncSubscriptionsAfterEvents`).
    var statusesThatFailedToSync: [SubscriptionStatus]?
    /// The error asking for the statuses last failed with: told once, until asking succeeds
    /// or fails otherwise.
    var statusFailure: StoreError?
    /// How far the app read the store's events for revocations this run (`takeBackRefunds`):
    /// the store's cursor moves only when the app took something back.
    var revocationCursor: Int64?
    /// The unconsumed list as last read (`reading`).
    var unconsumedReading: UnconsumedReading?
    var unconsumedParses = UnconsumedParseCache()
    /// The values' generation `checkOwnValues` last found sound.
    var checkedGeneration: Int?
    /// The file's read `checkClaims` last compared with the signed transactions.
    var claimsCheckedRead: Int?
    /// AppTransaction.shared as the app read it at launch, once it verified.
    public internal(set) var appTransaction: AppTransaction?

    public static let creditsKey = "credits"
    /// The transactions the app delivered and has not yet seen finished. A transaction that
    /// comes back (the app was killed between delivering and finishing) is finished without
    /// being delivered twice. Only unfinished transactions are listed: a batch's, from its
    /// delivery until its finish.
    public static let deliveredKey = "deliveredUnfinishedTransactions"

    public init(catalog: Catalog, appDescription: AppDescription, defaults: UserDefaultsFile, queue: PaymentQueue) {
        self.catalog = catalog
        self.appDescription = appDescription
        self.defaults = defaults
        self.queue = queue
    }

    /// The app's launch: starts hearing from the queue (SKPaymentQueue.default().add(self)),
    /// takes what it redelivers, then forgets the deliveries whose finish it never heard of
    /// (killed just after finishing).
    public func launch() throws -> [AppEvent] {
        try checkOwnValues()
        let start = events.count
        receive(try queue.launch())
        let open = Set(queue.transactions.map(\.id))
        let kept = deliveredUnfinished.filter(open.contains)
        if kept != deliveredUnfinished { try recordDelivered(kept) }
        // What the subscriptions became while the app was closed.
        if handlesTransactions { try syncSubscriptions() }
        readAppTransaction()
        if handlesTransactions { try checkClaims() }
        return Array(events[start...])
    }

    // MARK: What the app does

    /// The purchase sheet's answer.
    public enum SheetAnswer: Sendable {
        case buy, cancel
    }

    /// Buying, as the storefront and the command line both do it: the app's own refusals
    /// (one purchase or restore at a time), the payment, the sheet's answer. Returns the
    /// transaction as the store holds it after (a request already waiting, when the payment
    /// merged into it) and what the app saw.
    public func purchase(_ payment: Payment, answer: SheetAnswer = .buy) throws -> (Transaction, [AppEvent]) {
        let (added, seen) = try add(payment)
        guard added.queueState.state == .purchasing else { return (added, seen) }
        let answered = receive(answer == .buy ? try queue.confirm(added) : try queue.cancel(added))
        return (queue.records.transactions.first { $0.id == added.id } ?? added, seen + answered)
    }

    /// Adds a payment, the purchase sheet still to be answered (`PaymentQueue.confirm`,
    /// `cancel`), after the app's own refusals: one purchase or restore at a time.
    public func add(_ payment: Payment) throws -> (Transaction, [AppEvent]) {
        let (added, events) = try queue.add(payment) { records in
            if isRestoring(records) { throw StoreError.restoreInProgress }
            if isPurchasing(records) { throw StoreError.purchaseInProgress }
        }
        return (added, receive(events))
    }

    // The app's rules, judged on the store's records of the moment (another process's
    // purchase or restore counts).
    private func isPurchasing(_ records: StoreWorkingSet) -> Bool {
        records.transactions.contains { $0.queueState.state == .purchasing }
    }

    private func isRestoring(_ records: StoreWorkingSet) -> Bool {
        records.restoreDueDate != nil || queue.awaitingSideButton == .restore
    }

    /// Restore Purchases: refused while a purchase or another restore is on its way.
    public func restore() throws -> [AppEvent] {
        receive(try queue.restoreCompletedTransactions { records in
            if isPurchasing(records) { throw StoreError.purchaseInProgress }
            if isRestoring(records) { throw StoreError.restoreInProgress }
        })
    }

    /// Lets the queue pick up what changed and what is due, and handles it.
    public func tick() throws -> [AppEvent] {
        receive(try queue.tick())
    }

    // MARK: What the app knows

    public func isPurchased(_ productID: String) -> Bool { defaults.bool(forKey: productID) }

    public var premiumUnlocked: Bool { appDescription.content.premium.map { isPurchased($0.unlockedBy) } ?? false }

    public var credits: Int { defaults.integer(forKey: Self.creditsKey) }

    /// The units of a consumable that keeps a balance of its own (not the app's credits).
    public func balance(of productID: String) -> Int { defaults.integer(forKey: productID) }

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

    // MARK: What the queue says

    /// Handles the queue's events in order; what handling one causes (the queue's answer to
    /// finishing) is handled next, before the events after it, as a transaction's removal
    /// follows its delivery. Returns what the app saw and did.
    @discardableResult
    public func receive(_ queueEvents: [PaymentQueueEvent]) -> [AppEvent] {
        let start = events.count
        var work = queueEvents
        var next = 0
        while next < work.count {
            let event = work[next]
            next += 1
            do {
                // What the queue tells at once comes as one batch, as StoreKit hands an app one
                // array of transactions (a launch's redelivery, the renewals of a store far
                // behind, a restore's thousands), and is written and finished as one.
                switch event {
                case .updated(let first, let arrival):
                    var batch = [(first, arrival)]
                    while next < work.count, case .updated(let t, let arrival) = work[next] {
                        batch.append((t, arrival))
                        next += 1
                    }
                    work.insert(contentsOf: try handleUpdated(batch), at: next)
                case .removed(let first):
                    var batch = [first]
                    while next < work.count, case .removed(let t) = work[next] {
                        batch.append(t)
                        next += 1
                    }
                    try handleRemoved(batch)
                case .planChanged(let change):
                    record(.planChanged(change))
                case .restoreFinished:
                    record(.restoreFinished)
                case .restoreFailed(let error):
                    record(.restoreFailed(error))
                case .revoked, .deleted:
                    var batch = [event]
                    while next < work.count, work[next].isRevocation {
                        batch.append(work[next])
                        next += 1
                    }
                    try takeBack(batch)
                case .shouldAddStorePayment(let intent):
                    // Continued by whoever shows the sheet, once it is ready: the storefront.
                    record(.promoted(intent))
                }
            } catch {
                record(.problem(AppProblem(error)))
            }
        }
        // Access follows the statuses, which change without a transaction too (an expiry, a
        // failed renewal, a grace ending).
        syncSubscriptionsAfterEvents()
        if handlesTransactions {
            do { try takeBackRefunds() } catch { record(.problem(AppProblem(error))) }
        }
        checkClaimsAfterEvents()
        return Array(events[start...])
    }

    /// Transactions the queue told of at once, as an app handles the array StoreKit hands it:
    /// each heard of and what it brings delivered, in order; what they bring and the note that
    /// they were delivered written at once, then all finished at once, however many there are.
    /// Returns what the queue answered.
    private func handleUpdated(_ batch: [(Transaction, PaymentQueueEvent.Arrival)]) throws -> [PaymentQueueEvent] {
        let heard = batch.map { t, arrival in
            AppEvent.updated(t, redelivered: arrival == .redelivered, cancelledAtLaunch: arrival == .cancelledAtLaunch)
        }
        guard handlesTransactions else {
            for event in heard { record(event) }
            return []
        }
        let delivered: Delivered
        do {
            delivered = try deliver(batch.map(\.0))
        } catch {
            // Nothing was written: heard of, and left unfinished to come back.
            for event in heard { record(event) }
            throw error
        }
        for (event, outcome) in zip(heard, delivered.outcomes) {
            record(event)
            if let outcome { record(outcome) }
        }
        guard queue.settings.finishTransactions, !delivered.finishing.isEmpty else { return [] }
        return try queue.finishTransactions(delivered.finishing)
    }

    /// Finished transactions: logged, and struck from the note of what was delivered in one write.
    private func handleRemoved(_ batch: [Transaction]) throws {
        for t in batch { record(.finished(t)) }
        let finished = Set(batch.map(\.id))
        let kept = deliveredUnfinished.filter { !finished.contains($0) }
        if kept != deliveredUnfinished { try recordDelivered(kept) }
    }

    // MARK: Delivery

    /// What the app did with a batch: for each transaction, what it delivered (nil: nothing
    /// to deliver), and those to finish, in order.
    private struct Delivered {
        var outcomes: [AppEvent?] = []
        var finishing: [Transaction] = []
    }

    /// Delivers what `transactions` bought into UserDefaults.json, with the note that they were
    /// delivered, in one write: a kill leaves all of them or none. A transaction already noted
    /// (the app was killed before finishing it) is finished without being delivered twice; a
    /// failure is finished with nothing to deliver; one that does not verify, or that the app
    /// cannot hold (a `StoreError` of the app's own), is neither delivered nor finished: it
    /// stays in the queue, nothing lost, and comes back at the next launch.
    private func deliver(_ transactions: [Transaction]) throws -> Delivered {
        var result = Delivered()
        if transactions.contains(where: { $0.queueState.state == .purchased || $0.queueState.state == .restored }) {
            // Build on what UserDefaults.json holds now, hand edits included, and only on
            // values the app can read.
            try defaults.reloadIfChanged()
            try checkOwnValues()
        }
        var values = defaults.values
        var written: [String: JSONValue?] = [:]
        let notedBefore = deliveredUnfinished
        var noted = notedBefore
        let takenBackBefore = takenBack
        var takenBackNow = takenBackBefore
        var isNoted = Set(noted)
        // Checked as one batch: their signed forms read (and any new ones signed) at once.
        let verified = try queue.verify(transactions)
        for (t, verification) in zip(transactions, verified) {
            switch t.queueState.state {
            case .purchasing, .deferred:
                result.outcomes.append(nil)
            case .failed:
                result.outcomes.append(nil)
                result.finishing.append(t)
            case .purchased, .restored:
                // As Apple's sample checks `VerificationResult` first: what does not verify is
                // neither granted nor finished, and comes back to be checked again.
                if let code = verification.verificationError {
                    result.outcomes.append(.notDelivered(t, .verificationError(code)))
                    continue
                }
                if isNoted.contains(t.id) {
                    result.outcomes.append(.alreadyDelivered(t))
                    result.finishing.append(t)
                    continue
                }
                // As an app checking `revocationDate` does: never given, so never taken back.
                if t.revocationDate != nil {
                    if !takenBackNow.contains(t.id) { takenBackNow.append(t.id) }
                    result.outcomes.append(.revokedBeforeDelivery(t))
                    result.finishing.append(t)
                    continue
                }
                guard let product = catalog.product(t.productID) else {
                    result.outcomes.append(nil)
                    result.finishing.append(t)
                    continue
                }
                do {
                    let (changes, delivery) = try self.changes(delivering: t, of: product, over: values)
                    values.merge(changes) { $1 }
                    for (key, value) in changes { written[key] = value }
                    noted.append(t.id)
                    isNoted.insert(t.id)
                    result.outcomes.append(.delivered(t, delivery))
                    result.finishing.append(t)
                } catch let refusal as StoreError {
                    result.outcomes.append(.notDelivered(t, refusal))
                }
            }
        }
        if noted != notedBefore { written[Self.deliveredKey] = .array(noted.map(JSONValue.string)) }
        if takenBackNow != takenBackBefore { written[Self.takenBackKey] = .array(takenBackNow.map(JSONValue.string)) }
        if !written.isEmpty { try defaults.set(written) }
        return result
    }

    /// The values delivering `transaction` sets on top of `values`, and what that delivers.
    private func changes(delivering transaction: Transaction, of product: CatalogProduct,
                         over values: [String: JSONValue]) throws -> ([String: JSONValue], Delivery) {
        let expiry = values[product.id]?.stringValue.flatMap(JSONCoding.parse)
        let entitlement = entitlement(of: product)
        switch entitlement {
        case .unlock:
            return ([product.id: .bool(true)], .unlocked(product.id))
        case .credits, .units:
            // The units join the balance and, as a purchase of their own, the unconsumed list.
            var ledger = ledger(values)
            let added = try Self.sum((entitlement.unitsPerPurchase ?? 1).multipliedReportingOverflow(by: transaction.purchasedQuantity))
            let balance = try Self.sum(ledger.balance(ledger.balanceKey(of: product.id)).addingReportingOverflow(added))
            ledger.add(UnconsumedPurchase(transactionID: transaction.id, productID: product.id, quantity: transaction.purchasedQuantity,
                                          purchaseDate: transaction.purchaseDate ?? transaction.queueState.transactionDate, delivered: added,
                                          remaining: added), balance: balance)
            let delivery = entitlement == .units ? Delivery.units(product.id, added: added, balance: balance)
                : .credits(added: added, balance: balance)
            return (ledger.changes, delivery)
        case .subscription:
            var until = transaction.expirationDate ?? transaction.queueState.transactionDate
            // A restore brings each purchase and renewal: the latest expiry stands, whatever
            // the order they come in.
            if transaction.queueState.state == .restored, let expiry { until = max(until, expiry) }
            var changes: [String: JSONValue] = [product.id: .string(JSONCoding.format(until))]
            // One plan of a group at a time: a plan bought for a period from now (an upgrade)
            // ends the access of the group's other plans there.
            if transaction.queueState.state == .purchased, transaction.expirationDate != nil, let group = product.subscriptionGroupID {
                changes.merge(endingOtherPlans(inGroup: group, than: product.id, at: transaction.queueState.transactionDate, over: values)) { $1 }
            }
            return (changes, .subscription(product.id, expires: until))
        case .pass:
            // The store does not track non-renewing periods: the app extends its own expiry.
            let until = appDescription.nonRenewingExpiry(product, boughtAt: transaction.queueState.transactionDate, current: expiry)
            return ([product.id: .string(JSONCoding.format(until))], .subscription(product.id, expires: until))
        }
    }

    /// A balance past the largest number (a hand edit near it, or a description made in code)
    /// cannot be held: the delivery is refused rather than the balance cut short.
    private static func sum(_ result: (partialValue: Int, overflow: Bool)) throws -> Int {
        guard !result.overflow else { throw StoreError.balanceFull }
        return result.partialValue
    }

    @discardableResult
    func record(_ event: AppEvent) -> AppEvent {
        events.append(event)
        return event
    }
}

/// What the app delivered for a transaction.
public enum Delivery: Equatable, Sendable {
    case unlocked(String)
    case credits(added: Int, balance: Int)
    /// A consumable with a balance of its own.
    case units(String, added: Int, balance: Int)
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
    /// The app refused to deliver it (`StoreError.balanceFull`, or a verification error: its
    /// signed form did not verify): left unfinished in the queue.
    case notDelivered(Transaction, StoreError)
    /// It arrived revoked (a family-shared copy taken back, or a purchase or renewal refunded,
    /// before the app heard of it, as StoreKit hands it with its `revocationDate` set):
    /// finished, nothing delivered, and nothing to take back later.
    case revokedBeforeDelivery(Transaction)
    /// The store's answer to a plan change for the next renewal (a downgrade, or calling one
    /// off): no transaction, nothing to deliver or finish.
    case planChanged(ScheduledPlanChange)
    case restoreFinished
    case restoreFailed(StoreError)
    /// Asking for the subscriptions' statuses failed: the app keeps what it knew.
    case subscriptionStatusFailed(StoreError)
    /// Units consumed (spent) from a purchase or the earlier balance.
    case consumed(Consumption)
    case problem(AppProblem)
    /// An App Store product page started a purchase (`shouldAddStorePayment`): it waits for
    /// the app to continue it.
    case promoted(PurchaseIntent)
    /// The App Store refunded it: the app took back what it gave.
    case revoked(Transaction, TakeBack)
    /// The App Store deleted it (Xcode's Transaction Manager): the app took back what nothing
    /// the account still has gives.
    case deleted(DeletedTransaction, TakeBack)
    /// UserDefaults.json claimed more than the signed transactions give: written back as
    /// they say (`checkClaims`).
    case corrected(ClaimCorrection)
    /// Reading AppTransaction.shared at launch failed, or what it read did not verify.
    case appTransactionFailed(StoreError)
}
