import Foundation
import SampleApp
import AppStoreCore
import Testing
@testable import StorefrontUI

/// Dialogs off (Xcode's Disable Dialogs): choosing a product buys one at once, with no
/// purchase sheet, Ask Permission question or outcome alert; the log tells how it went.
@Suite struct DialogsOffTests {
    private func isOnTheStore(_ ui: UITestHarness) -> Bool {
        if case .store = ui.state.mode { return true }
        return false
    }

    @Test func enterOnAProductBuysItWithNoSheetOrAlert() throws {
        let ui = try UITestHarness { $0.dialogs = false }
        try ui.select("5 Monkey Credits")
        ui.press(.enter)
        #expect(isOnTheStore(ui), "no sheet: \(ui.state.mode)")
        ui.wait()
        #expect(isOnTheStore(ui), "no outcome alert: \(ui.state.mode)")
        #expect(ui.state.snapshot.credits == 5)
        #expect(ui.transactions.last?.queueState.state == .purchased)
        #expect(ui.screen.contains("NO DIALOGS"), "the header's badge: \(ui.screen)")
    }

    @Test func withAskToBuyTheRequestIsSentWithoutTheQuestion() throws {
        let ui = try UITestHarness { $0.dialogs = false; $0.askToBuy = true }
        try ui.select("Premium content")
        ui.press(.enter)
        ui.wait()
        #expect(isOnTheStore(ui), "\(ui.state.mode)")
        #expect(ui.transactions.last?.queueState.state == .deferred)
    }

    @Test func withHoldOnThePurchaseDoesNotWaitForTheSideButton() throws {
        let ui = try UITestHarness { $0.dialogs = false; $0.hold = true }
        try ui.select("10 Monkey Credits")
        ui.press(.enter)
        ui.wait()
        #expect(ui.state.snapshot.credits == 10)
        #expect(isOnTheStore(ui))
    }

    @Test func withDialogsOnTheSheetShows() throws {
        let ui = try UITestHarness()
        try ui.select("5 Monkey Credits")
        ui.press(.enter)
        guard case .sheet = ui.state.mode else { Issue.record("no sheet: \(ui.state.mode)"); return }
    }
}
