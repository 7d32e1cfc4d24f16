import Foundation
import SampleApp
import Testing
@testable import StoreKitSim

@Suite struct RestoreTests {
    private func restored(_ t: Harness) -> [Transaction] {
        t.updates.filter { $0.state == .restored }
    }

    @Test func restoresNonConsumablesAndAutoRenewablesOnly() throws {
        let t = try Harness()
        let monthly = try t.buy(ID.monthly)
        try t.buy(ID.credits5, quantity: 2)
        let premium = try t.buy(ID.premium)
        try t.buy(ID.yearly)
        try t.buy(ID.credits10)
        let creditsBefore = t.app.credits

        try t.restore()
        let restored = restored(t)
        #expect(restored.map(\.productID) == [ID.monthly, ID.premium], "in the order first bought")
        #expect(restored.map(\.originalTransactionID) == [monthly.id, premium.id])
        #expect(restored[0].expiresDate == monthly.expiresDate)
        #expect(restored.allSatisfy { $0.id != $0.originalTransactionID })
        #expect(t.app.credits == creditsBefore, "consumables are never restored")
        #expect(t.app.events.last == .restoreFinished)
        let stored = try t.records.transactions.filter { $0.state == .restored }
        #expect(stored.map(\.id) == restored.map(\.id))
        #expect(stored.allSatisfy { $0.finished }, "the app finishes restored transactions")
        #expect(try t.records.receipt.count == 5, "restored transactions are not new purchases")
    }

    @Test func afterDeletingTheAppRestoreBringsBackWhatTheStoreKeeps() throws {
        let t = try Harness()
        try t.buy(ID.premium)
        let monthly = try t.buy(ID.monthly)
        try t.buy(ID.credits10)
        try t.buy(ID.yearly)

        try t.app.defaults.removeAll()
        #expect(!FileManager.default.fileExists(atPath: t.app.defaults.url.path))
        #expect(!t.app.premiumUnlocked)
        #expect(t.app.credits == 0)
        #expect(t.app.subscriptionExpiry(ID.monthly) == nil)

        try t.restore()
        #expect(t.app.premiumUnlocked)
        #expect(t.app.subscriptionExpiry(ID.monthly) == monthly.expiresDate)
        #expect(t.app.subscriptionExpiry(ID.yearly) == nil, "non-renewing periods are the app's to keep")
        #expect(t.app.credits == 0)
        let onDisk = try UserDefaultsFile(url: t.app.defaults.url)
        #expect(onDisk.bool(forKey: ID.premium))
        #expect(onDisk.values[SampleApp.creditsKey] == nil)
    }

    @Test func restoreWithNothingBoughtFinishesEmpty() throws {
        let t = try Harness()
        try t.buy(ID.credits5)  // consumables do not count
        let before = try t.records.transactions.count
        try t.restore()
        #expect(restored(t).isEmpty)
        #expect(t.app.events.last == .restoreFinished)
        #expect(try t.records.transactions.count == before)
        #expect(try t.records.restoreDueDate == nil)
    }

    @Test func failedAndDeclinedPurchasesAreNotRestored() throws {
        let t = try Harness { $0.askToBuy = true }
        let deferred = try t.buy(ID.premium)
        try t.queue.decline(transactionID: deferred.id)
        try t.set { $0.askToBuy = false; $0.failWith = .unknown }
        try t.buy(ID.monthly)
        try t.set { $0.failWith = nil }
        let cancelled = try t.queue.add(Payment(productID: ID.premium))
        try t.queue.cancel(cancelled)

        try t.restore()
        #expect(restored(t).isEmpty)
        #expect(!t.app.premiumUnlocked)
        #expect(t.app.events.last == .restoreFinished)
    }

    @Test func restoreTakesTheLatency() throws {
        let t = try Harness()
        try t.buy(ID.premium)
        try t.app.defaults.removeAll()
        try t.queue.restoreCompletedTransactions()
        #expect(try t.records.restoreDueDate == t.clock.now + Harness.latency)
        #expect(t.queue.nextDueDate == t.clock.now + Harness.latency)
        t.clock.advance(by: Harness.latency / 2)
        try t.queue.tick()
        #expect(!t.app.premiumUnlocked)
        #expect(!t.app.events.contains(.restoreFinished))
        t.clock.advance(by: Harness.latency / 2)
        try t.queue.tick()
        #expect(t.app.premiumUnlocked)
        #expect(t.app.events.filter { $0 == .restoreFinished }.count == 1)
    }

    @Test func networkOffFailsTheRestore() throws {
        let t = try Harness()
        try t.buy(ID.premium)
        try t.app.defaults.removeAll()
        try t.set { $0.network = false }
        try t.restore()
        #expect(t.app.events.last == .restoreFailed(StoreError(.unknown)))
        #expect(!t.app.events.contains(.restoreFinished))
        #expect(restored(t).isEmpty)
        #expect(!t.app.premiumUnlocked)
        #expect(try t.records.restoreDueDate == nil, "a failed restore does not block the next")

        try t.set { $0.network = true }
        try t.restore()
        #expect(t.app.events.last == .restoreFinished)
        #expect(t.app.premiumUnlocked)
    }

    @Test func restoreIsRefusedWhilePurchasingOrRestoring() throws {
        let t = try Harness()
        let started = try t.queue.add(Payment(productID: ID.credits5))
        #expect(throws: StoreError.purchaseInProgress) { try t.queue.restoreCompletedTransactions() }
        try t.queue.cancel(started)

        try t.queue.restoreCompletedTransactions()
        #expect(throws: StoreError.restoreInProgress) { try t.queue.restoreCompletedTransactions() }
        t.clock.advance(by: Harness.latency)
        try t.queue.tick()
        #expect(t.app.events.filter { $0 == .restoreFinished }.count == 1)
    }

    @Test func restoredSubscriptionStandsForItsLatestRenewal() throws {
        let t = try Harness()
        let first = try t.buy(ID.monthly)
        let trialEnd = try #require(first.expiresDate)
        t.clock.advance(by: trialEnd.timeIntervalSince(t.clock.now) + 1)
        try t.queue.tick()
        let latest = try #require(try t.records.receipt.last)
        #expect(latest.id != first.id)

        try t.app.defaults.removeAll()
        try t.restore()
        let restored = try #require(restored(t).first)
        #expect(restored.productID == ID.monthly)
        #expect(restored.originalTransactionID == first.id, "renewals keep the first purchase as original")
        #expect(restored.expiresDate == latest.expiresDate)
        #expect(restored.isTrialPeriod == false)
        #expect(t.app.subscriptionExpiry(ID.monthly) == latest.expiresDate)
    }

    @Test func resolvedInterruptionIsRestoredLikeAnyPurchase() throws {
        let t = try Harness { $0.interrupted = true }
        let failed = try t.buy(ID.premium)
        try t.queue.resolve(transactionID: failed.id)
        try t.app.defaults.removeAll()
        try t.restore()
        #expect(restored(t).map(\.productID) == [ID.premium])
        #expect(t.app.premiumUnlocked)
    }
}
