@testable import CatalogFiles
import Foundation
import Testing
@testable import AppStoreCore
@testable import StoreKitSim

@Suite struct SubscriptionTests {
    private let week = SubscriptionPeriod(value: 1, unit: .week)
    private let month = SubscriptionPeriod(value: 1, unit: .month)
    private let year = SubscriptionPeriod(value: 1, unit: .year)

    @Test func firstPurchaseGetsTheOneWeekFreeTrial() throws {
        let t = try Harness()
        let first = try t.buy(ID.monthly)
        #expect(first.queueState.state == .purchased)
        #expect(first.isTrialPeriod == true)
        let trialEnd = try #require(first.expirationDate)
        #expect(trialEnd == week.added(to: first.queueState.transactionDate))
        #expect(t.app.subscriptionExpiry(ID.monthly) == trialEnd)
        #expect(t.deliveries == [.subscription(ID.monthly, expires: trialEnd)])
        #expect(throws: StoreError.alreadyOwned, "subscribed until the trial ends") {
            try t.queue.add(Payment(productID: ID.monthly))
        }
    }

    @Test func passingTheExpiryRenewsWithANewPurchasedTransaction() throws {
        let t = try Harness()
        let first = try t.buy(ID.monthly)
        let trialEnd = try #require(first.expirationDate)
        #expect(t.queue.nextDueDate == trialEnd, "the queue wakes for the renewal")

        t.clock.advance(by: trialEnd.timeIntervalSince(t.clock.now) - 1)
        try t.queue.tick()
        #expect(try t.records.signedInPurchases.count == 1, "no renewal before the period ends")

        t.clock.advance(by: 2)
        try t.queue.tick()
        let receipt = try t.records.signedInPurchases
        #expect(receipt.count == 2)
        let renewal = try #require(receipt.last)
        #expect(renewal.id != first.id)
        #expect(renewal.productID == ID.monthly)
        #expect(renewal.originalID == first.id)
        #expect(renewal.isTrialPeriod == false)
        #expect(renewal.queueState.transactionDate == trialEnd, "renewed at the end of the trial")
        #expect(renewal.expirationDate == month.added(to: trialEnd))
        #expect(renewal.queueState.finished)
        #expect(t.states(of: renewal.id) == [.purchased], "delivered to the app as an update")
        #expect(t.app.subscriptionExpiry(ID.monthly) == renewal.expirationDate)
        #expect(t.app.isSubscriptionActive(ID.monthly, now: t.clock.now))
        #expect(t.queue.nextDueDate == renewal.expirationDate)
    }

    @Test func aLongAbsenceRenewsOncePerPeriodMissed() throws {
        let t = try Harness()
        let first = try t.buy(ID.monthly)
        let trialEnd = try #require(first.expirationDate)
        let threeMonthsLater = month.added(to: month.added(to: month.added(to: trialEnd)))
        t.clock.advance(by: threeMonthsLater.timeIntervalSince(t.clock.now) - 1)
        try t.queue.tick()
        let renewals = try t.records.signedInPurchases.dropFirst()
        #expect(renewals.map(\.queueState.transactionDate) == [trialEnd, month.added(to: trialEnd), month.added(to: month.added(to: trialEnd))])
        #expect(renewals.allSatisfy { $0.originalID == first.id })
        #expect(t.app.subscriptionExpiry(ID.monthly) == threeMonthsLater)
    }

    /// An app closed for centuries (a fast clock, an old store): every missed renewal is made,
    /// in order, a period apart, but one step of the store gives the app a bounded number, so
    /// neither the store nor the app is held; the next steps go on.
    @Test func aStoreCenturiesBehindCatchesUpInBoundedSteps() throws {
        let t = try Harness()
        let first = try t.buy(ID.monthly)
        let start = try #require(first.expirationDate)
        let missed = StoreWorkingSet.mostEventsAtOnce + 40 * 12
        let end = (0..<missed).reduce(start) { end, _ in month.added(to: end) }
        t.clock.advance(by: end.timeIntervalSince(t.clock.now) - 1)

        // The app hears of each renewal; delivering them is its own work, not this test's.
        let later = try Harness(storage: t.storage, directory: t.directory, clock: t.clock, launch: false)
        later.app.handlesTransactions = false
        _ = try later.app.launch()
        #expect(try later.records.signedInPurchases.count == 1 + StoreWorkingSet.mostEventsAtOnce, "the launch's step: a bounded number")
        #expect(later.updates.count == StoreWorkingSet.mostEventsAtOnce)
        var steps = 1
        while let due = later.queue.nextDueDate, due <= later.queue.now, steps <= missed {
            try later.queue.tick()
            steps += 1
        }
        let renewals = try later.records.signedInPurchases.dropFirst()
        #expect(renewals.count == missed)
        #expect(steps == (missed + StoreWorkingSet.mostEventsAtOnce - 1) / StoreWorkingSet.mostEventsAtOnce)
        #expect(renewals.first?.queueState.transactionDate == start)
        #expect(zip(renewals, renewals.dropFirst()).allSatisfy { $1.queueState.transactionDate == $0.expirationDate }, "each a period after the one before")
        #expect(renewals.allSatisfy { $0.expirationDate == month.added(to: $0.queueState.transactionDate) })
        #expect(renewals.allSatisfy { $0.originalID == first.id && $0.reason == .renewal })
        #expect(later.updates.map(\.id) == renewals.map(\.id), "the app heard of each, in order")
        #expect(try later.records.latestExpiry(of: ID.monthly) == end)
    }

    /// However many renewals wait for the app (the store advanced decades while it was closed),
    /// its launch takes them as one batch: each heard of and delivered, all finished in one
    /// change to the store, so a launch costs the same number of commits whatever the queue holds.
    @Test func renewalsWaitingAtLaunchAreFinishedInOneChange() throws {
        let t = try Harness()
        try t.buy(ID.monthly)
        try PaymentQueue(store: t.store).advance(by: try #require(StoreDuration("10y")))
        let waiting = try t.records.queue
        #expect(waiting.count == 10 * 12)
        let before = try #require(Int(t.storage.changeToken()))
        let launched = try t.relaunched()
        #expect(try #require(Int(t.storage.changeToken())) == before + 1, "every finish at once")
        #expect(launched.updates.map(\.id) == waiting.map(\.id), "each heard of, in order")
        #expect(Set(launched.finishedIDs) == Set(waiting.map(\.id)))
        #expect(launched.app.subscriptionExpiry(ID.monthly) == waiting.last?.expirationDate)
        #expect(launched.app.deliveredUnfinished.isEmpty)
        #expect(try launched.records.queue.isEmpty)
    }

    /// Store time moving on decades while the app watches (a walkthrough's `advance`): the
    /// renewals are made in one round and the app finishes them at once, not a commit or two
    /// for each, with the store's queue growing as it goes.
    @Test func decadesAdvancedWhileTheAppWatchesTakeAFewChanges() throws {
        let t = try Harness()
        let first = try t.buy(ID.monthly)
        let before = try #require(Int(t.storage.changeToken()))
        try t.queue.advance(by: try #require(StoreDuration("40y")))
        let renewals = t.updates.filter { $0.reason == .renewal }
        #expect(renewals.count == 40 * 12)
        #expect(renewals.first?.queueState.transactionDate == first.expirationDate)
        #expect(try #require(Int(t.storage.changeToken())) == before + 3, "the clock moved, the renewals made, all finished")
        #expect(t.app.subscriptionExpiry(ID.monthly) == renewals.last?.expirationDate)
        #expect(try t.records.queue.isEmpty)
    }

    /// Store side (a parent's device, `storefront advance`), where nobody hears of it: the whole
    /// way in one commit, each renewal made once, at its time.
    @Test func aStoreSideAdvanceCatchesUpAllAtOnce() throws {
        let t = try Harness()
        let first = try t.buy(ID.monthly)
        let storeSide = PaymentQueue(store: t.store)
        let changes = try storeSide.advance(by: try #require(StoreDuration("20y"))).changes
        let now = storeSide.now
        let dates = sequence(first: try #require(first.expirationDate)) { month.added(to: $0) }.prefix { $0 <= now }
        #expect(changes.map(\.queueState.transactionDate) == Array(dates))
        #expect(changes.allSatisfy { $0.originalID == first.id })
        #expect(try t.records.latestExpiry(of: ID.monthly).map { $0 > now } == true)
    }

    @Test func renewalWhileTheAppIsKilledIsDeliveredAtTheNextLaunch() throws {
        let t = try Harness()
        let first = try t.buy(ID.monthly)
        t.app.handlesTransactions = false
        t.clock.advance(by: try #require(first.expirationDate).timeIntervalSince(t.clock.now) + 1)
        try t.queue.tick()
        let renewal = try #require(try t.records.signedInPurchases.last)
        #expect(!renewal.queueState.finished)
        #expect(t.app.subscriptionExpiry(ID.monthly) == first.expirationDate)

        let relaunch = try t.relaunched()
        #expect(relaunch.app.events.first == .updated(renewal, redelivered: true))
        #expect(relaunch.app.subscriptionExpiry(ID.monthly) == renewal.expirationDate)
        #expect(try relaunch.transaction(renewal.id).queueState.finished)
    }

    @Test func theTrialIsOncePerSubscriptionGroup() throws {
        // The group's yearly plan with the monthly plan's free trial.
        var catalog = try CatalogLoader.defaultCatalog()
        let index = try #require(catalog.products.firstIndex { $0.id == ID.proYearly })
        let trial = catalog.product(ID.monthly)?.subscription?.introductoryOffer
        catalog.products[index].subscription?.introductoryOffer = trial
        let yearly = catalog.products[index]
        try #require(yearly.subscription?.period == year)
        let t = try Harness(catalog: catalog)
        // The one question the storefront's rows and sheet ask too, answered as the purchase is.
        #expect(try t.records.isEligibleForIntroOffer(yearly.id, catalog: catalog))
        #expect(try !t.records.isEligibleForIntroOffer(ID.yearly, catalog: catalog), "a non-renewing pass has no trial")
        #expect(try !t.records.isEligibleForIntroOffer(ID.premium, catalog: catalog))

        let first = try t.buy(ID.monthly)
        #expect(first.isTrialPeriod == true)
        #expect(try !t.records.isEligibleForIntroOffer(yearly.id, catalog: catalog), "the group's trial is used")
        // One plan of a group at a time: the yearly plan is bought once the monthly one ended.
        try t.hear { try $0.setAutoRenew(ID.monthly, on: false, account: t.signedIn) }
        t.clock.advance(by: try #require(first.expirationDate).timeIntervalSince(t.clock.now) + 1)
        try t.queue.tick()
        #expect(try !t.records.isEligibleForIntroOffer(yearly.id, catalog: catalog), "still used after it ended")
        let second = try t.buy(yearly.id)
        #expect(second.queueState.state == .purchased)
        #expect(second.isTrialPeriod == false, "the group's trial was used")
        #expect(second.expirationDate == year.added(to: second.queueState.transactionDate))
    }

    @Test func nonRenewingHasNoTrialAndNeverRenews() throws {
        let t = try Harness()
        let pass = try t.buy(ID.yearly)
        #expect(pass.isTrialPeriod == nil)
        #expect(pass.expirationDate == nil, "the store does not track non-renewing periods")
        let expiry = try #require(t.app.subscriptionExpiry(ID.yearly))
        #expect(expiry == year.added(to: pass.queueState.transactionDate))
        #expect(t.queue.nextDueDate == nil)

        t.clock.advance(by: expiry.timeIntervalSince(t.clock.now) + 1)
        try t.queue.tick()
        #expect(try t.records.signedInPurchases.count == 1)
        #expect(!t.app.isSubscriptionActive(ID.yearly, now: t.clock.now))
    }

    @Test func buyingANonRenewingPassAgainExtendsTheAppsOwnExpiry() throws {
        let t = try Harness()
        let first = try t.buy(ID.yearly)
        let firstExpiry = try #require(t.app.subscriptionExpiry(ID.yearly))
        #expect(firstExpiry == year.added(to: first.queueState.transactionDate))
        try t.buy(ID.yearly)
        #expect(t.app.subscriptionExpiry(ID.yearly) == year.added(to: firstExpiry))
    }

    @Test func aLapsedPassStartsAgainFromTheNewPurchase() throws {
        let t = try Harness()
        try t.buy(ID.yearly)
        t.clock.advance(by: 400 * 86_400)
        let second = try t.buy(ID.yearly)
        #expect(t.app.subscriptionExpiry(ID.yearly) == year.added(to: second.queueState.transactionDate))
    }
}
