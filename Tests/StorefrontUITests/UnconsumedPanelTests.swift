import Foundation
import SampleApp
import SnapshotTesting
import AppStoreCore
import Testing
@testable import StorefrontUI
import Wording

/// The unconsumed purchases panel (`u`): the app's consumable purchases delivered and not yet
/// consumed, oldest first, consumed explicitly with a log line; its key in the footer while
/// there is something to consume, and always in the help.
@Suite struct UnconsumedPanelTests {
    /// Two packs of five and one of ten bought, one credit spent: the first pack has 9 left.
    static func bought(_ ui: UITestHarness) throws {
        try ui.buy("5 Monkey Credits", quantity: 2)
        try ui.buy("10 Monkey Credits")
        // Your credits, Spend 1, Close.
        try ui.select("Your credits")
        ui.press(.enter, .enter, .escape)
    }

    @Test func thePanelListsEachPurchaseOldestFirst() throws {
        for japanese in [false, true] {
            let ui = try UITestHarness(width: 100, height: 30, settings: japanese ? UITestHarness.useJapanese : { _ in })
            try Self.bought(ui)
            ui.press(.char("u"))
            assertSnapshot(of: ui.screen, as: .lines, named: japanese ? "unconsumed-ja-100x30" : "unconsumed-100x30")
            if japanese {
                let english = JapaneseScreenText.englishWords(in: ui.screen, state: ui.state)
                #expect(english.isEmpty, "English of the app's own: \(english)\n\(ui.screen)")
            }
        }
    }

    @Test func enterConsumesTheSelectedPurchaseAndOneUsesTheOldestUnit() throws {
        let ui = try UITestHarness()
        try Self.bought(ui)
        let ids = ui.state.snapshot.unconsumed.map(\.transactionID)
        #expect(ids.count == 2)
        ui.press(.char("u"))
        guard case .unconsumed = ui.state.mode else { Issue.record("the panel opens with u: \(ui.state.mode)"); return }

        // Update alone: which effect each key asks for.
        var store = TestStore(ui.state)
        store.send(.key(.char("1")), effects: [.consume(.product(SampleApp.creditsKey), quantity: 1)])
        store.send(.key(.down)) { $0.mode = .unconsumed(UnconsumedPanel(selection: 1)) }
        store.send(.key(.enter), effects: [.consume(.transaction(ids[1]), quantity: nil)])
        store.send(.key(.escape)) { $0.mode = .store }

        ui.press(.char("1"))
        #expect(ui.state.snapshot.unconsumed.first?.remaining == 8, "one unit of the oldest")
        #expect(ui.state.log.last?.text == "\(ids[0]) consumed  -1 credit (balance 18)  (8 left unconsumed)")
        ui.press(.char("c"))
        #expect(ui.state.snapshot.unconsumed.map(\.transactionID) == [ids[1]], "the consumed purchase leaves the list")
        #expect(ui.state.snapshot.credits == 10)
        #expect(ui.state.log.last?.text == "\(ids[0]) consumed  -8 credits (balance 10)  (used up: off the unconsumed list)")
        ui.press(.enter)
        #expect(ui.state.snapshot.unconsumed.isEmpty && ui.state.snapshot.credits == 0)
        #expect(ui.screen.contains(Strings.english.unconsumed.none))
        ui.press(.char("u"))
        #expect(ui.state.mode == .store)
    }

    @Test func theKeyIsInTheFooterWhileThereIsSomethingToConsumeAndAlwaysInTheHelp() throws {
        for strings in Strings.allCases {
            let ui = try UITestHarness(settings: strings == .japanese ? UITestHarness.useJapanese : { _ in })
            let footer = { ui.screen.split(separator: "\n").last.map(String.init) ?? "" }
            #expect(!footer().contains("u \(strings.unconsumed.key)"))
            try ui.buy("5 Monkey Credits")
            #expect(footer().contains("u \(strings.unconsumed.keyWaiting(1))") || footer().contains("u \(strings.unconsumed.key)"),
                    "\(ui.screen)")
            ui.press(.char("?"))
            #expect(ui.screen.contains(strings.unconsumed.help))
        }
    }

    @Test func aClickSelectsARowAndTheMouseWheelMoves() throws {
        let ui = try UITestHarness()
        try Self.bought(ui)
        ui.press(.char("u"))
        guard case .unconsumed(let panel) = ui.state.mode else { Issue.record("no panel"); return }
        let g = UnconsumedGeometry(ui.state, panel: panel, layout: Layout(width: 100, height: 30))
        ui.press(.click(x: g.box.x + 4, y: g.y(ofRow: 1)))
        #expect(ui.state.mode == .unconsumed(UnconsumedPanel(selection: 1)))
        ui.press(.scrollUp(x: g.box.x + 4, y: g.y(ofRow: 0)))
        #expect(ui.state.mode == .unconsumed(UnconsumedPanel(selection: 0)))
        ui.press(.click(x: g.box.x + 4, y: g.box.y + 1))
        #expect(ui.state.mode == .unconsumed(UnconsumedPanel(selection: 0)), "the intro is no row")
    }

    /// A balance from before the list is its first row, consumed as a whole by Enter.
    @Test func anEarlierBalanceIsTheFirstRow() throws {
        let ui = try UITestHarness()
        try ui.runtime.app.defaults.set(.int(15), forKey: SampleApp.creditsKey)
        try ui.buy("5 Monkey Credits")
        #expect(ui.state.unconsumedRows.first == .earlier(balanceKey: SampleApp.creditsKey, units: 15))
        ui.press(.char("u"))
        #expect(ui.screen.contains(Strings.english.unconsumed.earlierNote))
        ui.press(.enter)
        #expect(ui.state.snapshot.credits == 5 && ui.state.unconsumedRows.count == 1)
        #expect(ui.state.log.last?.text == "earlier balance consumed  -15 credits (balance 5)")
    }
}
