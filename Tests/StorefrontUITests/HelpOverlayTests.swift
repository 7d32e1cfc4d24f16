import Foundation
import Testing
@testable import StorefrontUI

/// The help overlay lists one key to a line, and every key can be read at the smallest size.
@MainActor
struct HelpOverlayTests {
    /// The line of `screen` where `key` is written as a key (bold, in the key column) with its
    /// text beside it, or nil.
    private func line(of key: String, _ text: String, in screen: String) -> String? {
        screen.split(separator: "\n").map(String.init).first { line in
            guard let at = line.range(of: "│ \(key) ") ?? line.range(of: "│ \(key)") else { return false }
            return line[at.upperBound...].contains(text)
        }
    }

    @Test(arguments: [false, true])
    func everyKeyHasALineOfItsOwnAt100x30(japanese: Bool) throws {
        let ui = try UITestHarness { if japanese { UITestHarness.useJapanese(&$0) } }
        ui.press(.char("?"))
        let keys = HelpOverlay.keys(ui.state.strings)
        #expect(keys.count >= 18)
        for (key, text) in keys {
            let found = line(of: key, text, in: ui.screen)
            #expect(found != nil, "\(key): \(text) on a line of its own:\n\(ui.screen)")
            // No other key's words share the line.
            for (other, otherText) in keys where other != key && !text.contains(otherText) {
                #expect(found?.contains(otherText) != true, "\(key)'s line also holds \(other)'s words: \(found ?? "")")
            }
        }
        #expect(!ui.screen.contains("more"), "every key fits: nothing to scroll\n\(ui.screen)")
    }

    /// Failed before: the help said nothing of buying outside the app, nor of its terms sheet's keys.
    @Test(arguments: [false, true])
    func itListsTheKeysOfBuyingOutsideTheApp(japanese: Bool) throws {
        let ui = try UITestHarness { if japanese { UITestHarness.useJapanese(&$0) } }
        ui.press(.char("?"))
        let screen = ui.screen
        #expect(line(of: "b", japanese ? "App外で購入" : "buy outside the app", in: screen) != nil, "\(screen)")
        #expect(line(of: "← →  Space", japanese ? "オファー、自動更新" : "offer, auto-renew", in: screen) != nil, "\(screen)")
    }

    /// Failed before: scrolled to the end with j, the closing line still said "↑ ↓ 6 more".
    @Test(arguments: [false, true])
    func theClosingLineCountsTheKeysAboveAndBelow(japanese: Bool) throws {
        let ui = try UITestHarness(width: 70, height: 20) { if japanese { UITestHarness.useJapanese(&$0) } }
        let words = ui.state.strings.keys
        ui.press(.char("?"))
        #expect(ui.screen.contains(words.helpCloseOrScroll(0, 6)), "\(ui.screen)")
        ui.press(.char("j"), .char("j"))
        #expect(ui.screen.contains(words.helpCloseOrScroll(2, 4)), "\(ui.screen)")
        for _ in 0..<12 { ui.press(.char("j")) }
        let end = words.helpCloseOrScroll(6, 0)
        #expect(ui.screen.contains(end), "\(ui.screen)")
        #expect(!end.contains(japanese ? "↓" : "more"), "nothing below is counted: \(end)")
        ui.press(.char("k"))
        #expect(ui.screen.contains(words.helpCloseOrScroll(5, 1)), "\(ui.screen)")
    }

    @Test func theSmallestTerminalScrollsToEveryKey() throws {
        let ui = try UITestHarness(width: 70, height: 20)
        ui.press(.char("?"))
        let keys = HelpOverlay.keys(ui.state.strings)
        #expect(ui.screen.contains("↑ ↓ 6 more"), "the closing line says keys are out of sight:\n\(ui.screen)")
        #expect(line(of: keys.last!.0, keys.last!.1, in: ui.screen) == nil, "the last key is below:\n\(ui.screen)")
        var seen = Set<String>()
        for _ in 0..<keys.count {
            for (key, text) in keys where line(of: key, text, in: ui.screen) != nil { seen.insert(key) }
            ui.press(.down)
        }
        #expect(seen == Set(keys.map(\.0)), "every key read by scrolling: missing \(Set(keys.map(\.0)).subtracting(seen))")
        #expect(line(of: keys.last!.0, keys.last!.1, in: ui.screen) != nil)
        #expect(line(of: keys.first!.0, keys.first!.1, in: ui.screen) == nil)
        ui.press(.char("g"))
        #expect(line(of: keys.first!.0, keys.first!.1, in: ui.screen) != nil, "g goes back to the top")
        ui.press(.escape)
        #expect(ui.state.mode == .store)
    }
}
