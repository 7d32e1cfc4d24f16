@testable import CatalogFiles
import Foundation
import Testing
@testable import AppStoreCore

/// Every rule says what it did, in order, in the store's outbox.
@Suite struct StoreEventTests {
    @Test(arguments: StorageKind.allCases)
    func purchasesAndFailuresAreEvents(kind: StorageKind) throws {
        let t = try Harness.plans(kind)
        let coins = try t.buy(Plans.coins, quantity: 2)
        try t.set { $0.failWith = .paymentInvalid }
        let failed = try t.buy(Plans.coins)
        let events = try t.storedEvents
        #expect(events.map(\.kind) == [.purchased, .purchaseFailed])
        #expect(events.map(\.id) == [1, 2])
        #expect(events[0].transactionID == coins.id && events[0].details.price == 1.98 && events[0].details.currency == "USD")
        #expect(coins.price == 1.98, "what was charged, for the quantity")
        #expect(events[1].transactionID == failed.id && events[1].details.error == StoreError(.paymentInvalid))
    }

    @Test(arguments: StorageKind.allCases)
    func askToBuyIsRequestedApprovedDeclinedAndLapses(kind: StorageKind) throws {
        let t = try Harness.plans(kind) { $0.askToBuy = true }
        let approved = try t.buy(Plans.coins)
        try t.queue.approve(transactionID: approved.id)
        let declined = try t.buy(Plans.proMonthly)
        try t.queue.decline(transactionID: declined.id)
        let lapsed = try t.buy(Plans.proYearly)
        t.clock.advance(by: Transaction.askToBuyLapse + 1)
        try t.queue.tick()
        let events = try t.storedEvents.map { ($0.kind, $0.transactionID) }
        #expect(events.map(\.0) == [.askToBuyRequested, .askToBuyApproved, .purchased, .askToBuyRequested, .askToBuyDeclined,
                                    .askToBuyRequested, .askToBuyLapsed])
        #expect(events.map(\.1) == [approved.id, approved.id, approved.id, declined.id, declined.id, lapsed.id, lapsed.id])
    }

    @Test(arguments: StorageKind.allCases)
    func aResolutionAndARestoreAreEvents(kind: StorageKind) throws {
        let t = try Harness.plans(kind) { $0.interrupted = true }
        let interrupted = try t.buy(Plans.proMonthly)
        try t.set { $0.interrupted = false }
        let resolved = try t.queue.resolve(transactionID: interrupted.id)
        try t.restore()
        let kinds = try t.storedEvents.map(\.kind)
        #expect(kinds == [.purchaseFailed, .resolved, .subscribed, .restored])
        let restored = try #require(t.updates.last { $0.queueState.state == .restored })
        let original = try t.transaction(resolved.id)
        #expect(restored.purchaseDate == original.purchaseDate && restored.price == original.price)
        #expect(restored.offer == original.offer && restored.webOrderLineItemID == original.webOrderLineItemID)
    }

    @Test(arguments: StorageKind.allCases)
    func renewalsAreEventsInOrder(kind: StorageKind) throws {
        let t = try Harness.plans(kind)
        let first = try t.buy(Plans.proMonthly)
        try t.queue.advance(by: try #require(StoreDuration("3mo")))
        let events = try t.storedEvents
        #expect(events.map(\.kind) == [.subscribed, .renewed, .renewed, .renewed])
        #expect(events.dropFirst().allSatisfy { $0.originalTransactionID == first.id })
        #expect(zip(events, events.dropFirst()).allSatisfy { $0.date <= $1.date && $0.id < $1.id })
    }

    @Test(arguments: StorageKind.allCases)
    func aCancelledSheetAndARepeatedRequestAreEvents(kind: StorageKind) throws {
        let t = try Harness.plans(kind)
        let sheet = try t.queue.add(Payment(productID: Plans.coins))
        try t.queue.cancel(sheet)
        try t.set { $0.askToBuy = true }
        let asked = try t.buy(Plans.proMonthly)
        t.clock.advance(by: 3600)
        _ = try t.queue.add(Payment(productID: Plans.proMonthly))
        let events = try t.storedEvents
        #expect(events.map(\.kind) == [.purchaseFailed, .askToBuyRequested, .askToBuyRequested])
        #expect(events[0].details.error == StoreError(.paymentCancelled))
        #expect(events[2].transactionID == asked.id && events[2].date == t.queue.now, "asked again, now")
    }

    @Test(arguments: StorageKind.allCases)
    func aRedownloadIsAPurchaseAtNoCharge(kind: StorageKind) throws {
        let t = try Harness.plans(kind, catalog: try CatalogLoader.defaultCatalog())
        let first = try t.buy(ID.premium)
        t.clock.advance(by: 3600)
        let again = try t.buy(ID.premium)
        #expect(again.reason == .redownload && again.price == 0 && first.price == 2.99)
        #expect(again.originalPurchaseDate == first.purchaseDate && again.purchaseDate == again.queueState.transactionDate)
        #expect(try t.storedEvents.map(\.kind) == [.purchased, .purchased])
    }
}
