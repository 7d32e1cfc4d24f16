import Foundation
import SampleApp
import Testing
@testable import AppStoreCore

/// One subscription per group per account, through the payment queue as the app buys.
@Suite struct SubscriptionGroupTests {
    @Test(arguments: StorageKind.allCases)
    func aFirstPurchaseMakesTheGroupsStatusWithItsPurchaseFacts(kind: StorageKind) throws {
        let t = try Harness.plans(kind)
        let first = try t.buy(Plans.proMonthly)
        let status = try #require(try t.status)
        #expect(status.state == .subscribed && status.productID == Plans.proMonthly)
        #expect(status.latestTransactionID == first.id && status.originalTransactionID == first.id)
        #expect(first.purchaseDate == first.queueState.transactionDate && first.originalPurchaseDate == first.queueState.transactionDate)
        #expect(first.storefront == "USA" && first.currency == "USD" && first.price == 0, "a free trial")
        #expect(first.offer?.paymentMode == .freeTrial && first.webOrderLineItemID == first.id)
        let product = try #require(Plans.catalog.product(Plans.proMonthly))
        #expect(try t.records.ownedUntil(product) == status.expiresDate)
    }

    @Test(arguments: StorageKind.allCases)
    func buyingTheSamePlanWhileActiveIsRefused(kind: StorageKind) throws {
        let t = try Harness.plans(kind)
        try t.buy(Plans.proMonthly)
        #expect(throws: StoreError.alreadyOwned) { try t.queue.add(Payment(productID: Plans.proMonthly)) }
    }

    @Test(arguments: StorageKind.allCases)
    func anUpgradeEndsTheOldPlansAccessAtOnce(kind: StorageKind) throws {
        let t = try Harness.plans(kind)
        let lite = try t.buy(Plans.liteMonthly)
        t.clock.advance(by: 10 * 86_400)
        let pro = try t.buy(Plans.proMonthly)
        #expect(pro.queueState.state == .purchased && pro.price == 10 && pro.isTrialPeriod == false, "the group's trial: gone with the first plan")
        #expect(pro.expirationDate == Plans.month.added(to: pro.queueState.transactionDate))
        #expect(try t.transaction(lite.id).isUpgraded == true)
        let records = try t.records
        #expect(records.ownedUntil(try #require(Plans.catalog.product(Plans.liteMonthly))) == nil)
        #expect(records.ownedUntil(try #require(Plans.catalog.product(Plans.proMonthly))) == pro.expirationDate)
        // The app drops the upgraded plan's access where the new one starts.
        #expect(t.app.subscriptionExpiry(Plans.liteMonthly) == pro.queueState.transactionDate)
        #expect(t.app.subscriptionExpiry(Plans.proMonthly) == pro.expirationDate)
        let upgraded = try #require(try t.storedEvents.last)
        #expect(upgraded.kind == .upgraded && upgraded.details.refundedAmount.map { $0 > 0 } == true)
    }

