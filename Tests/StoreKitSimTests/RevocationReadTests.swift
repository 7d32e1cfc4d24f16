import Foundation
import Testing
@testable import AppStoreCore
@testable import AppStorePersistence
@testable import StoreKitSim

/// The app hears refunds and family revocations from the outbox by reading those alone: a store
/// that never revoked anything decodes none of its events at a launch or a purchase.
@Suite struct RevocationReadTests {
    @Test(arguments: StorageKind.allCases)
    func theAppReadsOnlyItsRevocations(kind: StorageKind) throws {
        let directory = TemporaryDirectory()
        let first = try Harness(storage: try kind.make(directory), directory: directory)
        for _ in 0..<3 { try first.buy(ID.credits5) }
        let spy = CountingStorage(first.storage)
        let t = try Harness(storage: spy, directory: directory, clock: first.clock)
        let bought = try t.buy(ID.premium)
        #expect(spy.eventsRead == 0, "no event decoded by the launch or the purchase")
        // A refund is heard, and read alone: once as the queue's news (a change made on the App
        // Store's side comes back through the outbox), once as the app's revocation.
        try t.hear { try $0.refundTransaction(bought.id) }
        try t.queue.tick()
        #expect(t.app.takenBack == [bought.id])
        #expect(spy.eventsRead == 2, "the refund alone, once by each reader")
        try t.buy(ID.credits5)
        #expect(spy.eventsRead == 2)
    }

    /// The storage's read: the account's revocations after a cursor, and the last event id.
    @Test(arguments: StorageKind.allCases)
    func revocationsAreTheAccountsAfterTheCursor(kind: StorageKind) throws {
        let directory = TemporaryDirectory()
        let t = try Harness(storage: try kind.make(directory), directory: directory)
        let account = try #require(try t.storage.settings().account)
        let kept = try t.buy(ID.premium)
        let refunded = try t.buy(ID.credits5)
        try t.hear { try $0.refundTransaction(refunded.id) }
        let afterRefund = try t.storage.lastEventID()
        let again = try t.buy(ID.credits5)
        try t.hear { try $0.refundTransaction(again.id) }
        try t.buy(ID.credits10)
        let all = try t.storage.revocations(of: account, after: 0)
        #expect(all.events.map(\.transactionID) == [refunded.id, again.id])
        #expect(all.events.allSatisfy { $0.kind == .refunded && $0.transaction?.isRevoked == true })
        #expect(all.last == (try t.storage.lastEventID()))
        #expect(try t.storage.revocations(of: account, after: afterRefund).events.map(\.transactionID) == [again.id])
        #expect(try t.storage.revocations(of: "other@example.com", after: 0).events.isEmpty)
        #expect(!all.events.contains { $0.transactionID == kept.id })
    }
}

/// Storage that counts the events it hands out decoded and its write transactions (`update`);
/// everything else is `inner`'s.
final class CountingStorage: ForwardingStorage {
    private(set) var eventsRead = 0
    private(set) var updates = 0

    override func events(after id: Int64, limit: Int?) throws -> [StoreEvent] {
        let events = try inner.events(after: id, limit: limit)
        eventsRead += events.count
        return events
    }
    override func revocations(of account: String, after id: Int64) throws -> (events: [StoreEvent], last: Int64) {
        let read = try inner.revocations(of: account, after: id)
        eventsRead += read.events.count
        return read
    }
    override func consume<T>(_ reader: String, from start: Int64, limit: Int?, _ body: ([StoreEvent]) throws -> T) throws -> T {
        try inner.consume(reader, from: start, limit: limit) { events in
            eventsRead += events.count
            return try body(events)
        }
    }
    override func update<T>(including ids: Set<String>, _ body: (inout StoreWorkingSet) throws -> T) throws -> T {
        updates += 1
        return try inner.update(including: ids, body)
    }
}
