import Foundation
import Testing
@testable import Walkthroughs

/// `expect screen` finds a line's text as Foundation's `contains` does, whichever way it searches.
@Suite struct ScreenTextTests {
    @Test(arguments: [
        ("│ You're all set.   [ OK ] │", "[ OK ]"), ("│ You're all set. │", "[ OK ]"), ("Buy", "Buy"), ("Bu", "Buy"),
        ("  Purchase Failed", "Purchase Failed"), ("Purchase Faile", "Purchase Failed"), ("aaab", "aab"), ("abc", ""),
        ("", "x"), ("10 Monkey Credits  $0.99", "$0.99"), ("10 Monkey Credits  0,99 €", "0,99 €"), ("Café", "Cafe"),
        ("Cafe\u{301}", "Café"), ("Cafe\u{301}", "Cafe"), ("ジャパン 100 円", "100"), ("Sign In to the App Store", "App Store"),
        ("│ ▸ 10 Monkey Credits … — €0,99 │", "Credits"), ("│ ▸ 10 Monkey Credits … — €0,99 │", "0,99 │"),
        ("│ \u{212A}elvin │", "Kelvin"), ("│ a\u{37E} │", "a;"), ("│ Cafe\u{301} │", "Cafe"), ("│ ─── │", "──"),
    ])
    func findsAsFoundationDoes(_ line: String, _ text: String) {
        #expect(StepRun.line(line, shows: text) == line.contains(text))
    }

    @Test func findsTheTextAnywhereInTheLine() {
        #expect(StepRun.line("[ OK ]", shows: "[ OK ]"))
        #expect(StepRun.line("xx[ OK ]", shows: "[ OK ]"))
        #expect(StepRun.line("[ OK ]xx", shows: "[ OK ]"))
        #expect(!StepRun.line("[ OK", shows: "[ OK ]"))
        #expect(!StepRun.line("[ Ok ]", shows: "[ OK ]"))
    }
}
