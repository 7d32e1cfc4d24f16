import AppStoreCore
import Testing
@testable import StorefrontUI

/// The store's footer at the widths people use: every key that works is on it, in short
/// words where the whole ones do not fit, or `?` says there are more (the help lists them all).
@Suite struct FooterTests {
    static let widths = [100, 80, 70]

    /// The store screen plain, with the products down (R appears) and with a request waiting.
    static let conditions: [(name: String, settings: @Sendable (inout Settings) -> Void)] = [
        ("plain", { _ in }),
        ("network down", { $0.network = false }),
        ("a request waiting", { $0.askToBuy = true }),
    ]

    private func footer(_ ui: UITestHarness) -> String {
        String(render(ui.state).lines.last ?? "")
    }

    @Test(arguments: [false, true], widths)
    func everyKeyIsOnTheFooterOrBehindMore(japanese: Bool, width: Int) throws {
        for condition in Self.conditions {
            let ui = try UITestHarness(width: width, height: 24) {
                condition.settings(&$0)
                if japanese { UITestHarness.useJapanese(&$0) }
            }
            if condition.name == "a request waiting" { try ui.buy("10 Monkey Credits") }
            let line = footer(ui)
            let words = ui.state.strings.keys
            let shown = FooterView.fitted(ui.state, width: width)
            let missing = FooterView.keys(for: ui.state).hints.filter { hint in !shown.hints.contains { $0.key == hint.key } }
            for hint in shown.hints + shown.fixed {
                #expect(line.contains("\(hint.key) \(hint.label)"), "\(condition.name) at \(width): \(hint.key) in \"\(line)\"")
            }
            if missing.isEmpty {
                #expect(line.contains("? \(words.help)"), "\(condition.name) at \(width): \"\(line)\"")
            } else {
                #expect(line.contains("? \(words.more)"), "\(condition.name) at \(width): \(missing.map(\.key)) gone without a word: \"\(line)\"")
            }
            // Enter and m are kept before the keys rarely needed; the log has room from 80
            // columns, and at 70 on the plain store screen.
            #expect(line.contains("⏎ ") && line.contains("m "), "\(condition.name) at \(width): \"\(line)\"")
            if width >= 80 || condition.name == "plain" {
                #expect(line.contains("l \(words.log)"), "\(condition.name) at \(width): \"\(line)\"")
            }
            #expect(line.contains("q \(words.quit)"))
        }
    }

    @Test func wholeWordsWhereTheyFitShortOnesWhereNot() throws {
        #expect(footer(try UITestHarness(width: 100, height: 30))
                == " ⏎ open/buy  r restore  s settings  a approvals  m subs  l log  t txns  D delete    ? help  q quit")
        // Short words, then the keys rarely needed give way (approvals with nothing waiting,
        // delete app, restore), Enter and m last.
        let eighty = footer(try UITestHarness(width: 80, height: 24))
        #expect(eighty.hasPrefix(" ⏎ open/buy  r restore  s settings  m subs  l log  t txns ") && eighty.hasSuffix("? more  q quit"), "\(eighty)")
        let narrow = footer(try UITestHarness(width: 70, height: 20))
        #expect(narrow.hasPrefix(" ⏎ open  s settings  m subs  l log  t txns ") || narrow.hasPrefix(" ⏎ open/buy  s settings  m subs  l log  t txns ") && narrow.hasSuffix("? more  q quit"), "\(narrow)")
    }
}
