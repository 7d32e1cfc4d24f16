import Foundation
import SampleApp
import AppStoreCore
import StoreKitSim
import Testing
@testable import StorefrontUI

/// The snapshot is made again only when what it is made of moved (the store, the queue's
/// records, UserDefaults.json, the products request, the side button), whether a key's
/// effect or a tick found it so.
@Suite struct SnapshotRebuildTests {
    @Test func aKeyThatOnlyMovesTheSelectionAndTheTicksAfterMakeNone() throws {
        let ui = try UITestHarness()
        let made = ui.runtime.snapshotsMade
        ui.press(.down, .down, .up)
        ui.wait()
        ui.wait()
        #expect(ui.runtime.snapshotsMade == made)
    }

    /// Restore while signed out: the app refuses before the store, so nothing moved.
    @Test func anEffectThatChangedNothingMakesNone() throws {
        let ui = try UITestHarness { $0.account = nil }
        let made = ui.runtime.snapshotsMade
        ui.press(.char("r"))
        guard case .alert(let alert) = ui.state.mode, case .signIn = alert.kind else {
            Issue.record("no Sign In alert: \(ui.state.mode)"); return
        }
        #expect(ui.runtime.snapshotsMade == made)
    }

    /// A purchase's effects make it as they change the store and the app; the tick after,
    /// with nothing moved since, makes it not again.
    @Test func anEffectThatChangedTheStoreMakesItOnceAndTheTickAfterNot() throws {
        let ui = try UITestHarness()
        try ui.select("5 Monkey Credits")
        let made = ui.runtime.snapshotsMade
        ui.press(.enter, .enter)
        let afterBuying = ui.runtime.snapshotsMade
        #expect(afterBuying > made, "the payment is in the queue: the snapshot says so")
        ui.runtime.tick()
        #expect(ui.runtime.snapshotsMade == afterBuying, "nothing moved since the effect")
        ui.wait(seconds: 2)
        #expect(ui.runtime.snapshotsMade > afterBuying, "the store answered")
        #expect(ui.state.snapshot.credits == 5)
    }

    /// Another terminal changed the store, then something the app did alone (a consumption)
    /// made the snapshot before the queue read that change: the tick that reads it makes the
    /// snapshot again.
    @Test func aChangeElsewhereBeforeAnEffectIsShownAtTheNextTick() throws {
        let ui = try UITestHarness()
        try ui.buy("5 Monkey Credits")
        try ui.store.updateSettings { $0.account = "other@example.com" }
        try ui.runtime.consume(.product(SampleApp.creditsKey), quantity: 1)
        #expect(ui.state.snapshot.credits == 4)
        ui.runtime.tick()
        #expect(ui.state.snapshot.settings.account == "other@example.com")
    }
}
