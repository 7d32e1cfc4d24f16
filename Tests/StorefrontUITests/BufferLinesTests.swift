import Testing
@testable import StorefrontUI

/// A drawn frame as text, as the screen tests and a walkthrough's `expect screen` read it.
@Suite struct BufferLinesTests {
    @Test func eachRowKeepsItsInnerSpacesAndWideCharactersAndLosesItsTrailingOnes() {
        var buffer = Buffer(width: 12, height: 5)
        buffer.put("a  b", x: 1, y: 0, style: .plain)
        buffer.put("日本", x: 8, y: 1, style: .plain)
        buffer.fill(x: 0, y: 2, width: 12, height: 1, style: .reverse)
        buffer.put("e\u{301} ✓ ", x: 0, y: 3, style: .bold)
        buffer.put("x", x: 11, y: 4, style: .plain)
        #expect(buffer.lines == [" a  b", "        日本", "", "e\u{301} ✓", "           x"])
        #expect(buffer.text == buffer.lines.joined(separator: "\n"))
    }

    @Test func aWideCharacterHalfOverwrittenLeavesNoHalfBehind() {
        var buffer = Buffer(width: 6, height: 1)
        buffer.put("日本", x: 0, y: 0, style: .plain)
        buffer.put("a", x: 1, y: 0, style: .plain)
        #expect(buffer.lines == [" a本"])
    }

    @Test func printableASCIITakesOneColumnAndOthersAsBefore() {
        #expect(DisplayWidth.of("Buy 10 Monkey Credits ~!") == 24)
        #expect(DisplayWidth.of("e\u{301}") == 1, "a combining mark adds no column")
        #expect(DisplayWidth.of("\u{301}") == 0)
        #expect(DisplayWidth.of("日本") == 4)
        #expect(DisplayWidth.of("\u{1B}") == 2, "shown as \\e")
        #expect(DisplayWidth.of("\u{7F}") == DisplayWidth.of(TerminalText.escaped("\u{7F}")))
    }

    @Test func blocksMeasuredWithoutTheirCategoryHoldNoCombiningMarkAndNoWideCharacter() {
        // The blocks DisplayWidth takes as one column a scalar without a lookup: each scalar
        // there must be what the lookup would have said, one column.
        for range in [0xA0..<0x0300, 0x2000..<0x20D0, 0x2100..<0x2C00] {
            for value in range {
                guard let scalar = Unicode.Scalar(UInt32(value)), !TerminalText.isEscaped(scalar) else { continue }
                #expect(scalar.properties.generalCategory != .nonspacingMark, "U+\(String(value, radix: 16))")
                #expect(DisplayWidth.of(Character(scalar)) == 1, "U+\(String(value, radix: 16))")
            }
        }
        #expect(DisplayWidth.of(Character("\u{20D0}")) == 0, "the first combining mark for symbols")
        #expect(DisplayWidth.of(Character("\u{2E80}")) == 2, "the first CJK radical")
    }

    @Test func scalarsWrittenACellEachAreCharactersOfTheirOwnOneColumnWide() {
        // Buffer writes such text a scalar a cell: each must be a Character by itself, whatever
        // stands beside it, one column wide and shown as it is.
        for value in 0...0x2FFF {
            guard let scalar = Unicode.Scalar(UInt32(value)), DisplayWidth.isSingleColumnCharacter(scalar) else { continue }
            let name = "U+\(String(value, radix: 16))"
            #expect(!TerminalText.isEscaped(scalar), "\(name)")
            #expect(DisplayWidth.of(Character(scalar)) == 1, "\(name)")
            #expect("x\(scalar)x".count == 3 && "─\(scalar)─".count == 3, "\(name) joins its neighbour")
        }
        var buffer = Buffer(width: 8, height: 1)
        buffer.put("日本語", x: 0, y: 0, style: .plain)
        #expect(buffer.put("─→é", x: 1, y: 0, style: .dim) == 4)
        #expect(buffer.lines == [" ─→é語"])
        #expect(buffer[1, 0] == Buffer.Cell(symbol: "─", style: .dim))
    }

    @Test func asciiWrittenOverWideCharactersLeavesNoHalfBehind() {
        var buffer = Buffer(width: 8, height: 2)
        buffer.put("日本語", x: 0, y: 0, style: .plain)
        buffer.put("ab", x: 1, y: 0, style: .bold)
        buffer.put("日本", x: 2, y: 1, style: .plain)
        buffer.put("wxyz", x: -1, y: 1, style: .plain)
        #expect(buffer.lines == [" ab 語", "xyz 本"])
        #expect(buffer[1, 0] == Buffer.Cell(symbol: "a", style: .bold))
        #expect(buffer.put("abcdef", x: 5, y: 1, style: .plain) == 8, "cut at the edge")
        #expect(buffer.lines[1] == "xyz  abc", "本's left half blanked")
    }
}
