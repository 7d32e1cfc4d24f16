import Foundation

/// The simulated App Store's rules: how a transaction moves from state to state. Pure
/// functions of the records, the catalog and the time, so they are easy to test.
extension StoreWorkingSet {
    /// A payment added to the queue: a purchasing transaction waiting for the user to
    /// confirm the purchase sheet, or an immediate failure the store would answer with.
    /// With the network off the sheet still opens: the store's failure comes after the
    /// latency, as every other failure does. A non-consumable the account already owns is
    /// bought again as a re-download, at no charge. A payment that only changes the plan the
    /// next renewal is for is a plan-change request, under an id that is no transaction's
    /// (`StoreWorkingSet+PlanChangeRequests`). `account`: whose purchase it is.
    /// `offerCheck`: the payment's promotional offer signature, checked with the app's key.
    package mutating func addPayment(_ payment: Payment, account: String, catalog: Catalog, now: Date,
                                     offerCheck: PromotionalOfferSignatureCheck? = nil) throws -> Transaction {
        let product = catalog.product(payment.productID).flatMap {
            Product($0, storefront: settings.appStoreStorefront, locale: settings.locale)
        }
        let unsold: StoreError? = if !settings.canMakePayments {
            .restricted
        } else if let product {
            !(1...product.maximumQuantity).contains(payment.quantity)
                ? .invalidQuantity(payment.quantity, of: payment.productID, maximum: product.maximumQuantity)
                // A billing plan the subscription does not sell (`SubscriptionInfo.billingPlan`).
                : payment.billingPlanType.map { $0 != BillingPlan.billedUpFront
                    && catalog.product(payment.productID)?.subscription?.billingPlan($0) == nil } == true
                ? StoreError(.storeProductNotAvailable) : nil
        } else {
            StoreError(.storeProductNotAvailable)
        }
        let refusal = unsold ?? promotionalOfferRefusal(payment, check: offerCheck, account: account, catalog: catalog, now: now)
        // A non-consumable the account owns is got again: the same purchase, and a family-shared
        // copy got again is still the family's (it goes when the copy does).
        let owned = refusal != nil || catalog.product(payment.productID)?.type != .nonConsumable ? nil
            : completedPurchases(of: account).first { $0.productID == payment.productID }
        let changesPlanOnly = refusal == nil && changesRenewalPlanOnly(payment.productID, account: account, catalog: catalog)
        let id = changesPlanOnly ? makePlanChangeRequestID() : try makeTransactionID()
        var transaction = Transaction(id: id, payment: payment, state: .purchasing, date: now,
                                      account: account, reason: owned == nil ? .purchase : .redownload,
                                      originalTransactionID: owned.map { $0.originalID ?? $0.id },
                                      ownershipType: owned?.ownershipType, sharedTransactionID: owned?.sharedTransactionID)
        transaction.queueState.enter(.sheetOpen)
        if let refusal { transaction.queueState.fail(refusal, at: now) }
        if refusal == nil, let offerCheck { redeemPromotionalOffer(payment, check: offerCheck, by: transaction, now: now) }
        transactions.append(transaction)
        if transaction.queueState.state == .failed { recordFailure(transaction) }
        return transaction
    }

    /// A repeated purchase of what waits for an answer: nothing new is made. An Ask to Buy
    /// request is asked again (its 24 hours start over); an interruption comes back as it is.
    package mutating func repeatRequest(_ id: String, now: Date) -> Transaction? {
        guard let i = index(of: id), transactions[i].isWaitingRequest else { return nil }
        if transactions[i].queueState.state == .deferred {
            transactions[i].queueState.requestDate = now
            record(.askToBuyRequested, transactions[i], at: now)
        }
        return transactions[i]
    }

    /// The user tapped Buy on the sheet: the store answers after the latency. With hold on
    /// the sheet first waits for the side button (`pressSideButton`).
    package mutating func confirm(_ id: String, now: Date) {
        guard let i = index(of: id), transactions[i].queueState.phase == .sheetOpen else { return }
        if settings.waitsForSideButton {
            transactions[i].queueState.enter(.held)
        } else {
            waitForStore(at: i, now: now)
        }
    }

