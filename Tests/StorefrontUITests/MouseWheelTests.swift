import Foundation
import AppStoreCore
import Testing
@testable import StorefrontUI

/// The mouse wheel scrolls what is in front: the store list, the full log, the settings panel
/// (and its list of errors), the approvals panel; over a dialog it does nothing.
@Suite struct MouseWheelTests {
    private static let down = Key.scrollDown(x: 10, y: 10)
    private static let up = Key.scrollUp(x: 10, y: 10)

    private func settings(_ selection: Int, api: Int? = nil, choosing: Int? = nil) -> Mode {
        var panel = SettingsPanel()
        panel.selection = selection
        panel.api = api
        panel.choosingError = choosing
        return .settings(panel)
    }

    @Test func theStoreListScrolls() throws {
        let ui = try UITestHarness(width: 70, height: 20)
        let first = ui.state.selection
        let visible = Layout(width: 70, height: 20).list.height
        try #require(ui.state.rows.count > visible, "the list is longer than the screen")
        for _ in 0..<ui.state.rows.count { ui.press(Self.down) }
        #expect(ui.state.selectedRow == .invalid("com.storefront.theme.retired"), "down to the last row")
        #expect(ui.state.scroll > 0, "the list scrolled with it")
        for _ in 0..<ui.state.rows.count { ui.press(Self.up) }
        #expect(ui.state.selection == first)
        #expect(ui.state.scroll == 0)
    }

    @Test func theFullLogScrolls() throws {
        let ui = try UITestHarness(width: 80, height: 24)
        try ui.fillLog()
        ui.press(.char("l"))
        let end = ui.state.logMaxScroll
        ui.press(Self.up)
        #expect(ui.state.mode == .log(scroll: end - AppState.wheelRows))
        ui.press(Self.down, Self.down)
        #expect(ui.state.mode == .log(scroll: end), "it stops at the newest row")
        for _ in 0..<end { ui.press(Self.up) }
        #expect(ui.state.mode == .log(scroll: 0), "and at the oldest")
    }

    @Test func theSettingsPanelAndItsErrorListScroll() throws {
        let ui = try UITestHarness()
        ui.press(.char("s"), Self.down, Self.down)
        #expect(ui.state.mode == settings(2))
        ui.press(Self.up)
        #expect(ui.state.mode == settings(1))
        ui.press(Self.down, Self.down, .enter)
        let purchase = try #require(StoreAPI.allCases.firstIndex(of: .purchase))
        #expect(ui.state.mode == settings(3, api: purchase), "the list of APIs, on purchases")
        ui.press(Self.down)
        #expect(ui.state.mode == settings(3, api: purchase + 1))
        ui.press(Self.up, .enter)
        guard case .settings(let panel) = ui.state.mode, let first = panel.choosingError else {
            Issue.record("the error list is not open: \(ui.state.mode)")
            return
        }
        ui.press(Self.down)
        #expect(ui.state.mode == settings(3, api: purchase, choosing: first + 1))
        #expect(ui.state.snapshot.settings.failWith == nil, "scrolling chooses nothing")
    }

    @Test func theApprovalsPanelScrolls() throws {
        let ui = try UITestHarness { $0.askToBuy = true }
        for title in ["5 Monkey Credits", "10 Monkey Credits"] { try ui.buy(title) }
        ui.press(.char("a"))
        let ids = ui.state.snapshot.waitingRequests.map(\.id)
        try #require(ids.count == 2)
        ui.press(Self.down)
        guard case .approvals(let panel) = ui.state.mode else { Issue.record("no panel"); return }
        #expect(panel.selectedID == ids[1])
        ui.press(Self.up)
        guard case .approvals(let back) = ui.state.mode else { Issue.record("no panel"); return }
        #expect(back.selectedID == ids[0])
        #expect(ui.state.snapshot.waitingRequests.count == 2, "scrolling answers nothing")
    }

    @Test func theHelpMentionsTheWheel() throws {
        let ui = try UITestHarness()
        ui.press(.char("?"))
        #expect(ui.screen.contains("wheel scrolls"), "\(ui.screen)")
    }

    @Test func overADialogNothingMoves() throws {
        let ui = try UITestHarness()
        try ui.select("5 Monkey Credits")
        let selection = ui.state.selection
        ui.press(.enter)
        let sheet = ui.state.mode
        ui.press(Self.down, Self.up, Self.down)
        #expect(ui.state.mode == sheet)
        #expect(ui.state.selection == selection, "the list behind the sheet stays put")
        ui.press(.escape, .char("?"), Self.down)
        #expect(ui.state.mode == .help(scroll: 0))
        #expect(ui.state.selection == selection)
    }
}
