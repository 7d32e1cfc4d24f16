import Foundation

/// What a screen shows when the terminal can only take ASCII (no UTF-8 locale installed):
/// every cell's character replaced by an ASCII one of the same width, so nothing reaches the
/// terminal as bytes it would garble, and every column stays where the views put it.
/// Why the screen is drawn in ASCII: the header names it.
public enum ASCIIReason: Equatable, Sendable {
    /// STOREFRONT_ASCII=1 asked for it (a terminal or font without box-drawing characters).
    case requested
    /// The system has no UTF-8 locale.
    case noUTF8Locale
}

public enum ASCIIStandIns {
    /// `buffer` with every character in ASCII; a wide character's two columns become "??".
    public static func applied(to buffer: Buffer) -> Buffer {
        var ascii = Buffer(width: buffer.width, height: buffer.height)
        for y in 0..<buffer.height {
            for x in 0..<buffer.width {
                let cell = buffer[x, y]
                // "" is the right half of a wide character: a column of its own here.
                let symbol = cell.symbol.isEmpty ? unknown : standIn(for: cell.symbol)
                ascii.put(symbol, x: x, y: y, style: cell.style)
            }
        }
        return ascii
    }

    /// One cell's character in ASCII: itself if it is ASCII, its look-alike, its letter
    /// without accents (é → e), or "?".
    public static func standIn(for symbol: String) -> String {
        if symbol.unicodeScalars.allSatisfy(\.isASCII) { return symbol }
        if let known = table[symbol] { return known }
        if let frame = Spinner.frames.firstIndex(of: symbol) { return spinner[frame % spinner.count] }
        if let base = symbol.decomposedStringWithCanonicalMapping.unicodeScalars.first, base.isASCII,
           base.properties.isAlphabetic {
            return String(base)
        }
        return unknown
    }

    static let unknown = "?"
    static let spinner = ["|", "/", "-", "\\"]

    /// Each stand-in stands for one kind of symbol only, so ✓ does not read as ↓, nor ⏎ as ←.
    private static let table: [String: String] = {
        var table: [String: String] = [:]
        func map(_ characters: String, to ascii: String) {
            for ch in characters { table[String(ch)] = ascii }
        }
        map("─━═┄┈", to: "-")
        map("│┃║┆┊", to: "|")
        map("┌┐└┘├┤┬┴┼╭╮╰╯╔╗╚╝", to: "+")
        map("★☆•●◆", to: "*")
        map("·", to: "-")
        map("…", to: ".")
        map("−–—‐", to: "-")
        map("×", to: "x")
        map("✓✔", to: "+")
        map("✗✘", to: "x")
        map("↑▲", to: "^")
        map("↓▼", to: "v")
        map("←‹«", to: "<")
        map("→›»↳▶", to: ">")
        map("⏎↵", to: "#")
        map("‘’", to: "'")
        map("“”", to: "\"")
        map("¥", to: "Y")
        map("€", to: "E")
        map("£", to: "L")
        return table
    }()
}