    /// The user double-clicked the side button on a held sheet: the store answers after the latency.
    package mutating func pressSideButton(_ id: String, now: Date) {
        guard let i = index(of: id), transactions[i].queueState.phase == .held else { return }
        waitForStore(at: i, now: now)
    }

    private mutating func waitForStore(at i: Int, now: Date) {
        transactions[i].queueState.enter(.waitingForStore, answeredAt: now + storeLatency)
    }

    /// The user tapped Cancel: StoreKit reports paymentCancelled.
    package mutating func cancel(_ id: String, now: Date) {
        guard let i = index(of: id), transactions[i].queueState.state == .purchasing else { return }
        fail(at: i, StoreError(.paymentCancelled), now: now)
    }

    /// Does everything due by `now`, one thing at a time at its own time, in order, exactly
    /// as if that time had passed: purchases and a restore the store answers, subscriptions
    /// timers (renewals, expiries, a grace's end, billing retry giving up), Ask to Buy
    /// requests lapsing. Returns how a restore that completed ended.
    /// `purchases`: for a restore due by `now`, the account's purchases read from the whole
    /// history (`RecordsStorage.purchases`), which the records alone do not hold.
    /// A store far behind: every `progressEvery` things, `progress` is told the transactions
    /// made so far and the store time reached, and the call stops there once past `deadline`
    /// (what is left is still due). `account`: the account a restore in flight is for.
    /// `restoresInFlight` false: a restore in flight, and whatever falls due after it, stays
    /// due for the queue that asked for it, which knows its account and its purchases.
    package mutating func process(account: String?, catalog: Catalog, now: Date, purchases: [Transaction] = [],
                          restoresInFlight: Bool = true, deadline: ContinuousClock.Instant? = nil, progressEvery: Int = 500,
                          progress: ((_ made: Int, _ reached: Date) -> Void)? = nil) throws -> RestoreOutcome? {
        var outcome: RestoreOutcome?
        let firstNumber = nextTransactionNumber
        var done = 0
        // Timers are kept track of as the statuses change, so a store far behind catches up at
        // the same cost per renewal however many there are; anything else happening (a
        // purchase) may change the statuses, so the schedule is worked out again after it.
        var timers = RenewalSchedule(self, catalog: catalog)
        var answersAndLapses = nextAnswerOrLapse
        // Bounded, so a store far behind (a tiny period, a fast clock, a long advance) cannot
        // hold the store, nor give the app more at once than it can take in a moment: what is
        // left is still due, and the next call goes on with it.
        for _ in 0..<Self.mostEventsAtOnce {
            let timer = timers.next
            guard let due = [answersAndLapses, timer?.date].compactMap({ $0 }).min(), due <= now else { break }
            if done > 0, done % progressEvery == 0 {
                progress?(nextTransactionNumber - firstNumber, due)
                if let deadline, ContinuousClock.now >= deadline { break }
            }
            done += 1
            // At the same time, answers and lapses come before subscriptions' timers.
            if let timer, answersAndLapses.map({ timer.date < $0 }) ?? true {
                try runLifecycle(timer.input, status: timer.index, at: timer.date, catalog: catalog)
                timers.update(timer.index, in: self, catalog: catalog)
                continue
            }
            if let i = transactions.firstIndex(where: { $0.queueState.phase == .waitingForStore && $0.queueState.dueDate == due }) {
                try complete(at: i, catalog: catalog, now: due)
            } else if let i = transactions.firstIndex(where: { $0.isWaitingForApproval && $0.lapseDate == due }) {
                // Dropped with no update to the app, as Apple documents for a request nobody answers.
                transactions[i].queueState.finished = true
                transactions[i].queueState.enter(nil)
                record(.askToBuyLapsed, transactions[i], at: due)
            } else if restoreDueDate == due {
                guard restoresInFlight else { break }
                restoreDueDate = nil
                if !settings.network {
                    outcome = .failed(StoreError(.unknown))
                } else if let error = settings.failures[.appStoreSync] {
                    outcome = .failed(error.storeError)
                } else {
                    try restore(account: account, catalog: catalog, now: due, history: purchases)
                    outcome = .finished
                }
            } else {
                break
            }
            timers = RenewalSchedule(self, catalog: catalog)
            answersAndLapses = nextAnswerOrLapse
        }
        return outcome
    }

