import Testing
@testable import StorefrontUI

/// Control characters from data are shown escaped, by the command line and by the canvas alike.
@Suite struct TerminalTextTests {
    @Test func controlsAreWrittenOut() {
        #expect(TerminalText.escaped("\u{1B}]0;pwned\u{07}") == #"\e]0;pwned\u{7}"#)
        #expect(TerminalText.escaped("a\tb\nc\rd") == #"a\tb\nc\rd"#, "tab and line breaks too: each item is one line")
        #expect(TerminalText.escaped("\r\n") == #"\r\n"#, "CR LF, one Character in Swift, is two escapes")
        #expect(TerminalText.escaped("\u{0}\u{7F}") == #"\u{0}\u{7F}"#)
    }

    @Test func c1ControlsAreWrittenOut() {
        #expect(TerminalText.escaped("\u{9B}2J") == #"\u{9B}2J"#, "CSI alone starts a sequence")
        #expect(TerminalText.escaped("\u{80}\u{9F}") == #"\u{80}\u{9F}"#)
    }

    @Test func bidiOverridesAndIsolatesAreWrittenOut() {
        #expect(TerminalText.escaped("file\u{202E}txt.exe") == #"file\u{202E}txt.exe"#)
        #expect(TerminalText.escaped("\u{202A}\u{2066}\u{2069}") == #"\u{202A}\u{2066}\u{2069}"#)
    }

    @Test(arguments: ["モンキークレジット5個", "¥480", "★ Premium 🐒", "café", "C:\\path \\e", ""])
    func printableTextIsUnchanged(text: String) {
        #expect(TerminalText.escaped(text) == text)
    }

    @Test func escapingTwiceChangesNothing() {
        let once = TerminalText.escaped("a\u{1B}[2Jb\u{9B}\u{202E}\n")
        #expect(TerminalText.escaped(once) == once)
    }

    // MARK: The canvas

    @Test func theCanvasNeverHoldsAControlCharacter() {
        var buffer = Buffer(width: 30, height: 1)
        let end = buffer.put("A\u{1B}[2J\u{9B}B\u{202E}C\n", x: 0, y: 0, style: .plain)
        #expect(buffer.lines == [#"A\e[2J\u{9B}B\u{202E}C\n"#])
        #expect(buffer.cells.allSatisfy { !$0.symbol.unicodeScalars.contains(where: TerminalText.isEscaped) })
        #expect(end == DisplayWidth.of("A\u{1B}[2J\u{9B}B\u{202E}C\n"), "measured as it is shown")
    }

    @Test func aControlCharacterIsCutWhole() {
        #expect(DisplayWidth.truncate("ab\u{1B}cd", to: 4) == "ab…", "\\e does not fit before the …: cut before it")
        #expect(DisplayWidth.truncate("ab\u{1B}cd", to: 6) == "ab\u{1B}cd")
    }

    /// store.json is a file anyone can edit: its account reaches the header.
    @Test func anAccountWithAnEscapeSequenceIsShownEscaped() throws {
        let ui = try UITestHarness { $0.account = "sandbox\u{1B}]0;pwned\u{07}@example.com" }
        let buffer = render(ui.state)
        #expect(buffer.text.contains(#"sandbox\e]0;pwned\u{7}@example.com"#))
        #expect(buffer.cells.allSatisfy { !$0.symbol.unicodeScalars.contains(where: TerminalText.isEscaped) })
    }
}
