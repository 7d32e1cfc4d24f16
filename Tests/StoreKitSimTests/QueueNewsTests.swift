import Foundation
import Testing
@testable import AppStoreCore
@testable import AppStorePersistence
@testable import StoreKitSim

/// What the open app hears besides the answers to its own calls comes from the store's events
/// written after the queue last read them: each unfinished transaction of the signed-in account
/// they moved, once, as it is now.
@Suite struct QueueNewsTests {
    /// Another process on the same store.sqlite, which launched no app (a parent's device).
    private func elsewhere(_ t: Harness) throws -> PaymentQueue {
        PaymentQueue(store: AppStore(catalog: t.store.catalog, storage: try storeDatabase(t.directory), wallClock: t.clock))
    }

    @Test func aRequestAskedAgainIsNotNews() throws {
        let t = try Harness { $0.askToBuy = true }
        let first = try t.buy(ID.premium)
        let (again, heard) = try t.queue.raw.add(Payment(productID: ID.premium))
        #expect(again.id == first.id)
        #expect(try t.storedEvents.filter { $0.transactionID == first.id }.map(\.kind) == [.askToBuyRequested, .askToBuyRequested])
        #expect(heard.isEmpty, "the app was told it waits, and it still does")
    }

    @Test func anotherProcessesEventsAreHeardOnceWithTheAppsNextChange() throws {
        let t = try Harness.onDisk { $0.askToBuy = true }
        let requested = try t.buy(ID.premium)
        // Approved and bought there: two events name it before the app reads the store again.
        try elsewhere(t).approve(transactionID: requested.id)
        let (credits, heard) = try t.queue.raw.add(Payment(productID: ID.credits5))
        let bought = try t.transaction(requested.id)
        #expect(bought.queueState.state == .purchased)
        #expect(heard == [.updated(bought, .live), .updated(credits, .live)], "each once, in the queue's order")
        #expect(try t.queue.raw.tick().isEmpty, "heard already")
    }

    @Test func aTransactionFinishedBeforeTheAppReadsIsNotTold() throws {
        let t = try Harness.onDisk()
        let other = try t.relaunched()
        // The other run of the app hears of it and finishes it at once.
        let (bought, heard) = try other.hearing { try $0.buyOutsideApp(ID.premium, account: other.signedIn) }
        other.app.receive(heard)
        #expect(try t.transaction(bought.id).queueState.finished)
        #expect(try t.queue.raw.refresh().isEmpty)
    }
}
