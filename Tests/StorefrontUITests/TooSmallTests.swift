import Foundation
import AppStoreCore
import Testing
@testable import StorefrontUI

/// A terminal too small for the storefront only pauses it: what is open stays open, time still
/// passes, and only q from the store screen quits.
@Suite struct TooSmallTests {
    private static let small = Key.resize(width: 60, height: 15)
    private static let full = Key.resize(width: 100, height: 30)

    @Test func keysDoNothingWhileASheetWaits() throws {
        let ui = try UITestHarness()
        try ui.select("10 Monkey Credits")
        ui.press(.enter)
        let sheet = ui.state.mode
        ui.press(Self.small)
        #expect(ui.screen.contains("the purchase sheet waits; keys work again then"))
        #expect(!ui.screen.contains("q quits"))
        ui.press(.escape, .char("q"), .enter, .char("+"), .scrollDown(x: 3, y: 3), .click(x: 30, y: 7))
        #expect(!ui.runtime.shouldQuit, "Esc and q leave the sheet waiting")
        #expect(ui.transactions.isEmpty, "nothing was bought or cancelled")
        ui.press(Self.full)
        #expect(ui.state.mode == sheet, "the sheet is as it was")
        #expect(ui.screen.contains("[ Buy ]"))
    }

    @Test func aPurchaseInFlightCompletesWhileSmall() throws {
        let ui = try UITestHarness()
        try ui.select("10 Monkey Credits")
        ui.press(.enter, .enter)
        #expect(ui.state.isBusy)
        ui.press(Self.small)
        #expect(ui.screen.contains("the purchase goes on; keys work again then"))
        ui.press(.escape)
        #expect(!ui.runtime.shouldQuit)
        ui.wait()
        #expect(ui.transactions.last?.queueState.state == .purchased)
        #expect(ui.state.snapshot.credits == 10)
        ui.press(Self.full)
        guard case .alert(let alert) = ui.state.mode else { Issue.record("no outcome: \(ui.state.mode)"); return }
        #expect(alert.kind == .success)
    }

    @Test func onlyQQuitsFromTheStoreScreen() throws {
        let ui = try UITestHarness()
        ui.press(Self.small)
        #expect(ui.screen.contains("enlarge the window to continue"))
        #expect(ui.screen.contains("q quits"))
        ui.press(.escape, .enter, .char("s"))
        #expect(!ui.runtime.shouldQuit, "Esc does not quit from the store screen, nor here")
        #expect(ui.state.mode == .store, "and no other key acts behind the message")
        ui.press(.char("q"))
        #expect(ui.runtime.shouldQuit)
    }

    @Test func aPanelSaysItWaits() throws {
        let ui = try UITestHarness()
        ui.press(.char("s"), Self.small)
        #expect(ui.screen.contains("the settings panel waits"))
        ui.press(.char("q"))
        #expect(!ui.runtime.shouldQuit)
        ui.press(Self.full)
        #expect(ui.state.mode == .settings(SettingsPanel()))
    }
}