    /// How many things `process` does in one call at most. The app takes what the queue hands
    /// it at once (one call's, or the rounds of one catch-up) as one batch (one write of its own, one commit finishing them all), so this is large:
    /// a century of a weekly subscription's renewals is one call, a fraction of a second; only
    /// a store further behind than that goes on at the next call.
    static let mostEventsAtOnce = 10_000

    /// When the store next has something to do: a purchase or restore to answer, a
    /// subscription's timer, a request to drop; nil when nothing is in flight.
    public func nextDueDate(catalog: Catalog) -> Date? {
        [nextAnswerOrLapse, nextRenewal(catalog: catalog)].compactMap { $0 }.min()
    }

    /// When the store next answers a purchase or a restore, or drops a request.
    package var nextAnswerOrLapse: Date? {
        let lapses = transactions.compactMap { $0.isWaitingForApproval ? $0.lapseDate : nil }
        return (lapses + [answerDueDate].compactMap { $0 }).min()
    }

    /// When the store next answers a purchase or a restore: what a waiting app waits for
    /// (renewals and lapses come on their own time).
    public var answerDueDate: Date? {
        (transactions.compactMap { $0.queueState.phase == .waitingForStore ? $0.queueState.dueDate : nil } + [restoreDueDate].compactMap { $0 }).min()
    }

    public enum RestoreOutcome: Equatable, Sendable {
        case finished
        case failed(StoreError)
    }

    /// The store's answer to a confirmed purchase, under the settings of the moment.
    private mutating func complete(at i: Int, catalog: Catalog, now: Date) throws {
        if !settings.network {
            fail(at: i, StoreError(.unknown), now: now)
        } else if let error = settings.failures[.purchase] {
            fail(at: i, error.storeError, now: now)
        } else if transactions[i].reason == .redownload {
            // Nothing to pay, so nothing to ask a parent or to interrupt for.
            try purchase(at: i, catalog: catalog, now: now)
        } else if settings.interrupted {
            // Waiting for the user, a request is a transaction as any other: commands name it.
            try numberPlanChangeRequest(at: i)
            fail(at: i, .interrupted, now: now)
            transactions[i].queueState.enter(.interrupted)
        } else if settings.askToBuy {
            try numberPlanChangeRequest(at: i)
            transactions[i].queueState.enter(.deferred)
            // The queue's state changes (SK1's transactionDate moves): no purchase facts yet.
            transactions[i].queueState.state = .deferred
            transactions[i].queueState.transactionDate = now
            transactions[i].queueState.requestDate = now
            record(.askToBuyRequested, transactions[i], at: now)
        } else {
            try purchase(at: i, catalog: catalog, now: now)
        }
    }

