/// Text from data (a catalog, a data file, an argument) as a terminal may be given it. A
/// terminal obeys control characters rather than showing them: ESC and CSI (U+009B) start
/// sequences that move the cursor, repaint or retitle the window, a line break makes one item
/// look like two. Bidi overrides and isolates reorder what follows them. All of these are
/// written out instead: `\e`, `\t`, `\n`, `\r`, and `\u{9B}` for the others. Everything else,
/// Japanese and emoji included, is unchanged, and so is escaped text (the escapes are
/// printable), so escaping twice is harmless.
///
/// The one rule for every printer: the command line's text output and the Canvas.
public enum TerminalText {
    public static func escaped(_ text: some StringProtocol) -> String {
        guard text.unicodeScalars.contains(where: isEscaped) else { return String(text) }
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\u{1B}": out += "\\e"
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case _ where isEscaped(scalar): out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// C0 controls, DEL, C1 controls, and the bidi embeddings, overrides and isolates.
    public static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
