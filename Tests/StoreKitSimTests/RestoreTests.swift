import Foundation
import SampleApp
import Testing
@testable import AppStoreCore
@testable import StoreKitSim

@Suite struct RestoreTests {
    private func restored(_ t: Harness) -> [Transaction] {
        t.updates.filter { $0.queueState.state == .restored }
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
        #expect(restored.map(\.originalID) == [monthly.id, premium.id])
        #expect(restored[0].expirationDate == monthly.expirationDate)
        #expect(restored.allSatisfy { $0.id != $0.originalID })
        #expect(t.app.credits == creditsBefore, "consumables are never restored")
        #expect(t.app.events.last == .restoreFinished)
        let stored = try t.records.transactions.filter { $0.queueState.state == .restored }
        #expect(stored.map(\.id) == restored.map(\.id))
        #expect(stored.allSatisfy { $0.queueState.finished }, "the app finishes restored transactions")
        #expect(try t.records.signedInPurchases.count == 5, "restored transactions are not new purchases")
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
        #expect(t.app.subscriptionExpiry(ID.monthly) == monthly.expirationDate)
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

    /// StoreKit's restore delivers one restored transaction per completed transaction: a
    /// subscription's purchase and each of its renewals, each naming the one it restores. On
    /// disk a change reads only each product's first and latest purchases: the restore asks the
    /// storage for the rest.
    @Test(arguments: [false, true]) func aSubscriptionIsRestoredOncePerPurchaseAndRenewal(onDisk: Bool) throws {
        let t = onDisk ? try Harness.onDisk() : try Harness()
        let premium = try t.buy(ID.premium)
        try t.buy(ID.monthly)
        try t.queue.advance(by: StoreDuration(value: 5, unit: .month))
        try t.buy(ID.premium)
        let history = try t.storage.history(last: nil, finishedOnly: false)
        let monthly = history.filter { $0.productID == ID.monthly }
        #expect(monthly.count == 6, "the trial's purchase and five renewals")
        #expect(history.filter { $0.productID == ID.premium }.map(\.reason) == [.purchase, .redownload])

        try t.app.defaults.removeAll()
        try t.restore()
        let restored = restored(t)
        #expect(restored.map(\.originalID) == [premium.id] + monthly.map(\.id),
                "in the order made; a re-download is the same purchase again, not restored twice")
        #expect(restored.dropFirst().map(\.expirationDate) == monthly.map(\.expirationDate))
        #expect(restored.dropFirst().map(\.isTrialPeriod) == monthly.map(\.isTrialPeriod))
        #expect(Set(restored.map(\.id)).count == restored.count)
        #expect(t.app.premiumUnlocked)
        #expect(t.app.subscriptionExpiry(ID.monthly) == monthly.last?.expirationDate)
        #expect(t.finishedIDs.suffix(restored.count) == restored.map(\.id)[...], "each finished")
        #expect(try t.records.queue.isEmpty)
    }

    /// Another process moving store time past the restore's answer (`storefront advance`)
    /// answers it, every purchase included, and the app hears of them at its next tick.
    /// A change on the store's side finds the restore due but leaves it to the queue that asked
    /// for it, which knows whose it is: the app still gets what it restores, once.
    @Test func aStoreSideChangeLeavesADueRestoreToTheAppThatAskedForIt() throws {
        let t = try Harness()
        try t.buy(ID.premium)
        try t.app.defaults.removeAll()
        try t.queue.restoreCompletedTransactions()
        t.clock.advance(by: Harness.latency)
        try StoreAdmin(store: t.store).promote(ID.credits5, account: try t.store.settings().account)
        #expect(try t.records.restoreDueDate != nil)
        try t.queue.tick()
        #expect(t.app.premiumUnlocked)
        #expect(t.app.events.filter { $0 == .restoreFinished }.count == 1)
        #expect(try t.records.restoreDueDate == nil)
    }

    @Test func aRestoreAnsweredByAnotherProcessBringsEveryRenewal() throws {
        let t = try Harness.onDisk()
        try t.buy(ID.monthly)
        try t.queue.advance(by: StoreDuration(value: 3, unit: .month))
        try t.queue.restoreCompletedTransactions()
        let elsewhere = PaymentQueue(store: AppStore(catalog: t.store.catalog, storage: try storeDatabase(t.directory), wallClock: t.clock))
        try elsewhere.advance(by: StoreDuration(value: 1, unit: .minute))
        try t.queue.tick()
        #expect(restored(t).count == 4, "the trial's purchase and three renewals")
        #expect(t.app.events.last == .restoreFinished)
    }

    /// However many transactions a restore brings, the app finishes them in one change to the
    /// store (and writes UserDefaults.json once), as it takes them in one batch: restoring
    /// years of renewals does not cost a commit each.
    @Test func aRestoresBatchIsFinishedInOneChange() throws {
        let t = try Harness()
        try t.buy(ID.premium)
        try t.buy(ID.monthly)
        try t.queue.advance(by: StoreDuration(value: 1, unit: .year))
        try t.app.defaults.removeAll()
        try t.queue.restoreCompletedTransactions()
        t.clock.advance(by: Harness.latency)
        let before = try #require(Int(t.storage.changeToken()))
        try t.queue.tick()
        #expect(restored(t).count == 14)
        #expect(try t.records.queue.isEmpty)
        #expect(try #require(Int(t.storage.changeToken())) == before + 2, "the restore's answer, then every finish at once")
    }

    /// Restored transactions left unfinished (finishing off, or the app killed before it) stay
    /// in the queue with the app's note that they were delivered: the next launch finishes
    /// them without delivering them again, as it does a purchase.
    @Test func restoredTransactionsLeftUnfinishedAreNotDeliveredTwice() throws {
        let t = try Harness.onDisk()
        try t.buy(ID.premium)
        try t.buy(ID.monthly)
        try t.set { $0.finishTransactions = false }
        try t.app.defaults.removeAll()
        try t.restore()
        let restored = restored(t)
        #expect(restored.count == 2)
        #expect(t.app.deliveredUnfinished == restored.map(\.id))
        try t.set { $0.finishTransactions = true }
        let again = try t.relaunched()
        #expect(again.app.events.filter { if case .alreadyDelivered = $0 { true } else { false } }.count == 2)
        #expect(again.deliveries.isEmpty)
        #expect(try again.records.queue.isEmpty)
        #expect(again.app.deliveredUnfinished.isEmpty)
        #expect(again.app.premiumUnlocked)
    }

    /// However many restored transactions a subscription has and in whatever order they come,
    /// the app ends with the latest expiry: an older period delivered after a newer one (or a
    /// restore after a purchase) never takes it back.
    @Test func anOlderRestoredPeriodNeverTakesTheExpiryBack() throws {
        let t = try Harness()
        try t.buy(ID.monthly)
        try t.queue.advance(by: StoreDuration(value: 2, unit: .month))
        let latest = try #require(t.app.subscriptionExpiry(ID.monthly))
        let writes = try Data(contentsOf: t.app.defaults.url)
        try t.restore()
        #expect(restored(t).count == 3)
        #expect(Array(t.deliveries.suffix(3)) == Array(repeating: .subscription(ID.monthly, expires: latest), count: 3))
        #expect(t.app.subscriptionExpiry(ID.monthly) == latest)
        #expect(try Data(contentsOf: t.app.defaults.url) == writes, "nothing new to keep: the file ends as it was")
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