    /// The store completes a purchase: its purchase facts written once, and for a subscription
    /// the lifecycle decides what it is (a first subscribe, a resubscribe, a plan change).
    /// `offerCode`: an offer code of the subscription redeemed with it (`buyOutsideApp`);
    /// `declinesIntroOffer`: bought at full price, an eligible account keeping its introductory offer.
    /// Returns the purchase as it ended: a change of the plan the next renewal is for makes no
    /// transaction, so its record goes, and the answer is the one its events keep.
    @discardableResult
    mutating func purchase(at i: Int, catalog: Catalog, now: Date, offerCode: SubscriptionOffer? = nil,
                           declinesIntroOffer: Bool = false) throws -> Transaction {
        // The plan came back (a recovery, a purchase before it) while this one was in flight or
        // waiting: refused now as it would have been when asked, rather than completed for nothing.
        if offerCode == nil, let refusal = purchaseRefusal(transactions[i].productID, account: transactions[i].account, catalog: catalog) {
            fail(at: i, refusal, now: now)
            return transactions[i]
        }
        // A plan-change request the store completes as a purchase after all (the subscription
        // ended while it waited) is a transaction.
        if !changesRenewalPlanOnly(transactions[i].productID, account: transactions[i].account, catalog: catalog) {
            try numberPlanChangeRequest(at: i)
        }
        // Asked before this purchase joins the receipt.
        let t = transactions[i]
        let introOffer = !declinesIntroOffer && isEligibleForIntroOffer(t.productID, catalog: catalog, account: t.account)
        let product = catalog.product(t.productID)
        let facts = PurchaseFacts(purchasedAt: now, in: settings.appStoreStorefront)
        // A subscription's price, offer and period are the lifecycle's: it knows whether an
        // offer or a plan change applies, so it completes the purchase with them, once.
        guard product?.type == .autoRenewable, t.account != nil, let group = product?.subscriptionGroupID else {
            transactions[i] = t.completed(with: purchaseFacts(of: t, catalog: catalog, from: facts),
                                          originalTransactionID: t.originalID)
            record(.purchased, transactions[i], at: now, details: StoreEventDetails(
                price: transactions[i].price, currency: transactions[i].currency, storefront: transactions[i].storefront))
            return transactions[i]
        }
        let promotional = promotionalOffer(of: t, catalog: catalog)
        let change = try runLifecycle(.purchase(t, offerCode: offerCode, promotionalOffer: promotional), status: statusIndex(of: t.account, group: group), at: now,
                                      catalog: catalog, isEligibleForIntroOffer: introOffer)
        if let made = change.transactions.first(where: { $0.id == t.id }) { return made }
        // The lifecycle only appends after it, so the record is still at `i`.
        transactions.remove(at: i)
        return change.events.lazy.compactMap(\.transaction).first { $0.id == t.id } ?? t
    }

    /// What the purchase cost, as the settings' storefront sells it now (a re-download
    /// nothing, and its original purchase date the purchase it gets again).
    private func purchaseFacts(of t: Transaction, catalog: Catalog, from bought: PurchaseFacts) -> PurchaseFacts {
        var facts = bought
        if t.reason == .redownload, let original = transactions.first(where: { $0.id == t.originalID }) {
            facts.originalPurchaseDate = original.purchaseDate ?? original.queueState.transactionDate
        }
        let price = catalog.product(t.productID)?.price(in: settings.appStoreStorefront, changes: priceChanges) ?? 0
        facts.price = t.reason == .redownload ? 0 : price * Decimal(t.purchasedQuantity)
        return facts
    }

    /// Ask to Buy: the parent approved, the purchase goes through as a new update.
    package mutating func approve(_ id: String, catalog: Catalog, now: Date) throws {
        let i = try deferredIndex(id)
        record(.askToBuyApproved, transactions[i], at: now)
        try purchase(at: i, catalog: catalog, now: now)
    }

    /// Ask to Buy: the parent declined.
    package mutating func decline(_ id: String, now: Date) throws {
        let i = try deferredIndex(id)
        transactions[i].queueState.fail(.declined, at: now)
        record(.askToBuyDeclined, transactions[i], at: now, details: StoreEventDetails(error: .declined))
    }

    /// An interrupted purchase resolved by the user: a new transaction completes it.
    package mutating func resolve(_ id: String, catalog: Catalog, now: Date) throws -> Transaction {
        guard let i = index(of: id) else { throw StoreAdminError.noSuchTransaction(id) }
        guard transactions[i].queueState.phase == .interrupted else { throw StoreAdminError.notInterrupted(id) }
        transactions[i].queueState.enter(nil)
        // Its purchase may only change the plan the next renewal is for: a request, then.
        let changesPlanOnly = changesRenewalPlanOnly(transactions[i].productID, account: transactions[i].account, catalog: catalog)
        let resolved = Transaction(id: changesPlanOnly ? makePlanChangeRequestID() : try makeTransactionID(),
                                   payment: transactions[i].payment, state: .purchasing, date: now,
                                   account: transactions[i].account, reason: .resolution, originalTransactionID: id)
        transactions.append(resolved)
        record(.resolved, resolved, at: now)
        return try purchase(at: transactions.count - 1, catalog: catalog, now: now)
    }

