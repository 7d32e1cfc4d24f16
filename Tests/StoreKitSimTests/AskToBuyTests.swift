import Foundation
import Testing
@testable import AppStoreCore
@testable import StoreKitSim

@Suite struct AskToBuyTests {
    @Test func purchaseIsDeferredAndNotFinished() throws {
        let t = try Harness { $0.askToBuy = true }
        let deferred = try t.buy(ID.credits10)
        #expect(deferred.queueState.state == .deferred)
        #expect(!deferred.queueState.finished, "deferred transactions are never finished")
        #expect(deferred.queueState.error == nil)
        #expect(t.states(of: deferred.id) == [.purchasing, .deferred])
        #expect(try t.records.pendingApprovals.map(\.id) == [deferred.id])
        #expect(t.queue.transactions.map(\.id) == [deferred.id], "it stays in the queue")
        #expect(t.deliveries.isEmpty)
        #expect(t.finishedIDs.isEmpty)
        #expect(t.app.credits == 0)
        #expect(try t.records.signedInPurchases.isEmpty)
    }

    @Test func finishingADeferredTransactionDoesNothing() throws {
        let t = try Harness { $0.askToBuy = true }
        let deferred = try t.buy(ID.premium)
        try t.queue.finishTransaction(deferred)
        #expect(try t.transaction(deferred.id).queueState.finished == false)
        #expect(try t.records.pendingApprovals.count == 1)
    }

    @Test func approvalDeliversThePurchaseAsANewUpdate() throws {
        let t = try Harness { $0.askToBuy = true }
        let deferred = try t.buy(ID.credits10, quantity: 2)
        try t.queue.approve(transactionID: deferred.id)
        let approved = try t.transaction(deferred.id)
        #expect(approved.queueState.state == .purchased)
        #expect(approved.queueState.finished)
        #expect(t.states(of: deferred.id) == [.purchasing, .deferred, .purchased])
        #expect(t.deliveries == [.credits(added: 20, balance: 20)])
        #expect(t.app.credits == 20)
        #expect(try t.records.pendingApprovals.isEmpty)
        #expect(try t.records.signedInPurchases.map(\.id) == [deferred.id])
    }

    @Test func approvedSubscriptionGetsItsTrialAndExpiry() throws {
        let t = try Harness { $0.askToBuy = true }
        let deferred = try t.buy(ID.monthly)
        #expect(deferred.expirationDate == nil)
        t.clock.advance(by: 3600)  // the parent answers an hour later
        try t.queue.approve(transactionID: deferred.id)
        let approved = try t.transaction(deferred.id)
        #expect(approved.isTrialPeriod == true)
        #expect(approved.expirationDate == SubscriptionPeriod(value: 1, unit: .week).added(to: t.clock.now))
        #expect(t.app.subscriptionExpiry(ID.monthly) == approved.expirationDate)
    }

    @Test func declineFailsAndDeliversNothing() throws {
        let t = try Harness { $0.askToBuy = true }
        let deferred = try t.buy(ID.premium)
        try t.queue.decline(transactionID: deferred.id)
        let declined = try t.transaction(deferred.id)
        #expect(declined.queueState.state == .failed)
        #expect(declined.queueState.error == .declined)
        #expect(declined.queueState.error?.code == 4)
        #expect(declined.queueState.finished)
        #expect(t.states(of: deferred.id) == [.purchasing, .deferred, .failed])
        #expect(t.deliveries.isEmpty)
        #expect(!t.app.premiumUnlocked)
        #expect(try t.records.pendingApprovals.isEmpty)
        // Declined is not owned: asking again is allowed.
        #expect(try t.buy(ID.premium).queueState.state == .deferred)
    }

    @Test func onlyDeferredTransactionsCanBeAnswered() throws {
        let t = try Harness { $0.askToBuy = true }
        let deferred = try t.buy(ID.premium)
        try t.queue.decline(transactionID: deferred.id)
        #expect(throws: StoreAdminError.notDeferred(deferred.id, .failed)) { try t.queue.approve(transactionID: deferred.id) }
        #expect(throws: StoreAdminError.notDeferred(deferred.id, .failed)) { try t.queue.decline(transactionID: deferred.id) }
        #expect(throws: StoreAdminError.noSuchTransaction("42")) { try t.queue.approve(transactionID: "42") }
        #expect(!t.app.premiumUnlocked)
    }

    @Test func aDeferredRequestDoesNotBlockOtherPurchases() throws {
        let t = try Harness { $0.askToBuy = true }
        let first = try t.buy(ID.credits5)
        let second = try t.buy(ID.credits10)
        #expect(try t.records.pendingApprovals.map(\.id) == [first.id, second.id])
        try t.queue.approve(transactionID: second.id)
        try t.queue.decline(transactionID: first.id)
        #expect(t.app.credits == 10)
    }

    @Test func turningAskToBuyOffDoesNotAnswerWaitingRequests() throws {
        let t = try Harness { $0.askToBuy = true }
        let deferred = try t.buy(ID.credits5)
        try t.set { $0.askToBuy = false }
        t.clock.advance(by: 60)
        try t.queue.tick()
        #expect(try t.transaction(deferred.id).queueState.state == .deferred)
        #expect(try t.buy(ID.credits10).queueState.state == .purchased)
        #expect(t.app.credits == 10)
    }

    @Test func approvalFromAnotherProcessIsDeliveredOnRefresh() throws {
        let t = try Harness.onDisk { $0.askToBuy = true }
        let deferred = try t.buy(ID.credits10)

        // A parent's `storefront approve` in another terminal: its own connection and queue.
        let parent = PaymentQueue(store: AppStore(catalog: t.store.catalog,
                                                  storage: try storeDatabase(t.directory),
                                                  wallClock: t.clock))
        try parent.approve(transactionID: deferred.id)
        #expect(t.app.credits == 0, "the app has not looked yet")

        try t.queue.refresh()
        #expect(t.app.credits == 10)
        #expect(try t.transaction(deferred.id).queueState.finished)
        #expect(t.states(of: deferred.id) == [.purchasing, .deferred, .purchased])
        // Looking again delivers nothing more.
        try t.queue.refresh()
        #expect(t.app.credits == 10)
    }

    @Test func requestWaitingAtRelaunchIsRedeliveredAndItsApprovalIsANewUpdate() throws {
        let t = try Harness { $0.askToBuy = true }
        let deferred = try t.buy(ID.premium)

        let relaunch = try t.relaunched()
        #expect(relaunch.app.events == [.updated(deferred, redelivered: true)])
        #expect(try relaunch.records.pendingApprovals.map(\.id) == [deferred.id])

        try relaunch.queue.approve(transactionID: deferred.id)
        #expect(relaunch.app.premiumUnlocked)
        let approvals = relaunch.app.events.compactMap { event -> Bool? in
            if case .updated(let tx, let redelivered, _) = event, tx.queueState.state == .purchased { redelivered } else { nil }
        }
        // The approval happened in this run: it is news, not something the last run left.
        #expect(approvals == [false])
    }

    @Test func approvalWhileTheAppIsClosedIsDeliveredAtLaunch() throws {
        let t = try Harness { $0.askToBuy = true }
        let deferred = try t.buy(ID.credits5)
        // The app is closed; the parent approves from the store's side.
        let storeSide = PaymentQueue(store: t.store)
        try storeSide.approve(transactionID: deferred.id)
        #expect(t.app.credits == 0)
        #expect(try t.transaction(deferred.id).queueState.finished == false)

        let relaunch = try t.relaunched()
        #expect(relaunch.app.credits == 5)
        #expect(try relaunch.transaction(deferred.id).queueState.finished)
    }
}
