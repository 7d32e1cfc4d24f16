import DataFiles
import Foundation
import SampleApp
import Testing
@testable import AppStoreCore
@testable import StoreKitSim

/// Deleting a transaction (Xcode's Transaction Manager, SKTestSession.deleteTransaction) deletes
/// its child transactions with it: a subscription's renewals, restores, re-downloads.
@Suite struct DeleteTransactionTests {
    @Test(arguments: StorageKind.allCases)
    func deletingASubscriptionsOriginalTransactionEndsTheSubscriptionWithItsRenewalsAndRestores(kind: StorageKind) throws {
        let t = try Harness.plans(kind)
        let bought = try t.buy(Plans.proMonthly)
        #expect(bought.offer?.type == .introductory)
        for _ in 0..<2 { try t.advance(to: try #require(try t.status).expiresDate, plus: 1) }
        try t.restore()
        let history = try t.storage.history(last: nil, finishedOnly: false)
        #expect(history.filter { $0.reason == .renewal }.count == 2)
        #expect(history.filter { $0.queueState.state == .restored }.count == 3, "the purchase and both renewals restored")
        try t.hear { try $0.deleteTransaction(bought.id) }
        for gone in history { #expect(try t.storage.transaction(gone.id) == nil, "\(gone.id) deleted with the original") }
        #expect(try t.storage.transactionCount() == 0, "no deleted row is counted")
        #expect(try t.status == nil)
        #expect(t.queue.records.status(of: t.signedIn, group: Plans.group) == nil, "no period left to adopt as a status")
        #expect(t.queue.nextDueDate == nil, "nothing left to renew")
        #expect(try t.records.isEligibleForIntroOffer(Plans.proMonthly, catalog: Plans.catalog))
        #expect(try t.buy(Plans.proMonthly).offer?.type == .introductory, "the free trial again, as after Xcode's Delete")
    }

    @Test(arguments: StorageKind.allCases)
    func deletingAPurchaseDeletesItsRestoresAndRedownloads(kind: StorageKind) throws {
        let t = try RefundTests.harness(kind)
        let bought = try t.buy(RefundTests.premium)
        #expect(try t.buy(RefundTests.premium).reason == .redownload)
        try t.restore()
        let credits = try t.buy(RefundTests.credits)
        #expect(try t.storage.history(last: nil, finishedOnly: false).count == 4)
        try t.hear { try $0.deleteTransaction(bought.id) }
        #expect(try t.storage.history(last: nil, finishedOnly: false).map(\.id) == [credits.id], "only the credits are left")
        #expect(try t.storage.transactionCount() == 1)
        #expect(try !t.records.owns(RefundTests.premium))
        #expect(try t.buy(RefundTests.premium).reason == .purchase)
    }

    /// As Xcode deletes it: a child the app has not finished goes with the transaction, out of
    /// the queue; one still on its way (waiting for a parent's approval) is refused.
    @Test(arguments: StorageKind.allCases)
    func aChildTheAppHasNotFinishedGoesWithTheTransaction(kind: StorageKind) throws {
        let t = try RefundTests.harness(kind)
        let bought = try t.buy(RefundTests.premium)
        try t.set { $0.finishTransactions = false }
        let again = try t.buy(RefundTests.premium)
        #expect(again.reason == .redownload && !again.queueState.finished)
        try t.hear { try $0.deleteTransaction(bought.id) }
        #expect(try t.storage.transaction(bought.id) == nil)
        #expect(try t.storage.transaction(again.id) == nil)
        #expect(t.queue.transactions.isEmpty, "nothing left in the queue")
        try t.set { $0.askToBuy = true }
        let request = try t.buy(RefundTests.credits)
        #expect(request.queueState.phase == .deferred)
        #expect(throws: StoreAdminError.notFinished(request.id)) { try t.hear { try $0.deleteTransaction(request.id) } }
        #expect(try t.storage.transaction(request.id) != nil)
    }

    /// The app closed, its subscription renewed: the renewal waits in the queue, unfinished.
    /// Returns the purchase and the renewal.
    static func renewedWhileClosed(_ t: Harness) throws -> (bought: Transaction, renewal: Transaction) {
        let bought = try t.buy(Plans.proMonthly)
        // Nobody ticks the queue: the store renews when it next works (its due work first).
        t.clock.advance(by: try #require(try t.status).expiresDate.timeIntervalSince(t.clock.now) + 1)
        _ = try t.store.processDue(restore: nil)
        let renewal = try #require(try t.storage.history(last: nil, finishedOnly: false).last { $0.reason == .renewal })
        #expect(!renewal.queueState.finished && renewal.originalID == bought.id)
        return (bought, renewal)
    }

    /// The app launched again over `t`'s store and UserDefaults.json, with the plans' catalog.
    static func relaunched(_ t: Harness) throws -> Harness {
        try Harness(storage: t.storage, directory: t.directory, clock: t.clock, catalog: Plans.catalog)
    }

    /// Xcode deletes a subscription's original transaction whatever the app has finished: the
    /// renewal that waits for the closed app goes with it, out of the queue in the same write,
    /// and the app, launched, is never handed it.
    @Test(arguments: StorageKind.allCases)
    func deletingTheOriginalTakesARenewalTheAppHasNotFinishedOutOfTheQueue(kind: StorageKind) throws {
        let t = try Harness.plans(kind)
        let (bought, renewal) = try Self.renewedWhileClosed(t)
        try t.admin.deleteTransaction(bought.id)
        #expect(try t.storage.transaction(bought.id) == nil)
        #expect(try t.storage.transaction(renewal.id) == nil)
        #expect(try t.storage.transactionCount() == 0)
        #expect(try t.status == nil)
        #expect(try t.records.queue.isEmpty, "nothing waits for the app")
        #expect(try t.storedEvents.filter { $0.kind == .transactionDeleted }.map(\.transactionID) == [renewal.id, bought.id])
        let relaunch = try Self.relaunched(t)
        #expect(relaunch.updates.isEmpty, "the app is never handed what no longer exists")
        #expect(relaunch.queue.transactions.isEmpty)
        #expect(!relaunch.app.isSubscriptionActive(Plans.proMonthly, now: relaunch.queue.now))
    }

    /// The app follows its subscription's status, and a subscription deleted has none: an open
    /// app hears of the deletion from the store's events, as of a refund, and its access ends
    /// then, once; the state it kept beside it goes.
    @Test(arguments: StorageKind.allCases)
    func anOpenAppsAccessEndsWhenTheSubscriptionIsDeleted(kind: StorageKind) throws {
        let t = try Harness.plans(kind)
        let bought = try t.buy(Plans.proMonthly)
        #expect(t.app.isSubscriptionActive(Plans.proMonthly, now: t.queue.now))
        #expect(t.app.subscriptionState(Plans.proMonthly) == "subscribed")
        t.clock.advance(by: 3600)
        try t.hear { try $0.deleteTransaction(bought.id) }
        try t.queue.tick()
        let now = t.queue.now
        #expect(!t.app.isSubscriptionActive(Plans.proMonthly, now: now), "no status left to give access")
        #expect(t.app.defaults.string(forKey: Plans.proMonthly) == JSONCoding.format(now), "ended at the deletion")
        #expect(t.app.subscriptionState(Plans.proMonthly) == nil)
        let deleted = DeletedTransaction(id: bought.id, productID: Plans.proMonthly, date: now)
        #expect(t.app.events.filter { if case .deleted = $0 { true } else { false } } == [.deleted(deleted, .ended(Plans.proMonthly))])
        #expect(AppEvent.deleted(deleted, .ended(Plans.proMonthly)).text(app: .builtIn, errors: { "\($0)" })
                == "\(bought.id) deleted from the purchase history  \(Plans.proMonthly) access ended")
        let relaunch = try Self.relaunched(t)
        #expect(!relaunch.app.events.contains { if case .deleted = $0 { true } else { false } }, "heard once")
        #expect(!relaunch.app.isSubscriptionActive(Plans.proMonthly, now: now))
    }

    /// Closed when the subscription was deleted, the app hears of it at its launch.
    @Test(arguments: StorageKind.allCases)
    func aSubscriptionDeletedWhileTheAppWasClosedEndsAtItsLaunch(kind: StorageKind) throws {
        let t = try Harness.plans(kind)
        let bought = try t.buy(Plans.proMonthly)
        try t.admin.deleteTransaction(bought.id)
        let relaunch = try Self.relaunched(t)
        #expect(!relaunch.app.isSubscriptionActive(Plans.proMonthly, now: relaunch.queue.now))
        #expect(relaunch.app.events.contains(.deleted(DeletedTransaction(id: bought.id, productID: Plans.proMonthly, date: t.clock.now),
                                                      .ended(Plans.proMonthly))))
    }