    private func deferredIndex(_ id: String) throws -> Int {
        guard let i = index(of: id) else { throw StoreAdminError.noSuchTransaction(id) }
        if transactions[i].hasLapsed { throw StoreAdminError.lapsed(id) }
        guard transactions[i].isWaitingForApproval else { throw StoreAdminError.notDeferred(id, transactions[i].queueState.state) }
        return i
    }

    /// Restore, as StoreKit's restoreCompletedTransactions: one restored transaction per
    /// completed transaction of a non-consumable or an auto-renewable subscription (each
    /// renewal too), in the order they were made, each naming the one it restores as its
    /// original. Never consumables or non-renewing subscriptions, and never a re-download
    /// (the same purchase, got again). `history`: the account's purchases as read from the
    /// whole history before this change; the records add what they hold besides (made or
    /// completed since, in this change or by another process).
    private mutating func restore(account: String?, catalog: Catalog, now: Date, history: [Transaction]) throws {
        for original in restoredPurchases(of: account, catalog: catalog, history: history) {
            // It stands for the original: the same purchase facts.
            transactions.append(Transaction(
                id: try makeTransactionID(), payment: original.payment, state: .restored, date: now, account: original.account,
                originalTransactionID: original.id, ownershipType: original.ownershipType,
                sharedTransactionID: original.sharedTransactionID, purchaseFacts: original.purchaseFacts,
                isUpgraded: original.isUpgraded))
        }
        // One event for the whole restore: what it brought back is in the transactions.
        newEvents.append(StoreEvent(date: now, kind: .restored, account: account, productID: nil))
    }

    /// The purchases a restore brings back, each once, in order: `account`'s from `history`
    /// (read from the whole history) and the records.
    private func restoredPurchases(of account: String?, catalog: Catalog, history: [Transaction]) -> [Transaction] {
        guard let account else { return [] }
        var seen = Set<String>()
        return (history.filter { $0.queueState.state == .purchased && !$0.isRevoked && $0.account == account } + completedPurchases(of: account))
            .filter { seen.insert($0.id).inserted }
            .filter { $0.reason != .redownload && catalog.product($0.productID)?.type.isRestorable == true }
    }

    /// Refuses a restore the store could not complete for want of transaction ids (one for
    /// each purchase it brings back): checked as it starts, so that a restore that would fail
    /// writes nothing, not even that it is under way.
    package func checkTransactionIDs(forRestoring history: [Transaction], of account: String, catalog: Catalog) throws {
        let needed = restoredPurchases(of: account, catalog: catalog, history: history).count
        guard needed <= Int.max - nextTransactionNumber else { throw Exhausted.transactionNumbers }
    }

    /// The products whose purchases a restore brings back.
    package static func restorableProductIDs(_ catalog: Catalog) -> Set<String> {
        Set(catalog.products.filter(\.type.isRestorable).map(\.id))
    }

    /// Whether the signed-in account may have `productID`'s introductory offer, by Apple's rule
    /// (StoreKit's `isEligibleForIntroOffer`): the product has one, and the account never
    /// received an introductory offer for any product of its group (another account has its
    /// own). Subscribing without one (a plan with none, an offer code, a plan change) does not
    /// use it up. Whether a purchase now gets it is `introOfferApplies`.
    public func isEligibleForIntroOffer(_ productID: String, catalog: Catalog) -> Bool {
        isEligibleForIntroOffer(productID, catalog: catalog, account: settings.account)
    }

