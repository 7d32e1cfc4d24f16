/// Terminal column width of text, independent of the process locale so tests and the
/// terminal agree: East Asian wide and fullwidth characters take two columns.
public enum DisplayWidth {
    public static func of(_ character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        // Printable ASCII, most of every frame, without looking up its Unicode properties.
        if (0x20..<0x7F).contains(scalar.value) { return 1 }
        // The canvas shows control characters escaped (`\e`), one column per character.
        if TerminalText.isEscaped(scalar) { return TerminalText.escaped(String(character)).count }
        let v = scalar.value
        // Blocks with no combining mark and no wide character (Latin, punctuation, currency,
        // arrows, box drawing, shapes, dingbats: the frame's lines and marks) are one column
        // without looking up the scalar's Unicode category.
        if v < 0x0300 || (0x2000..<0x20D0).contains(v) || (0x2100..<0x2C00).contains(v) { return 1 }
        if scalar.properties.generalCategory == .nonspacingMark { return 0 }
        if isWide(v) { return 2 }
        return 1
    }

    /// A scalar that is a Character of its own beside any other such scalar, one column wide
    /// and shown as it is: printable ASCII, Latin-1 and Latin Extended, dashes, quotes and
    /// bullets, currency signs, and the blocks from letterlike symbols to arrows, box drawing,
    /// shapes and dingbats. No combining mark, joiner, control or wide character is among them.
    static func isSingleColumnCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20..<0x7F, 0xA0..<0x0300, 0x2010..<0x2028, 0x2030..<0x205F, 0x20A0..<0x20D0, 0x2100..<0x2C00: true
        default: false
        }
    }

    public static func of(_ text: some StringProtocol) -> Int {
        // Printable ASCII is a column a byte.
        let utf8 = text.utf8
        if utf8.allSatisfy({ (0x20..<0x7F).contains($0) }) { return utf8.count }
        return text.reduce(0) { $0 + of($1) }
    }

    /// The longest prefix of `text` that fits in `columns`.
    public static func prefix(_ text: String, fitting columns: Int) -> String {
        var used = 0
        var out = ""
        for ch in text {
            let w = of(ch)
            if used + w > columns { break }
            used += w
            out.append(ch)
        }
        return out
    }

    /// `text` cut to `columns`, ending in "…" when it had to be cut.
    public static func truncate(_ text: String, to columns: Int) -> String {
        guard columns > 0 else { return "" }
        if of(text) <= columns { return text }
        return prefix(text, fitting: columns - 1) + "…"
    }

    /// `text` cut to `columns` from its start, beginning with "…" when it had to be cut: for
    /// identifiers, which differ at their end (credits.5, credits.10).
    public static func truncateStart(_ text: String, to columns: Int) -> String {
        guard columns > 0 else { return "" }
        guard of(text) > columns else { return text }
        var tail = ""
        for ch in text.reversed() {
            guard of(tail) + of(ch) < columns else { break }
            tail.insert(ch, at: tail.startIndex)
        }
        return "…" + tail
    }

    /// `text` padded with spaces (or cut) to exactly `columns`.
    public static func pad(_ text: String, to columns: Int) -> String {
        let cut = truncate(text, to: columns)
        return cut + String(repeating: " ", count: max(0, columns - of(cut)))
    }

    /// `text` right-aligned in `columns` (never cut: a price or a number stays whole).
    public static func padLeft(_ text: String, to columns: Int) -> String {
        String(repeating: " ", count: max(0, columns - of(text))) + text
    }

    private static func isWide(_ v: UInt32) -> Bool {
        switch v {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
             0x4E00...0x9FFF, 0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF,
             0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
             0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