    /// A renewal deleted leaves the subscription on the periods left: its status still says
    /// how long access lasts, and the app's access follows it, not the deletion.
    @Test(arguments: StorageKind.allCases)
    func aRenewalDeletedLeavesTheAppsAccessToTheStatus(kind: StorageKind) throws {
        let t = try Harness.plans(kind)
        try t.buy(Plans.proMonthly)
        try t.advance(to: try #require(try t.status).expiresDate, plus: 1)
        let renewal = try #require(try t.status?.latestTransactionID)
        try t.hear { try $0.deleteTransaction(renewal) }
        try t.queue.tick()
        #expect(try t.status?.state == .subscribed, "renewed again, as the store caught up")
        #expect(t.app.isSubscriptionActive(Plans.proMonthly, now: t.queue.now))
        #expect(!t.app.events.contains { if case .deleted = $0 { true } else { false } })
    }

    /// The original transaction deleted with a restore of it: the app's line names the original,
    /// whose deletion ended the subscription, not the restore (it named the restore).
    @Test(arguments: StorageKind.allCases)
    func theAppsLineNamesTheOriginalDeletedNotItsRestore(kind: StorageKind) throws {
        let t = try Harness.plans(kind)
        let bought = try t.buy(Plans.proMonthly)
        try t.restore()
        try t.hear { try $0.deleteTransaction(bought.id) }
        try t.queue.tick()
        let deleted = t.app.events.compactMap { if case .deleted(let d, let takeBack) = $0 { (d.id, takeBack) } else { nil } }
        #expect(deleted.map(\.0) == [bought.id] && deleted.map(\.1) == [.ended(Plans.proMonthly)])
        #expect(!t.app.isSubscriptionActive(Plans.proMonthly, now: t.queue.now))
    }

    /// Clearing the purchase history takes every original transaction, as deleting each does:
    /// the subscription ends for an open app, once (it kept giving access), and at a launch
    /// after, nothing more.
    @Test(arguments: StorageKind.allCases)
    func clearingTheHistoryEndsAnOpenAppsSubscription(kind: StorageKind) throws {
        let t = try Harness.plans(kind)
        let bought = try t.buy(Plans.proMonthly)
        t.clock.advance(by: 3600)
        try t.hear { try $0.clearPurchaseHistory(of: t.signedIn) }
        try t.queue.tick()
        let now = t.queue.now
        #expect(!t.app.isSubscriptionActive(Plans.proMonthly, now: now), "no status left to give access")
        #expect(t.app.defaults.string(forKey: Plans.proMonthly) == JSONCoding.format(now), "ended at the clearing")
        #expect(t.app.subscriptionState(Plans.proMonthly) == nil)
        let deleted = DeletedTransaction(id: bought.id, productID: Plans.proMonthly, date: now)
        #expect(t.app.events.filter { if case .deleted = $0 { true } else { false } } == [.deleted(deleted, .ended(Plans.proMonthly))])
        #expect(try t.storedEvents.suffix(2).map(\.kind) == [.transactionDeleted, .purchaseHistoryCleared])
        let relaunch = try Self.relaunched(t)
        #expect(!relaunch.app.events.contains { if case .deleted = $0 { true } else { false } }, "heard once")
    }

    /// Closed when the history was cleared, the app ends the subscription at its launch.
    @Test(arguments: StorageKind.allCases)
    func aHistoryClearedWhileTheAppWasClosedEndsTheSubscriptionAtItsLaunch(kind: StorageKind) throws {
        let t = try Harness.plans(kind)
        try t.buy(Plans.proMonthly)
        try t.admin.clearPurchaseHistory(of: t.signedIn)
        let relaunch = try Self.relaunched(t)
        #expect(!relaunch.app.isSubscriptionActive(Plans.proMonthly, now: relaunch.queue.now))
        #expect(relaunch.app.events.contains { if case .deleted(_, .ended(Plans.proMonthly)) = $0 { true } else { false } })
    }
}
