import DataFiles
import Foundation
import GRDB
import Testing
@testable import AppStoreCore
@testable import StoreKitSim

/// The store's own clock: advancing it, running it faster, and what happens as it moves.
@Suite struct StoreClockTests {
    /// Owned for ever stays owned at any time the store's clock reaches, up to the year 9999
    /// (a non-consumable's ownership once ended at `Date.distantFuture`, the year 4001).
    @Test(arguments: StorageKind.allCases)
    func aNonConsumableStaysOwnedPastTheYear4001(kind: StorageKind) throws {
        let clock = ManualClock(now: try #require(JSONCoding.parse("5000-06-01T00:00:00Z")))
        let directory = TemporaryDirectory()
        let t = try Harness(storage: try kind.make(directory), directory: directory, clock: clock)
        try t.buy(ID.premium)
        let premium = try #require(t.store.catalog.product(ID.premium))
        let until = try #require(t.queue.raw.records.ownedUntil(premium))
        #expect(until > t.queue.raw.now, "owned until \(until), before store time \(t.queue.raw.now)")
    }

    @Test func advancingMovesStoreTimeForEveryProcessOnTheStore() throws {
        let t = try Harness.onDisk()
        let start = try t.store.now()
        #expect(start == t.clock.now, "a new store keeps real time")
        try t.queue.advance(by: try #require(StoreDuration("2h")))
        #expect(try t.store.now() == start + 7200)
        // Another terminal: its own connection, the same wall clock.
        let other = AppStore(catalog: t.store.catalog, storage: try storeDatabase(t.directory), wallClock: t.clock)
        #expect(try other.now() == start + 7200)
        t.clock.advance(by: 30)
        #expect(try other.now() == start + 7230, "store time goes on at the rate from where it was moved to")
        #expect(try t.relaunched().store.now() == start + 7230, "kept in store.sqlite")
    }

    @Test func anAskToBuyRequestNobodyAnswersLapsesAfter24HoursWithNoUpdate() throws {
        let t = try Harness { $0.askToBuy = true }
        let request = try t.buy(ID.premium)
        try t.queue.advance(by: try #require(StoreDuration("23h")))
        #expect(try t.records.pendingApprovals.map(\.id) == [request.id], "still waiting after 23 hours")
        let changes = try t.queue.advance(by: try #require(StoreDuration("2h")))
        #expect(try t.records.pendingApprovals.isEmpty)
        #expect(changes.map(\.id) == [request.id] && changes[0].hasLapsed, "advance says what it dropped")
        #expect(t.states(of: request.id) == [.purchasing, .deferred], "dropped with no callback to the app")
        #expect(t.queue.transactions.isEmpty)
        #expect(throws: StoreAdminError.lapsed(request.id)) { try t.queue.approve(transactionID: request.id) }
        #expect(t.app.isPurchased(ID.premium) == false)
    }

    @Test func aRepeatedRequestStartsItsTwentyFourHoursAgain() throws {
        let t = try Harness { $0.askToBuy = true }
        let request = try t.buy(ID.premium)
        try t.queue.advance(by: try #require(StoreDuration("20h")))
        #expect(try t.queue.add(Payment(productID: ID.premium)).id == request.id, "merged into the waiting request")
        try t.queue.advance(by: try #require(StoreDuration("20h")))
        #expect(try t.records.pendingApprovals.map(\.id) == [request.id], "40 hours after the first ask, 20 after the second")
        try t.queue.advance(by: try #require(StoreDuration("5h")))
        #expect(try t.records.pendingApprovals.isEmpty)
    }

    @Test func advancingRenewsEachPeriodInOrderAtItsOwnTime() throws {
        let t = try Harness()
        let bought = try t.buy(ID.monthly)
        // The monthly plan opens with a free trial: the first renewal is at its end.
        let first = try #require(bought.expirationDate)
        let changes = try t.queue.advance(by: try #require(StoreDuration("3mo")))
        let renewals = changes.filter { $0.reason == .renewal }
        #expect(renewals.count >= 2)
        #expect(renewals.first?.queueState.transactionDate == first, "each renewal is dated at the end of the period before it")
        for (earlier, later) in zip(renewals, renewals.dropFirst()) {
            #expect(later.queueState.transactionDate == earlier.expirationDate)
            #expect(Int(later.id)! == Int(earlier.id)! + 1, "made in order")
        }
        #expect(try #require(renewals.last?.expirationDate) > (try t.store.now()), "renewed up to now, not past it")
        #expect(t.app.subscriptionExpiry(ID.monthly) == renewals.last?.expirationDate, "the open app got every renewal")
    }

    @Test func thingsDueDuringOneAdvanceHappenInTheOrderOfTheirDueDates() throws {
        let t = try Harness { $0.askToBuy = true }
        // A request made now lapses in 24 hours; a subscription's trial ends before that only
        // if shorter, so use the order of the purchase answer and the lapse.
        let started = try t.queue.add(Payment(productID: ID.premium))
        try t.queue.confirm(started)
        let changes = try t.queue.advance(by: try #require(StoreDuration("2d")))
        // Answered after the latency (deferred), then dropped a day later: the same row, so
        // the one change shows where it ended.
        #expect(changes.map(\.id) == [started.id])
        #expect(try t.transaction(started.id).hasLapsed)
        #expect(t.states(of: started.id) == [.purchasing, .deferred])
    }

    @Test func aFasterRateRunsOnFromTheStoreTimeOfTheChange() throws {
        let t = try Harness.onDisk()
        let start = try t.store.now()
        t.clock.advance(by: 10)
        try t.set { $0.timeRate = try! #require(TimeRate("1d-per-s")) }
        #expect(try t.store.now() == start + 10, "no jump when the rate changes")
        t.clock.advance(by: 2)
        #expect(try t.store.now() == start + 10 + 2 * 86_400)
        try t.set { $0.timeRate = .realtime }
        t.clock.advance(by: 1)
        #expect(try t.store.now() == start + 11 + 2 * 86_400, "back to real time, from where it was")
    }

    @Test func theLatencyStaysInRealSecondsAtAFasterRate() throws {
        let t = try Harness { $0.timeRate = TimeRate("1d-per-s")! }
        let started = try t.queue.add(Payment(productID: ID.credits5))
        try t.queue.confirm(started)
        let due = try #require(t.queue.nextDueDate)
        #expect(due == t.queue.now + Harness.latency * 86_400, "a due date in store time")
        #expect(t.queue.realInterval(until: due) == Harness.latency, "a presenter still waits the latency they set")
        t.clock.advance(by: Harness.latency)
        try t.queue.tick()
        #expect(try t.transaction(started.id).queueState.state == .purchased)
    }

    @Test func aProductsRequestIsAnsweredAfterTheLatencyInStoreTime() throws {
        let t = try Harness()
        var request = ProductsRequest(productIdentifiers: [ID.premium], store: t.store)
        try request.start()
        #expect(try request.response() == nil)
        try t.queue.advance(by: try #require(StoreDuration("1s")))
        #expect(try request.response() != nil, "advancing store time answers it, as waiting does")
    }

    // MARK: Edges

    @Test func changingTheRateKeepsWhatIsInFlightToItsRealSeconds() throws {
        let t = try Harness { $0.timeRate = TimeRate("1d-per-s")! }
        let started = try t.queue.add(Payment(productID: ID.credits5))
        try t.queue.confirm(started)
        try t.set { $0.timeRate = .realtime }
        try t.queue.refresh()
        #expect(t.queue.nextDueDate == t.queue.now + Harness.latency, "not a day of real time at the new rate")
        t.clock.advance(by: Harness.latency)
        try t.queue.tick()
        #expect(try t.transaction(started.id).queueState.state == .purchased)
    }

    @Test func aRestoreAnsweredWhileAnotherProcessAdvancedTimeStillEnds() throws {
        let t = try Harness.onDisk()
        try t.buy(ID.premium)
        try t.queue.restoreCompletedTransactions()
        // `storefront advance 1min` in another terminal answers the restore.
        try PaymentQueue(store: AppStore(catalog: t.store.catalog, storage: try storeDatabase(t.directory), wallClock: t.clock))
            .advance(by: try #require(StoreDuration("1min")))
        try t.queue.tick()
        #expect(t.app.events.last == .restoreFinished, "the app is not left waiting for it")
        #expect(t.queue.nextDueDate == nil)
    }

    @Test func realTimeSetBackBeforeTheAnchorStopsThereInsteadOfRunningBackAtTheRate() throws {
        let t = try Harness { $0.timeRate = TimeRate("1d-per-s")! }
        let anchored = try t.store.now()
        t.clock.advance(by: -5)
        #expect(try t.store.now() == anchored, "not five days back")
    }

    @Test func storeTimeStopsAtTheLastTimeItCanHold() throws {
        let t = try Harness()
        for _ in 0..<81 { try t.queue.advance(by: try #require(StoreDuration("100y"))) }
        #expect(try t.store.now() == StoreTimes.range.upperBound)
        let changes = try t.queue.advance(by: try #require(StoreDuration("1d")))
        #expect(changes.isEmpty)
        #expect(try t.store.now() == StoreTimes.range.upperBound)
    }

    @Test func clockAnchorsFromAHandEditAreRefusedByName() throws {
        let directory = TemporaryDirectory()
        let t = try Harness.onDisk(directory)
        try t.queue.advance(by: try #require(StoreDuration("1h")))
        let url = directory.dataDirectory.storeDatabaseURL
        try DatabaseQueue(path: url.path).write { db in try db.execute(sql: "UPDATE store SET clockRealAnchor = NULL") }
        let half = try #require(throws: DataFileError.self) { try storeDatabase(directory).load() }
        #expect(half.location == "store, columns clockRealAnchor and clockStoreAnchor")
        try DatabaseQueue(path: url.path).write { db in
            try db.execute(sql: "UPDATE store SET clockRealAnchor = 0, clockStoreAnchor = -9223372036854775808")
        }
        let far = try #require(throws: DataFileError.self) { try AppStore(catalog: t.store.catalog, storage: try storeDatabase(directory)).now() }
        #expect(far.location == "store, column clockStoreAnchor")
        #expect(far.problem.contains("outside the years 1970 to 9999"))
    }

    @Test(arguments: ["P36501D", "P5201W", "P1201M", "P101Y", "P9223372036854775807D"])
    func periodsPastAHundredYearsAreNotPeriods(text: String) {
        #expect(SubscriptionPeriod(iso8601: text) == nil)
    }

    // MARK: Parsing

    @Test(arguments: [
        ("1d-per-s", 86_400.0), ("1h-per-s", 3600.0), ("1mo-per-30s", 86_400.0), ("1w-per-min", 10_080.0),
        ("realtime", 1.0), ("2d-per-2s", 86_400.0), ("1y-per-s", 31_536_000.0),
    ])
    func timeRatesAsTyped(text: String, factor: Double) throws {
        let rate = try #require(TimeRate(text))
        #expect(rate.factor == factor)
        #expect(TimeRate(rate.description) == rate, "what `clock` shows, `set` takes")
    }

    @Test(arguments: ["", "fast", "1d", "1d-per-", "0d-per-s", "1s-per-1d", "2y-per-s", "1d-per-s-per-s", "-1d-per-s"])
    func textThatIsNoRate(text: String) {
        #expect(TimeRate(text) == nil)
    }

    @Test(arguments: [("90s", 90.0), ("30min", 1800.0), ("2h", 7200.0), ("3d", 259_200.0), ("1w", 604_800.0), ("d", 86_400.0)])
    func durationsAsTyped(text: String, seconds: Double) throws {
        #expect(try #require(StoreDuration(text)).seconds == seconds)
    }

    @Test(arguments: ["", "0d", "-1d", "3x", "1.5h", "101y", "99999999999999999999d", "h1"])
    func textThatIsNoDuration(text: String) {
        #expect(StoreDuration(text) == nil)
    }

    @Test func aMonthFollowsTheCalendar() throws {
        let january31 = try #require(JSONCoding.parse("2030-01-31T09:00:00Z"))
        #expect(try #require(StoreDuration("1mo")).added(to: january31) == JSONCoding.parse("2030-02-28T09:00:00Z"))
    }
}