    func isEligibleForIntroOffer(_ productID: String, catalog: Catalog, account: String?) -> Bool {
        guard let product = catalog.product(productID), let group = product.subscriptionGroupID,
              product.subscription?.introductoryOffer != nil else { return false }
        // Signed out: nobody has received one yet.
        guard let account else { return true }
        // A family member's copy is the purchaser's offer, not one this account received.
        return !transactions.contains {
            $0.account == account && !$0.isFamilyShared && $0.receivedIntroductoryOffer
                && catalog.product($0.productID)?.subscriptionGroupID == group
        }
    }

    /// Whether buying `productID` now starts with its introductory offer: the account is
    /// eligible and the purchase starts a subscription. The App Store applies none to a plan
    /// change (upgrade, crossgrade, downgrade) while a plan of the group gives access, however
    /// eligible the account; it does to a fresh subscription once the old one ended. What the
    /// rows, the sheet and `pending` state, as the purchase decides it (`SubscriptionLifecycle`).
    public func introOfferApplies(_ productID: String, catalog: Catalog) -> Bool {
        introOfferApplies(productID, catalog: catalog, account: settings.account)
    }

    func introOfferApplies(_ productID: String, catalog: Catalog, account: String?) -> Bool {
        guard isEligibleForIntroOffer(productID, catalog: catalog, account: account),
              let group = catalog.product(productID)?.subscriptionGroupID else { return false }
        return status(of: account, group: group)?.givesAccess != true
    }

    /// The signed-in account's latest expiry of `productID`.
    public func latestExpiry(of productID: String) -> Date? {
        latestExpiry(of: productID, account: settings.account)
    }

    func latestExpiry(of productID: String, account: String?) -> Date? {
        completedPurchases(of: account).filter { $0.productID == productID }.compactMap(\.expirationDate).max()
    }

    /// When any account's subscription next has something happen (a renewal, an expiry, a
    /// grace's end, billing retry giving up).
    public func nextRenewal(catalog: Catalog) -> Date? {
        RenewalSchedule(self, catalog: catalog).next?.date
    }

    /// Until when the account owns `product` as the store sees it: non-consumables for ever once
    /// bought; an auto-renewable while its group's status is on it and gives access, until
    /// access ends (`SubscriptionStatus.accessEndDate`); nil for what is bought again each time
    /// (consumables, and non-renewing subscriptions, which the app must track itself).
    public func ownedUntil(_ product: CatalogProduct) -> Date? {
        switch product.type {
        case .nonConsumable: owns(product.id) ? StoreTimes.forever : nil
        case .autoRenewable:
            product.subscriptionGroupID.flatMap { status(of: settings.account, group: $0) }
                .flatMap { $0.productID == product.id && $0.givesAccess ? $0.accessEndDate : nil }
        case .consumable, .nonRenewing: nil
        }
    }

    /// Purchase sheets the user never answered, at the app's launch: only the running app
    /// shows sheets, so one still open belonged to an earlier run and closed with it, as when
    /// an app is killed during the system purchase sheet.
    package mutating func cancelOrphanedSheets(now: Date) {
        for i in transactions.indices where transactions[i].queueState.phase?.isOnScreen == true {
            fail(at: i, StoreError(.paymentCancelled), now: now)
        }
    }

    /// The transaction at `i` fails with `error`, and the event says so.
    private mutating func fail(at i: Int, _ error: StoreError, now: Date) {
        transactions[i].queueState.fail(error, at: now)
        recordFailure(transactions[i])
    }

    private mutating func recordFailure(_ t: Transaction) {
        record(.purchaseFailed, t, at: t.queueState.transactionDate, details: StoreEventDetails(error: t.queueState.error))
    }

    /// An event about `t`. A plan-change request (its failure) is no transaction: the event
    /// keeps it, and names none.
    mutating func record(_ kind: StoreEventKind, _ t: Transaction, at date: Date, details: StoreEventDetails = StoreEventDetails()) {
        let request = t.isPlanChangeRequest
        newEvents.append(StoreEvent(date: date, kind: kind, account: t.account, productID: t.productID, transactionID: request ? nil : t.id,
                                    originalTransactionID: t.originalID, details: details, transaction: request ? t : nil))
    }
}

