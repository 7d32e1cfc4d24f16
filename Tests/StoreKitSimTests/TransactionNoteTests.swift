import Foundation
import SampleApp
import Testing
@testable import AppStoreCore
@testable import StoreKitSim

/// What the log says about where an update comes from and what kind it is.
@Suite struct TransactionNoteTests {
    /// The log line of the last update of `id` the app saw.
    private func line(_ t: Harness, _ id: String) -> String? {
        t.app.events.last { if case .updated(let tx, _, _) = $0 { tx.id == id } else { false } }?.text(app: t.app.appDescription, errors: { "\($0)" })
    }

    @Test func aPurchaseInFlightWhenTheAppWasKilledIsTaggedAtTheRelaunch() throws {
        let t = try Harness()
        let started = try t.queue.add(Payment(productID: ID.premium))
        try t.queue.confirm(started)
        // Killed after Buy; the store answers after the latency, with the app gone.
        t.clock.advance(by: 60)
        let relaunch = try t.relaunched()
        #expect(relaunch.app.events.contains(.updated(try relaunch.transaction(started.id).unfinished, redelivered: true)))
        #expect(line(relaunch, started.id)?.hasSuffix("purchased  com.storefront.premium  (redelivered at launch)") == true)
    }

    @Test func aRenewalSaysSoLiveAndAtLaunch() throws {
        let t = try Harness()
        let first = try t.buy(ID.monthly)
        #expect(first.reason == .purchase)
        t.clock.advance(by: try #require(first.expirationDate).timeIntervalSince(t.clock.now) + 1)
        try t.queue.tick()
        let renewal = try #require(try t.records.signedInPurchases.last)
        #expect(renewal.reason == .renewal)
        #expect(line(t, renewal.id)?.hasSuffix("(renewal)") == true)

        t.app.handlesTransactions = false
        t.clock.advance(by: try #require(renewal.expirationDate).timeIntervalSince(t.clock.now) + 1)
        try t.queue.tick()
        let next = try #require(try t.records.signedInPurchases.last)
        let relaunch = try t.relaunched()
        #expect(line(relaunch, next.id)?.hasSuffix("(renewal, redelivered at launch)") == true)
    }

    @Test func aRequestApprovedWhileTheAppWasClosedIsNotCalledARedelivery() throws {
        let t = try Harness { $0.askToBuy = true }
        let deferred = try t.buy(ID.credits5)
        try PaymentQueue(store: t.store).approve(transactionID: deferred.id)
        let relaunch = try t.relaunched()
        #expect(line(relaunch, deferred.id)?.hasSuffix("(approved, delivered at launch)") == true)
    }

    @Test func aRequestDeclinedWhileTheAppWasClosedIsNotCalledARedelivery() throws {
        let t = try Harness { $0.askToBuy = true }
        let deferred = try t.buy(ID.credits5)
        try PaymentQueue(store: t.store).decline(transactionID: deferred.id)
        let relaunch = try t.relaunched()
        #expect(line(relaunch, deferred.id)?.hasSuffix("(declined, delivered at launch)") == true)
    }

    @Test func anInterruptionResolvedWhileTheAppWasClosedIsNotCalledARedelivery() throws {
        let t = try Harness { $0.interrupted = true }
        let interrupted = try t.buy(ID.premium)
        let (resolved, _) = try PaymentQueue(store: t.store).resolve(transactionID: interrupted.id)
        let relaunch = try t.relaunched()
        #expect(line(relaunch, resolved.id)?.hasSuffix("(interruption resolved, delivered at launch)") == true)
    }

    @Test func aHeldPurchaseLeftWaitingForTheSideButtonSaysItWasCancelledAtLaunch() throws {
        let t = try Harness { $0.hold = true }
        let held = try t.queue.add(Payment(productID: ID.premium))
        try t.queue.confirm(held)
        // Stopped (Ctrl-C) while the sheet waited for the side button.
        let relaunch = try t.relaunched()
        let text = try #require(line(relaunch, held.id))
        #expect(text.contains("failed"))
        #expect(text.hasSuffix("(left open when the app stopped: cancelled at launch)"))
    }

    @Test func aPurchaseCancelledInTheLastRunAndLeftUnfinishedIsARedelivery() throws {
        let t = try Harness { $0.finishTransactions = false }
        let started = try t.queue.add(Payment(productID: ID.premium))
        try t.queue.cancel(started)
        let relaunch = try t.relaunched()
        #expect(line(relaunch, started.id)?.hasSuffix("(redelivered at launch)") == true)
    }
}

private extension Transaction {
    /// As the app first sees it, before it finishes it.
    var unfinished: Transaction {
        var t = self
        t.queueState.finished = false
        return t
    }
}
