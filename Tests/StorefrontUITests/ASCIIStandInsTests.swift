import Foundation
import Testing
@testable import StorefrontUI

/// Without a UTF-8 locale the terminal draws ASCII stand-ins: nothing garbled, no column moved.
@Suite struct ASCIIStandInsTests {
    @Test func linesStarsArrowsAndPunctuationBecomeLookAlikes() {
        let pairs: [(String, String)] = [
            ("─", "-"), ("│", "|"), ("┌", "+"), ("┘", "+"), ("★", "*"), ("•", "*"), ("·", "-"),
            ("…", "."), ("−", "-"), ("—", "-"), ("×", "x"), ("✓", "+"), ("↑", "^"), ("↓", "v"),
            ("←", "<"), ("→", ">"), ("⏎", "#"), ("¥", "Y"), ("é", "e"), ("a", "a"), ("~", "~"),
        ]
        for (symbol, ascii) in pairs {
            #expect(ASCIIStandIns.standIn(for: symbol) == ascii, "\(symbol)")
        }
    }

    @Test func theSpinnerTurnsInASCII() {
        let frames = Spinner.frames.prefix(4).map(ASCIIStandIns.standIn)
        #expect(frames == ["|", "/", "-", "\\"])
    }

    @Test func anythingElseIsAQuestionMarkPerColumn() {
        var buffer = Buffer(width: 8, height: 1)
        buffer.put("無料☃x", x: 0, y: 0, style: .plain)
        let ascii = ASCIIStandIns.applied(to: buffer)
        #expect(ascii.lines == ["?????x"], "a wide character keeps both of its columns")
    }

    @Test func aWholeScreenIsASCIIWithItsColumnsInPlace() throws {
        let ui = try UITestHarness()
        func ascii() -> (screen: Buffer, ascii: Buffer) {
            let screen = render(ui.state)
            let ascii = ASCIIStandIns.applied(to: screen)
            #expect(ascii.text.unicodeScalars.allSatisfy { $0.isASCII }, "\(ascii.text)")
            for (original, line) in zip(screen.lines, ascii.lines) {
                #expect(DisplayWidth.of(original) == line.count, "every row keeps its width: \(line)")
            }
            #expect(ascii.cells.map(\.style) == screen.cells.map(\.style), "and every cell its style")
            return (screen, ascii)
        }
        #expect(ascii().ascii.text.contains("* Premium content here"))
        try ui.select("10 Monkey Credits")
        ui.press(.enter)
        let sheet = ascii()
        #expect(sheet.screen.text.contains("┌─"))
        #expect(sheet.ascii.text.contains("+-"), "the sheet's box")
    }

    @Test func theHeaderSaysTheScreenIsASCII() throws {
        let ui = try UITestHarness()
        #expect(!ui.screen.contains("NO UTF-8 LOCALE"))
        let state = { var s = ui.state; s.ascii = .noUTF8Locale; return s }()
        #expect(render(state).lines[1].contains("NO UTF-8 LOCALE: ASCII"))
    }

    @Test func asciiAskedForIsNotBlamedOnTheLocale() throws {
        let ui = try UITestHarness()
        let state = { var s = ui.state; s.ascii = .requested; return s }()
        let header = render(state).lines[1]
        #expect(header.contains("ASCII (STOREFRONT_ASCII)"))
        #expect(!header.contains("NO UTF-8 LOCALE"))
    }

    @Test func noTwoKindsOfSymbolShareAStandIn() {
        #expect(ASCIIStandIns.standIn(for: "✓") != ASCIIStandIns.standIn(for: "↓"), "a check mark is not a down arrow")
        #expect(ASCIIStandIns.standIn(for: "⏎") != ASCIIStandIns.standIn(for: "←"), "Enter is not a left arrow")
    }
}
