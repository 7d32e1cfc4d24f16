import Foundation
import SampleApp
import AppStoreCore
import Testing
@testable import StorefrontUI

/// The full log's `s`: the chosen entry's signed form, in the Transaction Manager's sheet, read
/// through the same effect (`Effect.showSignedForm`); ←→ choose the entry, ↑↓ still scroll.
/// In English and Japanese.
@Suite struct LogSignedFormTests {
    private typealias FixedSource = SignedFormSheetTests.FixedSource

    private func lines(_ ui: UITestHarness) -> [String] {
        ui.screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test(arguments: [false, true])
    func sShowsTheChosenEntrysSignedFormAndAnyOfItsKeysCloseIt(japanese: Bool) throws {
        let ui = try UITestHarness(width: 100, height: 30) { if japanese { UITestHarness.useJapanese(&$0) } }
        let source = FixedSource()
        ui.runtime.signedForms = source
        try ui.buy("Premium content")
        try ui.buy("5 Monkey Credits")
        let (older, newest) = (ui.transactions[0].id, ui.transactions[1].id)
        ui.press(.char("l"))
        #expect(lines(ui).contains { $0.hasPrefix("›") && $0.contains(newest) }, "the newest is chosen first:\n\(ui.screen)")
        #expect(ui.screen.contains(ui.state.strings.log.logKeys), "\(ui.screen)")

        ui.press(.char("s"))
        #expect(source.asked == [newest], "the newest entry's, read through the runtime's source")
        #expect(ui.state.logSelection.signedForm == FixedSource.summary(newest))
        let words = ui.state.strings.manager
        let summary = FixedSource.summary(newest)
        var screen = ui.screen
        #expect(screen.contains(words.signedFormTitle(newest)), "\(screen)")
        #expect(screen.contains(words.signedFormFacts("ES256", ui.state.times.dateTime(summary.signedDate), "\(summary.size)")), "\(screen)")
        #expect(screen.contains(words.signedFormWritten(summary.path)), "\(screen)")
        #expect(screen.contains("storefront verify /data/transaction-\(newest).jws"), "\(screen)")
        #expect(screen.contains("eyJhbGciOiJFUzI1NiIsIng1YyI6WyJNSUlC"), "the JWS begins in the box: \(screen)")
        #expect(screen.contains(words.signedFormKeys), "\(screen)")

        ui.press(.char("g"))
        #expect(ui.state.logSelection.signedFormID == newest, "the sheet keeps other keys from the log")
        ui.press(.escape)
        #expect(ui.state.logSelection.signedFormID == nil)
        guard case .log = ui.state.mode else { Issue.record("Esc closes the sheet, not the log: \(ui.screen)"); return }

        ui.press(.left, .char("s"))
        #expect(source.asked == [newest, older], "← chose the entry before it")
        screen = ui.screen
        #expect(screen.contains(words.signedFormTitle(older)), "\(screen)")
        ui.press(.enter, .right, .char("s"))
        #expect(source.asked == [newest, older, newest], "→ back to the newest")
    }

    @Test(arguments: [false, true])
    func aFailedEntryHasNone(japanese: Bool) throws {
        let ui = try UITestHarness(width: 70, height: 20) {
            $0.failWith = .storeProductNotAvailable
            if japanese { UITestHarness.useJapanese(&$0) }
        }
        let source = FixedSource()
        ui.runtime.signedForms = source
        try ui.select("5 Monkey Credits")
        ui.buySelected()
        ui.press(.enter, .char("l"), .char("s"))
        #expect(source.asked.isEmpty, "nothing to read")
        let words = ui.state.strings.manager
        #expect(ui.screen.contains(words.signedFormTitle(try #require(ui.transactions.last?.id))), "\(ui.screen)")
        #expect(ui.screen.contains(words.noSignedForm.prefix(12)), "\(ui.screen)")
    }

    /// ←→ scroll the log just enough to show the entry they choose, its message rows too;
    /// scrolled away from the chosen entry, the choice is the last entry in view.
    @Test func choosingAnEntryScrollsItIntoView() throws {
        let ui = try UITestHarness(width: 80, height: 24)
        try ui.fillLog()
        ui.press(.char("l"))
        let end = ui.state.logMaxScroll
        ui.press(.char("g"))
        let marked = try #require(lines(ui).firstIndex { $0.hasPrefix("›") }, "an entry in view is chosen:\n\(ui.screen)")
        ui.press(.left)
        #expect(ui.state.mode == .log(scroll: 0), "the entry before it is in view already")
        #expect(lines(ui).firstIndex { $0.hasPrefix("›") } ?? marked < marked, "\(ui.screen)")
        ui.press(.char("G"))
        for _ in ui.transactions.dropLast() { ui.press(.left) }
        #expect(ui.state.logSelection.transactionID == ui.transactions.first?.id)
        #expect(ui.state.mode == .log(scroll: 0), "the oldest entry at the top")
        for _ in ui.transactions { ui.press(.right) }
        #expect(ui.state.mode == .log(scroll: end), "the newest at the bottom")
        #expect(lines(ui)[ui.state.height - 2].hasPrefix("›"), "\(ui.screen)")
    }

    /// A click on an entry, its message rows included, chooses it.
    @Test func aClickChoosesTheEntry() throws {
        let ui = try UITestHarness(width: 80, height: 24)
        try ui.fillLog()
        ui.press(.char("l"), .char("g"))
        // The first entry's row is the screen's third, its message the two under it.
        ui.press(.click(x: 20, y: 2))
        #expect(ui.state.logSelection.transactionID == ui.transactions.first?.id)
        ui.press(.click(x: 20, y: 4))
        #expect(ui.state.logSelection.transactionID == ui.transactions.first?.id, "a message row belongs to its entry")
        ui.press(.click(x: 20, y: 5))
        #expect(ui.state.logSelection.transactionID == ui.transactions[1].id)
    }

    /// The update alone: the answer fills the log's sheet only while it waits for that transaction.
    @Test func theFormArrivesForTheSheetThatAskedForIt() throws {
        let ui = try UITestHarness()
        try ui.buy("Premium content")
        ui.press(.char("l"))
        var state = ui.state
        let t = try #require(ui.transactions.last)
        #expect(update(&state, .key(.char("s"))) == [.showSignedForm(t)])
        _ = update(&state, .signedFormShown(FixedSource.summary("another")))
        #expect(state.logSelection.signedForm == nil, "another transaction's form is not shown")
        _ = update(&state, .signedFormShown(FixedSource.summary(t.id)))
        #expect(state.logSelection.signedForm == FixedSource.summary(t.id))
    }
}
