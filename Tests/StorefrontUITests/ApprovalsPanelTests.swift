import Foundation
import StoreKitSim
import Testing
@testable import StorefrontUI

/// The approvals panel (`a`): the selection belongs to a request, buttons are pressed by keys
/// or clicks, and answers from another terminal never move what Enter acts on.
@Suite struct ApprovalsPanelTests {
    /// Three Ask to Buy requests (5, 5 and 10 credits), the panel open on the first.
    private func threeRequests() throws -> (UITestHarness, [String]) {
        let ui = try UITestHarness { $0.askToBuy = true }
        for title in ["5 Monkey Credits", "5 Monkey Credits", "10 Monkey Credits"] {
            try ui.buy(title)
        }
        ui.press(.char("a"))
        return (ui, ui.state.snapshot.pendingApprovals.map(\.id))
    }

    private func panel(_ ui: UITestHarness) -> ApprovalsPanel? {
        if case .approvals(let panel) = ui.state.mode { return panel }
        return nil
    }

    @Test func theSelectionStaysOnItsRequestWhenAnotherIsAnsweredElsewhere() throws {
        let (ui, ids) = try threeRequests()
        try #require(ids.count == 3)
        ui.press(.char("j"))
        #expect(panel(ui)?.selectedID == ids[1])
        try PaymentQueue(store: ui.store).approve(transactionID: ids[0])
        ui.runtime.tick()
        #expect(panel(ui)?.selectedID == ids[1], "still the request that was chosen")
        #expect(panel(ui)?.selection == 0, "now the first row")
        ui.press(.enter)
        #expect(ui.transactions.first { $0.id == ids[1] }?.queueState.state == .purchased)
        #expect(ui.state.snapshot.pendingApprovals.map(\.id) == [ids[2]])
    }

    @Test func answeringTheLastRowSelectsTheOneBeforeIt() throws {
        let (ui, ids) = try threeRequests()
        ui.press(.char("G"))
        #expect(panel(ui)?.selectedID == ids[2])
        ui.press(.enter)
        #expect(panel(ui)?.selection == 1)
        #expect(panel(ui)?.selectedID == ids[1], "Enter acts on a row that is there")
        ui.press(.char("g"))
        #expect(panel(ui)?.selectedID == ids[0])
    }

    @Test func declineChosenForOneRowDoesNotCarryToTheNext() throws {
        let (ui, ids) = try threeRequests()
        ui.press(.tab)
        #expect(panel(ui)?.focus == 1)
        ui.press(.char("j"))
        #expect(panel(ui)?.focus == 0, "a new row starts on Approve")
        ui.press(.enter)
        #expect(ui.transactions.first { $0.id == ids[1] }?.queueState.state == .purchased)
    }

    @Test func anInterruptedRowHasOneButtonToMoveTo() throws {
        let ui = try UITestHarness { $0.interrupted = true }
        try ui.select("10 Monkey Credits")
        ui.buySelected()
        ui.press(.escape, .char("a"))
        try #require(ui.state.snapshot.waitingRequests.count == 1)
        ui.press(.tab)
        #expect(panel(ui)?.focus == 0)
    }

    @Test func moreRequestsThanRoomScrollWithTheSelection() throws {
        let ui = try UITestHarness(width: 70, height: 20) { $0.askToBuy = true }
        for _ in 0..<16 {
            try ui.buy("5 Monkey Credits")
        }
        ui.press(.char("a"))
        let ids = ui.state.snapshot.pendingApprovals.map(\.id)
        try #require(ids.count == 16)
        let layout = Layout(width: 70, height: 20)
        let capacity = ApprovalsView.Geometry(ui.state, layout: layout).capacity
        try #require(capacity < ids.count, "the panel is too small for them all")

        /// The panel's request lines as drawn, and the marks at their right edge.
        func panel() -> (rows: [String], marks: String) {
            guard case .approvals(let p) = ui.state.mode else { return ([], "") }
            let g = ApprovalsView.Geometry(ui.state, layout: layout, scroll: p.scroll)
            let lines = ui.screen.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
            let rows = (0..<g.capacity).map { String(lines[g.box.y + 2 + $0]) }
            let marks = (0..<g.capacity).map { String(lines[g.box.y + 2 + $0][g.box.maxX - 2]) }.joined()
            return (rows, marks)
        }
        #expect(panel().rows.first?.contains(ids[0]) == true)
        #expect(panel().marks.hasSuffix("↓"), "a mark says the list goes on: \(panel().marks)")
        #expect(!panel().marks.contains("↑"))

        ui.press(.char("G"))
        #expect(panel().rows.last?.contains(ids[15]) == true, "the last request is in the panel once selected:\n\(ui.screen)")
        #expect(!panel().rows.contains { $0.contains(ids[0]) })
        #expect(panel().marks.hasPrefix("↑"))
        ui.press(.enter)
        #expect(ui.transactions.first { $0.id == ids[15] }?.queueState.state == .purchased)

        ui.press(.char("g"))
        #expect(panel().rows.first?.contains(ids[0]) == true)
        ui.press(.pageDown)
        guard case .approvals(let paged) = ui.state.mode else { Issue.record("panel closed"); return }
        #expect(paged.selection == capacity - 1)
        #expect(panel().rows.contains { $0.contains(ids[paged.selection]) })
    }

    @Test func theHintWrapsAtSpacesInsteadOfCuttingAWord() throws {
        let hint = CommandLineHint(dataDirectory: "/tmp/qa-12")
        let ui = try CommandLineHint.$current.withValue(hint) {
            try UITestHarness(width: 70, height: 20) { $0.askToBuy = true }
        }
        for _ in 0..<16 {
            try ui.buy("5 Monkey Credits")
        }
        ui.press(.char("a"))
        let lines = ui.screen.components(separatedBy: "\n")
        let g = ApprovalsView.Geometry(ui.state, layout: Layout(width: 70, height: 20))
        #expect(g.hint == ["Also: storefront --data-dir /tmp/qa-12", "approve|decline|resolve ID"])
        for (i, hint) in g.hint.enumerated() {
            #expect(lines[g.box.maxY - 1 - g.hint.count + i].contains("│ \(hint) "), "drawn whole:\n\(ui.screen)")
        }
        let lastRow = lines[g.box.y + 2 + g.capacity - 1]
        #expect(lastRow.contains("5 Monkey Credits"), "the rows end above the hint:\n\(ui.screen)")
    }

    @Test func clicksSelectRowsAndPressButtons() throws {
        let (ui, ids) = try threeRequests()
        let geometry = ApprovalsView.Geometry(ui.state, layout: Layout(width: 100, height: 30))
        let row = geometry.y(ofRow: 2)
        ui.press(.click(x: geometry.box.x + 3, y: row))
        #expect(panel(ui)?.selectedID == ids[2], "a click on the row selects it")
        #expect(ui.state.snapshot.pendingApprovals.count == 3, "and presses nothing")
        let decline = geometry.buttons(ofRow: 1)[1]
        let line = Array(ui.screen.split(separator: "\n")[decline.y])
        #expect(String(line[decline.x..<decline.maxX]) == "[Decline]", "the button is where it is drawn")
        ui.press(.click(x: decline.x + 1, y: decline.y))
        #expect(ui.transactions.first { $0.id == ids[1] }?.queueState.state == .failed, "Decline pressed")
        #expect(ui.transactions.first { $0.id == ids[2] }?.queueState.state == .deferred)
    }
}
