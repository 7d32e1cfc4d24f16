import Foundation
import SampleApp
import Testing
@testable import AppStoreCore

/// Hold on: the store waits for the side button before a confirmed purchase or a restore
/// starts its latency, so a presenter decides when it answers.
@Suite struct HoldTests {
    @Test func aConfirmedPurchaseHasNoDueDateUntilTheSideButton() throws {
        let t = try Harness { $0.hold = true }
        let started = try t.queue.add(Payment(productID: ID.premium))
        try t.queue.confirm(started)
        #expect(t.queue.awaitingSideButton == .purchase(transactionID: started.id))
        #expect(try t.transaction(started.id).queueState.dueDate == nil)
        #expect(t.queue.nextDueDate == nil, "nothing is due: the loop can sleep")
        t.clock.advance(by: 60)
        try t.queue.tick()
        #expect(try t.transaction(started.id).queueState.state == .purchasing, "a minute later it still waits")

        try t.queue.confirmWithSideButton()
        #expect(t.queue.awaitingSideButton == nil)
        #expect(try t.transaction(started.id).queueState.dueDate == t.clock.now + Harness.latency, "the latency starts now")
        t.clock.advance(by: Harness.latency)
        try t.queue.tick()
        #expect(try t.transaction(started.id).queueState.state == .purchased)
        #expect(t.app.premiumUnlocked)
    }

    /// Dialogs off (Xcode's Disable Dialogs): nothing would ask for the side button.
    @Test func withDialogsOffHoldDoesNotWait() throws {
        let t = try Harness { $0.hold = true; $0.dialogs = false }
        let started = try t.queue.add(Payment(productID: ID.premium))
        try t.queue.confirm(started)
        #expect(t.queue.awaitingSideButton == nil)
        #expect(try t.transaction(started.id).queueState.dueDate == t.clock.now + Harness.latency)
        t.clock.advance(by: Harness.latency)
        try t.queue.tick()
        try t.queue.restoreCompletedTransactions()
        #expect(t.queue.awaitingSideButton == nil, "nor a restore")
    }

    @Test func withHoldOffTheLatencyStartsAtConfirm() throws {
        let t = try Harness()
        let started = try t.queue.add(Payment(productID: ID.premium))
        try t.queue.confirm(started)
        #expect(t.queue.awaitingSideButton == nil)
        #expect(try t.transaction(started.id).queueState.dueDate == t.clock.now + Harness.latency)
    }

    @Test func dismissingTheHeldSheetCancelsThePurchase() throws {
        let t = try Harness { $0.hold = true }
        let started = try t.queue.add(Payment(productID: ID.credits5))
        try t.queue.confirm(started)
        try t.queue.cancelSideButtonConfirmation()
        #expect(t.queue.awaitingSideButton == nil)
        let cancelled = try t.transaction(started.id)
        #expect(cancelled.queueState.state == .failed)
        #expect(cancelled.queueState.error?.isCancellation == true)
        #expect(try t.buy(ID.credits10).queueState.state == .purchasing, "the next purchase waits for the side button too")
    }

    @Test func aPurchaseLeftWaitingIsCancelledAtTheNextLaunch() throws {
        let t = try Harness { $0.hold = true }
        let started = try t.queue.add(Payment(productID: ID.credits5))
        try t.queue.confirm(started)
        let next = try t.relaunched()
        #expect(try next.transaction(started.id).queueState.error?.isCancellation == true,
                "as a sheet open when the app was killed: nothing is left purchasing")
    }

    @Test func aRestoreWaitsForTheSideButton() throws {
        let t = try Harness()
        try t.buy(ID.premium)
        try t.app.defaults.removeAll()
        try t.set { $0.hold = true }
        try t.queue.restoreCompletedTransactions()
        #expect(t.queue.awaitingSideButton == .restore)
        #expect(try t.records.restoreDueDate == nil)
        #expect(throws: StoreError.restoreInProgress) { try t.queue.restoreCompletedTransactions() }
        #expect(throws: StoreError.restoreInProgress) { try t.queue.add(Payment(productID: ID.credits5)) }
        t.clock.advance(by: 60)
        try t.queue.tick()
        #expect(!t.app.events.contains(.restoreFinished))

        try t.queue.confirmWithSideButton()
        #expect(try t.records.restoreDueDate == t.clock.now + Harness.latency)
        t.clock.advance(by: Harness.latency)
        try t.queue.tick()
        #expect(t.app.events.last == .restoreFinished)
        #expect(t.app.premiumUnlocked)
    }

    @Test func dismissingAHeldRestoreFailsItAsCancelled() throws {
        let t = try Harness { $0.hold = true }
        try t.queue.restoreCompletedTransactions()
        try t.queue.cancelSideButtonConfirmation()
        #expect(t.app.events.last == .restoreFailed(StoreError(.paymentCancelled)))
        #expect(t.queue.awaitingSideButton == nil)
        try t.set { $0.hold = false }
        try t.restore()
        #expect(t.app.events.last == .restoreFinished, "nothing is left in progress")
    }

    @Test func holdIsKeptInTheSettingsTable() throws {
        let directory = TemporaryDirectory()
        let t = try Harness.onDisk(directory) { $0.hold = true }
        #expect(try t.store.settings().hold)
        #expect(try storeDatabase(directory).settings().hold, "read back from store.sqlite")
        #expect(Settings().hold == false, "off by default")
    }
}
