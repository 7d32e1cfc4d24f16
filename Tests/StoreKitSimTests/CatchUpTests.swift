import Foundation
import SampleApp
import Testing
@testable import AppStoreCore
@testable import StoreKitSim

/// A store far behind (a fast rate left running) catches up a chunk at a time, each chunk a
/// commit of its own, and says how far it has got between them: it ends in the same records as
/// the whole way done in one change.
@Suite struct CatchUpTests {
    /// A monthly subscription on store.sqlite, the rate then made a year a second, and
    /// `seconds` of real time gone by with nothing running: `seconds` × 12 renewals due.
    static func behind(seconds: Double) throws -> Harness {
        let t = try Harness.onDisk()
        try t.buy(ID.monthly)
        try t.set { $0.timeRate = TimeRate("1y-per-s")! }
        t.clock.advance(by: seconds)
        return t
    }

    /// Every transaction of the history and every status, as the store holds them.
    static func everything(_ t: Harness) throws -> (transactions: [Transaction], statuses: [SubscriptionStatus]) {
        (try t.storage.history(last: nil, finishedOnly: false), try t.storage.load().subscriptions)
    }

    @Test func aCatchUpOverManyPeriodsReportsProgressAndEndsInTheSameRecords() throws {
        let chunked = try Self.behind(seconds: 100)
        var reports: [PaymentQueue.CatchUp] = []
        chunked.queue.raw.onCatchUp = { reports.append($0) }
        // The queue alone, the app not finishing what it hears: the same records either way.
        _ = try chunked.queue.raw.tick()

        // The same store done the whole way in one change, by a queue no app launched on.
        let whole = try Self.behind(seconds: 100)
        try PaymentQueue(store: whole.store).advance(to: whole.queue.raw.now)

        let (transactions, statuses) = try Self.everything(chunked)
        #expect(transactions.count > 1_200, "a century of monthly renewals")
        #expect(try Self.everything(whole).transactions == transactions)
        #expect(try Self.everything(whole).statuses == statuses)

        // Said along the way, each report further on, the last one done.
        #expect(reports.count >= 3, "\(reports.count) reports")
        #expect(reports.last?.isDone == true && reports.dropLast().allSatisfy { !$0.isDone })
        #expect(zip(reports, reports.dropFirst()).allSatisfy { $0.renewals < $1.renewals && $0.reached <= $1.reached })
        #expect(reports.last?.renewals == transactions.count - 1, "every renewal counted, the purchase not")
        #expect(reports.last?.reached == chunked.queue.raw.now && reports.last?.target == chunked.queue.raw.now)
        #expect(chunked.queue.raw.catchUp == nil, "caught up")
    }

    @Test func aTickWithATimeBudgetLeavesTheRestForTheNextTick() throws {
        let t = try Self.behind(seconds: 100)
        t.queue.raw.catchUpTimeBudget = .zero
        try t.queue.tick()
        let first = try #require(t.queue.raw.catchUp, "one chunk done, the store still behind")
        #expect(first.renewals == PaymentQueue.catchUpChunk && !first.isDone)
        var ticks = 1
        while t.queue.raw.catchUp != nil, ticks < 100 {
            try t.queue.tick()
            ticks += 1
        }
        #expect(t.queue.raw.catchUp == nil && ticks == 3, "a chunk a tick: \(ticks) ticks")
        #expect(t.queue.raw.nextDueDate.map { $0 > t.queue.raw.now } ?? true, "nothing due is left")
        #expect(t.queue.raw.transactions.isEmpty, "the app heard of each renewal and finished it")
    }
}