    @Test(arguments: StorageKind.allCases)
    func aDowngradeRenewsToTheLowerPlanAtTheNextRenewal(kind: StorageKind) throws {
        let t = try Harness.plans(kind)
        let pro = try t.buy(Plans.proMonthly)
        let lite = try t.buy(Plans.liteMonthly)
        let change = try #require(t.planChange(answering: lite.id), "answered with the plan change, at no charge")
        #expect(change.productID == Plans.liteMonthly && change.date == pro.expirationDate && change.renewalInfo.autoRenewProductID == Plans.liteMonthly)
        #expect(try t.status?.autoRenewProductID == Plans.liteMonthly)
        #expect(try t.status?.productID == Plans.proMonthly)
        #expect(t.queue.transactions.isEmpty, "the app finished it: every payment ends")
        #expect(!t.app.isSubscriptionActive(Plans.liteMonthly, now: t.clock.now), "no access to the lower plan yet")
        #expect(t.app.isSubscriptionActive(Plans.proMonthly, now: t.clock.now))

        try t.advance(to: try #require(pro.expirationDate), plus: 1)
        let renewal = try #require(t.updates.last)
        #expect(renewal.productID == Plans.liteMonthly && renewal.reason == .renewal && renewal.originalID == pro.id)
        #expect(try t.status?.productID == Plans.liteMonthly)
        #expect(t.app.isSubscriptionActive(Plans.liteMonthly, now: t.clock.now))
    }

    /// As the App Store does it: a downgrade, and calling it off, make no transaction. The
    /// renewal info's plan changes (DID_CHANGE_RENEWAL_PREF, subtype DOWNGRADE; none when called
    /// off), the app hears the store's answer (no transaction to finish), and the lower plan's first
    /// transaction is the renewal at the period's end.
    @Test(arguments: StorageKind.allCases)
    func aDowngradeAndCallingItOffMakeNoTransaction(kind: StorageKind) throws {
        let t = try Harness.plans(kind)
        let pro = try t.buy(Plans.proMonthly)
        let made = try t.storage.history(last: nil, finishedOnly: false).map(\.id)
        let lite = try t.buy(Plans.liteMonthly)
        #expect(try t.storage.history(last: nil, finishedOnly: false).map(\.id) == made, "no transaction for the downgrade")
        #expect(lite.isPlanChangeRequest, "a request, not a transaction")
        #expect(try t.storage.transaction(lite.id) == nil, "gone once answered")
        #expect(t.planChange(answering: lite.id)?.kind == .downgrade, "the payment answered")
        #expect(!t.updates.contains { $0.id == lite.id } && !t.finishedIDs.contains(lite.id), "no transaction for the app to finish")
        #expect(t.app.defaults.values[SampleApp.deliveredKey] == nil, "nothing left noted as unfinished")
        var changed = try #require(try t.storedEvents.last)
        #expect(changed.kind == .renewalPreferenceChanged && changed.details.subtype == .downgrade)
        #expect(changed.details.toProductID == Plans.liteMonthly && changed.transaction?.id == lite.id)
        #expect(changed.transactionID == nil, "the event names no transaction: it made none")
        #expect(try t.status?.autoRenewProductID == Plans.liteMonthly && t.status?.latestTransactionID == pro.id)

        let kept = try t.buy(Plans.proMonthly)
        #expect(try t.storage.history(last: nil, finishedOnly: false).map(\.id) == made, "no transaction for calling it off")
        #expect(t.planChange(answering: kept.id).map { $0.callsOff && $0.kind == nil } == true)
        changed = try #require(try t.storedEvents.last)
        #expect(changed.kind == .renewalPreferenceChanged && changed.details.subtype == nil)
        #expect(changed.details.toProductID == Plans.proMonthly)
        #expect(try t.status?.autoRenewProductID == Plans.proMonthly)

        try t.buy(Plans.liteMonthly)
        try t.advance(to: try #require(pro.expirationDate), plus: 1)
        let liteTransactions = try t.storage.history(last: nil, finishedOnly: false).filter { $0.productID == Plans.liteMonthly }
        #expect(liteTransactions.count == 1 && liteTransactions.first?.reason == .renewal, "the renewal is the lower plan's first transaction")
        #expect(liteTransactions.first?.originalID == pro.id && liteTransactions.first?.price == 5)
        #expect(liteTransactions.first.map { Int($0.id) == Int(pro.id)! + 1 } == true, "the next transaction id: none used up by the changes")
    }

    /// The app killed with a downgrade's sheet open, or while the store answers it: the next
    /// launch cancels the sheet (told as a failure, finished, gone) or hears the store's answer
    /// when it comes; a request is never redelivered as a transaction.
    @Test(arguments: StorageKind.allCases)
    func aDowngradeInFlightAtALaunchIsCancelledOrAnsweredNeverATransaction(kind: StorageKind) throws {
        let t = try Harness.plans(kind)
        let pro = try t.buy(Plans.proMonthly)
        let open = try t.queue.add(Payment(productID: Plans.liteMonthly))
        var next = try Harness(storage: t.storage, directory: t.directory, clock: t.clock, catalog: Plans.catalog)
        #expect(next.states(of: open.id) == [.failed] && next.finishedIDs.contains(open.id), "\(next.app.events)")
        #expect(try next.storage.transaction(open.id) == nil)

        let waiting = try next.queue.add(Payment(productID: Plans.liteMonthly))
        try next.queue.confirm(waiting)
        next = try Harness(storage: t.storage, directory: t.directory, clock: t.clock, catalog: Plans.catalog)
        #expect(next.updates.isEmpty && next.planChanges.isEmpty, "in flight: nothing to tell yet, \(next.app.events)")
        next.clock.advance(by: Harness.latency)
        try next.queue.tick()
        #expect(next.planChange(answering: waiting.id)?.kind == .downgrade && next.updates.isEmpty, "\(next.app.events)")
        #expect(try next.status?.autoRenewProductID == Plans.liteMonthly && next.status?.latestTransactionID == pro.id)
        #expect(try next.storage.history(last: nil, finishedOnly: false).map(\.id) == [pro.id])
    }

    /// A plan-change request that fails (cancelled, the network off) is told as a failure, as
    /// any purchase's, and goes once the app finishes it: it never was a transaction, and uses
    /// up no id.
    @Test(arguments: StorageKind.allCases)
    func aFailedDowngradeIsToldAndLeavesNoTransaction(kind: StorageKind) throws {
        let t = try Harness.plans(kind)
        let pro = try t.buy(Plans.proMonthly)
        let cancelled = try t.queue.add(Payment(productID: Plans.liteMonthly))
        try t.queue.cancel(cancelled)
        #expect(t.states(of: cancelled.id) == [.failed] && t.finishedIDs.contains(cancelled.id))
        try t.set { $0.network = false }
        let offline = try t.buy(Plans.liteMonthly)
        #expect(offline.queueState.state == .failed && offline.queueState.error == StoreError(.unknown))
        #expect(t.finishedIDs.contains(offline.id) && t.planChanges.isEmpty)
        #expect(try t.storage.history(last: nil, finishedOnly: false).map(\.id) == [pro.id], "no record left of either")
        #expect(try t.status?.autoRenewProductID == Plans.proMonthly)
        try t.set { $0.network = true }
        let coins = try t.buy(Plans.coins)
        #expect(Int(coins.id) == Int(pro.id)! + 1)
    }

    /// A plan-change request's id is numbered after those the records hold; a store whose bytes
    /// hold the largest number (a damaged file) gets the smallest free one, never an overflow.
    @Test func aPlanChangeRequestsIDNeverOverflows() {
        var records = StoreWorkingSet()
        func request(_ number: String) -> Transaction {
            Transaction(id: Transaction.planChangeRequestPrefix + number, payment: Payment(productID: Plans.liteMonthly),
                        state: .failed, date: Date(timeIntervalSince1970: 1_800_000_000), account: records.settings.account)
        }
        records.transactions = [request("2"), request("-5")]
        #expect(records.makePlanChangeRequestID() == Transaction.planChangeRequestPrefix + "3")
        records.transactions = [request("1"), request(String(Int.max))]
        #expect(records.makePlanChangeRequestID() == Transaction.planChangeRequestPrefix + "2")
    }

    /// Apple's rule: an account may have the introductory offer unless it received one for a
    /// plan of the group, so subscribing without one does not use it up. A plan change while a
    /// plan gives access gets none; a new subscription after it ended does, once, however long
    /// ago (the store's records keep it in sight past every renewal since).
    @Test(arguments: StorageKind.allCases)
    func theIntroductoryOfferIsOncePerGroupAndNeverForAPlanChange(kind: StorageKind) throws {
        let t = try Harness.plans(kind)
        let lite = try t.buy(Plans.liteMonthly)
        #expect(lite.offer == nil && lite.price == 5)
        var records = try t.records
        #expect(records.isEligibleForIntroOffer(Plans.proMonthly, catalog: Plans.catalog), "Lite had no offer: nothing used up")
        #expect(!records.introOfferApplies(Plans.proMonthly, catalog: Plans.catalog), "an upgrade gets none")
        let pro = try t.buy(Plans.proMonthly)
        #expect(pro.offer == nil && pro.isTrialPeriod == false && pro.price == 10)

        try t.hear { try $0.setAutoRenew(Plans.proMonthly, on: false, account: t.signedIn) }
        try t.advance(to: try #require(pro.expirationDate), plus: 1)
        records = try t.records
        #expect(records.introOfferApplies(Plans.proMonthly, catalog: Plans.catalog), "a new subscription gets it")
        let trial = try t.buy(Plans.proMonthly)
        #expect(trial.isTrialPeriod == true && trial.offer?.type == .introductory && trial.price == 0)

        // Renewed past the trial, then ended again: the offer was had.
        try t.advance(to: try #require(trial.expirationDate), plus: 1)
        try t.hear { try $0.setAutoRenew(Plans.proMonthly, on: false, account: t.signedIn) }
        try t.advance(to: try #require(try t.status?.expiresDate), plus: 1)
        #expect(try t.status?.state == .expired)
        records = try t.records
        #expect(!records.isEligibleForIntroOffer(Plans.proMonthly, catalog: Plans.catalog))
        #expect(!records.introOfferApplies(Plans.proMonthly, catalog: Plans.catalog))
        let again = try t.buy(Plans.proMonthly)
        #expect(again.offer == nil && again.price == 10)
    }

    /// Buying the plan a waiting downgrade already renews to would change nothing: refused as
    /// buying the plan one has is, rather than completed for nothing with no event. With
    /// auto-renew off it turns auto-renew back on.
    @Test(arguments: StorageKind.allCases)
    func buyingTheWaitingDowngradesPlanAgainIsRefused(kind: StorageKind) throws {
        let t = try Harness.plans(kind)
        try t.buy(Plans.proMonthly)
        try t.buy(Plans.liteMonthly)
        let events = try t.storedEvents
        #expect(throws: StoreError.alreadyOwned) { try t.queue.add(Payment(productID: Plans.liteMonthly)) }
        #expect(try t.storedEvents == events)

        try t.hear { try $0.setAutoRenew(Plans.proMonthly, on: false, account: t.signedIn) }
        let again = try t.buy(Plans.liteMonthly)
        #expect(t.planChange(answering: again.id).map { $0.kind == .downgrade && $0.productID == Plans.liteMonthly } == true)
        #expect(try t.status?.willAutoRenew == true && t.status?.autoRenewProductID == Plans.liteMonthly)
        #expect(try t.storedEvents.last?.kind == .autoRenewEnabled && t.storedEvents.last?.transaction?.id == again.id)
        #expect(try t.storedEvents.last?.transactionID == nil, "no transaction made")
    }

    @Test(arguments: StorageKind.allCases)
    func buyingTheCurrentPlanBackKeepsItsRenewal(kind: StorageKind) throws {
        let t = try Harness.plans(kind)
        let pro = try t.buy(Plans.proMonthly)
        try t.buy(Plans.liteMonthly)
        let back = try t.buy(Plans.proMonthly)
        #expect(t.planChange(answering: back.id).map { $0.callsOff && $0.date == pro.expirationDate } == true)
        #expect(try t.status?.autoRenewProductID == Plans.proMonthly)
        #expect(t.app.subscriptionExpiry(Plans.proMonthly) == pro.expirationDate, "the app's access unchanged")
    }

    @Test(arguments: StorageKind.allCases)
    func afterExpiryAnyPlanOfTheGroupIsAResubscribe(kind: StorageKind) throws {
        let t = try Harness.plans(kind)
        let pro = try t.buy(Plans.proMonthly)
        try t.hear { try $0.setAutoRenew(Plans.proMonthly, on: false, account: t.signedIn) }
        try t.advance(to: try #require(pro.expirationDate), plus: 1)
        #expect(try t.status?.state == .expired)
        #expect(!t.app.isSubscriptionActive(Plans.proMonthly, now: t.clock.now))
        let again = try t.buy(Plans.proYearly)
        #expect(again.originalID == pro.id && again.price == 100)
        let status = try #require(try t.status)
        #expect(status.state == .subscribed && status.productID == Plans.proYearly)
        #expect(status.recentSubscriptionStartDate == again.queueState.transactionDate && status.originalTransactionID == pro.id)
        #expect(try t.storedEvents.last?.kind == .subscribed)
    }

    @Test(arguments: StorageKind.allCases)
    func anAccountsStatusIsItsOwn(kind: StorageKind) throws {
        let t = try Harness.plans(kind)
        try t.buy(Plans.proMonthly)
        try t.set { $0.account = "other@example.com" }
        #expect(try t.status == nil)
        let other = try t.buy(Plans.proMonthly)
        #expect(other.isTrialPeriod == true, "another account's first subscription")
        #expect(try t.records.subscriptions.count == 2)
    }

    /// A store whose purchases were made before statuses were kept: the latest-expiring purchase
    /// of each group becomes its status the first time the rules run, and renews as before.
    @Test func purchasesWithoutAStatusAreAdopted() throws {
        var records = StoreWorkingSet()
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        func purchase(_ id: String, _ productID: String, expires: Date) -> Transaction {
            var t = Transaction(id: id, payment: Payment(productID: productID), state: .purchased, date: now,
                                account: records.settings.account, purchaseFacts: PurchaseFacts(expiresDate: expires))
            t.queueState.finished = true
            return t
        }
        records.transactions = [purchase("1", Plans.liteMonthly, expires: now + 100), purchase("2", Plans.proMonthly, expires: now + 300),
                                purchase("3", Plans.proYearly, expires: now + 200)]
        records.nextTransactionNumber = 4
        records.adoptPurchasesWithoutStatus(catalog: Plans.catalog)
        #expect(records.subscriptions.count == 1)
        let status = try #require(records.subscriptions.first)
        #expect(status.productID == Plans.proMonthly && status.latestTransactionID == "2" && status.expiresDate == now + 300)
        #expect(status.state == .subscribed && status.willAutoRenew)
        let again = records
        records.adoptPurchasesWithoutStatus(catalog: Plans.catalog)
        #expect(records == again, "once")
        #expect(records.nextRenewal(catalog: Plans.catalog) == now + 300)
    }
}
