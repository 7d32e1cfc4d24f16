import Foundation
import Testing
@testable import AppStoreCore
@testable import AppStorePersistence
@testable import StoreKitSim

/// What an advance made or changed is what its events told (`PaymentQueue.Advance.changes`):
/// each transaction an event named, once, where first named, as the advance left it.
@Suite struct AdvanceChangesTests {
    @Test(arguments: [false, true])
    func anAdvancesChangesAreTheTransactionsItsEventsNamed(launched: Bool) throws {
        let t = try Harness()
        try t.buy(ID.monthly)
        try t.set { $0.askToBuy = true }
        #expect(try t.buy(ID.premium).queueState.state == .deferred)
        let from = try t.storage.lastEventID()
        let queue = launched ? t.queue.raw : PaymentQueue(store: t.store)
        let changes = try queue.advance(by: try #require(StoreDuration("3mo"))).changes
        let events = try t.storage.events(after: from, limit: nil)
        var named: [String] = []
        for id in events.compactMap(\.transactionID) where !named.contains(id) { named.append(id) }
        #expect(changes.map(\.id) == named)
        #expect(events.contains { $0.kind == .askToBuyLapsed } && events.contains { $0.kind == .renewed })
        for change in changes {
            #expect(change == events.last { $0.transactionID == change.id }?.transaction, "as the advance left it")
        }
    }
}
