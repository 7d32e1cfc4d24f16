import StorefrontUI

/// A `Buffer` as the bytes a terminal is sent to show it (VT100/xterm sequences): what a
/// recording's output events hold. Only the rows that changed since the last frame are sent.
enum ANSIScreen {
    /// Hides the cursor and clears the screen: the recording's first output.
    static let start = "\u{1B}[?25l\u{1B}[2J"
    /// Shows the cursor again: the recording's last, so a terminal it is played into keeps one.
    static let end = "\u{1B}[0m\u{1B}[?25h"

    static func changes(from old: Buffer?, to new: Buffer) -> String {
        var out = ""
        for y in 0..<new.height where old == nil || !sameRow(y, old!, new) {
            out += "\u{1B}[\(y + 1);1H" + row(y, of: new)
        }
        return out
    }

    private static func sameRow(_ y: Int, _ a: Buffer, _ b: Buffer) -> Bool {
        guard a.width == b.width, a.height == b.height else { return false }
        return (0..<b.width).allSatisfy { a[$0, y] == b[$0, y] }
    }

    /// A row's cells with a style change only where the style changes, reset at its end.
    static func row(_ y: Int, of buffer: Buffer) -> String {
        var out = ""
        var current: Style?
        for x in 0..<buffer.width {
            let cell = buffer[x, y]
            // The right half of a wide character: the terminal moved past it already.
            if cell.symbol.isEmpty { continue }
            if cell.style != current {
                out += sgr(cell.style)
                current = cell.style
            }
            out += cell.symbol
            // A terminal may measure a wide character (an emoji with a variation selector)
            // otherwise: the next cell is placed by column, so the rest of the row stays put.
            if x + 1 < buffer.width, buffer[x + 1, y].symbol.isEmpty {
                out += "\u{1B}[\(x + 3)G"
            }
        }
        return out + "\u{1B}[0m"
    }

    /// Select Graphic Rendition: reset, then the style's attributes and colour, as the
    /// terminal's palette maps tints (cyan, green, yellow, red, dim, magenta).
    static func sgr(_ style: Style) -> String {
        var codes = ["0"]
        if style.bold { codes.append("1") }
        if style.dim || style.tint == .muted { codes.append("2") }
        if style.underline { codes.append("4") }
        if style.reverse { codes.append("7") }
        switch style.tint {
        case .accent: codes.append("36")
        case .success: codes.append("32")
        case .warning: codes.append("33")
        case .danger: codes.append("31")
        case .premium: codes.append("35")
        case .muted, nil: break
        }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }
}
