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
}