/// A store-side action on a transaction that cannot be done (worded where it is shown).
public enum StoreAdminError: Error, Equatable, Sendable {
    case noSuchTransaction(String)
    case notDeferred(String, TransactionState)
    case notInterrupted(String)
    /// An Ask to Buy request nobody answered within 24 hours: the store dropped it.
    case lapsed(String)
    // A store-side operation on a subscription (`StoreAdmin`), named by a product of its group.
    case noSuchProduct(String)
    /// The product is not an auto-renewable subscription.
    case notAutoRenewable(String)
    /// The signed-in account never subscribed to the product's group.
    case notSubscribed(String)
    /// The subscription already ended.
    case subscriptionExpired(String)
    /// A renewal cannot be forced while a payment is failing: fix the billing issue instead.
    case inBillingRetry(String)
    /// Nothing to fix: no renewal's payment is failing.
    case noBillingIssue(String)
    case noPriceIncreasePending(String)
    /// An App Store storefront the store does not know.
    case unknownStorefront(String)
    /// The product is not sold in the storefront, so it has no price there to change.
    case notSoldIn(String, storefront: String)
    /// A price of zero or below.
    case invalidPrice(Decimal)
    /// The price the plan is charged at already in the storefront: nothing changes.
    case samePrice(String, price: Decimal, storefront: String)
    /// A non-consumable the signed-in account owns, bought outside the app: elsewhere it is
    /// only downloaded again.
    case alreadyPurchased(String)
    /// No offer code of that name: of the product, or (nil) of any subscription sold here.
    case noSuchOfferCode(String, productID: String?)
    /// An offer code for customers new to the group or whose plan ended: the account has
    /// `productID`, a plan of its group.
    case offerCodeWhileSubscribed(String, productID: String)
    /// An offer code not for customers where the account stands (new to the group, or its plan ended).
    case offerCodeNotEligible(String, customer: OfferCodeEligibility)
    /// A code redeemed while subscribed already waits for the next renewal.
    case offerCodeAlreadyRedeemed(String)
    /// The introductory offer was asked for a product that has none.
    case noIntroductoryOffer(String)
    /// A billing plan (MONTHLY) was asked for a product that does not sell it.
    case noSuchBillingPlan(String, productID: String)
    /// The introductory offer was asked and would not apply: the account had one of the group
    /// already, or (`subscribedTo`) a plan of the group gives access, and an offer starts a subscription.
    case introductoryOfferUnavailable(String, subscribedTo: String?)
    /// Auto-renew off was asked of a purchase that only changes the plan the next renewal of
    /// `plan` is for (a downgrade): it starts by renewing, which auto-renew off would prevent.
    case changesAtRenewal(String, plan: String)
    // The history (`StoreAdmin.refundTransaction`, `deleteTransaction`, `clearPurchaseHistory`).
    /// Only a completed purchase can be refunded (not a restored, failed or waiting one).
    case notCompletedPurchase(String, TransactionState)
    case alreadyRefunded(String)
    /// The app has not finished it yet: it still waits in the queue.
    case notFinished(String)
    /// A consumable is refunded in full only.
    case consumableProrated(String)
    /// A subscription's period that has ended has no time left to refund in part.
    case periodEnded(String)
    /// A subscription's period is refunded in part by the time left in it, not by a percentage.
    case proratedByTimeLeft(String)
    /// A purchase without a period has no time left to refund: it is refunded by a percentage.
    case noPeriodToProrate(String)
    /// A refund of no part of the price or of more than all of it (thousandths of a percent).
    case invalidRefundPercentage(Int)
    /// Signed out: no account's history to clear.
    case signedOut
    // Refund requests (`StoreAdmin.requestRefund`, `answerRefundRequest`).
    /// A refund request is the signed-in account's, for a purchase of its own.
    case otherAccountsPurchase(String)
    /// A refund was asked for this purchase already (`RefundRequestError.duplicateRequest`).
    case refundAlreadyRequested(String)
    case noRefundRequest(String)
    /// The request was approved or declined already.
    case refundRequestAnswered(String, RefundRequestStatus)
}
