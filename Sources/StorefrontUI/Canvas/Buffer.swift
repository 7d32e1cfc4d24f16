/// A grid of cells, like ratatui's Buffer. Views render into it; the terminal draws it;
/// tests compare `lines` with snapshots.
public struct Buffer: Canvas, Equatable, Sendable {
    public struct Cell: Equatable, Sendable {
        /// The character shown, or "" for the right half of a wide character.
        public var symbol: String
        public var style: Style
        public static let blank = Cell(symbol: " ", style: .plain)
    }

    public let width: Int
    public let height: Int
    public private(set) var cells: [Cell]

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    public subscript(x: Int, y: Int) -> Cell {
        cells[y * width + x]
    }

    @discardableResult
    public mutating func put(_ text: String, x: Int, y: Int, style: Style) -> Int {
        guard y >= 0, y < height else { return x }
        if let end = putSingleColumnScalars(text, x: x, y: y, style: style) { return end }
        var col = x
        // Never a control character in a cell: a catalog title with an ESC in it would reach
        // the terminal as a command. It is shown escaped, as DisplayWidth measures it.
        for ch in TerminalText.escaped(text) {
            let w = DisplayWidth.of(ch)
            if w == 0 { continue }
            if col + w > width { break }
            if col >= 0 {
                clearWide(at: col, y: y)
                cells[y * width + col] = Cell(symbol: String(ch), style: style)
                if w == 2 {
                    clearWide(at: col + 1, y: y)
                    cells[y * width + col + 1] = Cell(symbol: "", style: style)
                }
            }
            col += w
        }
        return col
    }

    /// Text whose every scalar is a character of its own, one column wide (printable ASCII,
    /// box lines, arrows, Latin letters: most of what a frame shows), written a scalar a cell
    /// without breaking the text into Characters. nil for any other text.
    private mutating func putSingleColumnScalars(_ text: String, x: Int, y: Int, style: Style) -> Int? {
        guard text.unicodeScalars.allSatisfy(DisplayWidth.isSingleColumnCharacter) else { return nil }
        let symbols = Self.asciiSymbols
        // A box's edge or a rule repeats one character: its symbol made once.
        var last: (scalar: Unicode.Scalar, symbol: String)?
        var col = x
        for scalar in text.unicodeScalars {
            if col + 1 > width { break }
            if col >= 0 {
                let symbol: String
                if scalar.isASCII {
                    symbol = symbols[Int(scalar.value) - 0x20]
                } else if let last, last.scalar == scalar {
                    symbol = last.symbol
                } else {
                    symbol = String(scalar)
                    last = (scalar, symbol)
                }
                clearWide(at: col, y: y)
                cells[y * width + col] = Cell(symbol: symbol, style: style)
            }
            col += 1
        }
        return col
    }

    /// Each printable ASCII character's cell symbol, made once.
    private static let asciiSymbols: [String] = (0x20..<0x7F).map { String(Unicode.Scalar(UInt8($0))) }

    public mutating func fill(x: Int, y: Int, width w: Int, height h: Int, style: Style) {
        for row in max(0, y)..<min(height, y + h) {
            for col in max(0, x)..<min(width, x + w) {
                clearWide(at: col, y: row)
                cells[row * width + col] = Cell(symbol: " ", style: style)
            }
        }
    }

    /// Copies `other` in with its top-left corner at (0, `y`), clipped: a view drawn at its
    /// own size placed on a larger screen.
    public mutating func place(_ other: Buffer, atY y: Int) {
        for row in 0..<other.height where y + row >= 0 && y + row < height {
            for col in 0..<min(width, other.width) {
                cells[(y + row) * width + col] = other.cells[row * other.width + col]
            }
        }
    }

    /// Overwriting half of a wide character blanks its other half, so no stray halves remain.
    private mutating func clearWide(at col: Int, y: Int) {
        let i = y * width + col
        if cells[i].symbol.isEmpty, col > 0 {
            cells[i - 1] = Cell(symbol: " ", style: cells[i - 1].style)
        } else if col + 1 < width, cells[i + 1].symbol.isEmpty, DisplayWidth.of(cells[i].symbol) == 2 {
            cells[i + 1] = Cell(symbol: " ", style: cells[i + 1].style)
        }
    }

    /// The text of each row, trailing spaces removed.
    public var lines: [String] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(width * 4)
        return (0..<height).map { row in
            // Built as UTF-8 bytes: appending a String cell by cell costs more than the frame's drawing.
            bytes.removeAll(keepingCapacity: true)
            for cell in cells[row * width ..< (row + 1) * width] {
                // Most cells hold one byte: appended as a byte, not as a sequence.
                let utf8 = cell.symbol.utf8
                if utf8.count == 1, let byte = utf8.first { bytes.append(byte) } else { bytes.append(contentsOf: utf8) }
            }
            while bytes.last == UInt8(ascii: " ") { bytes.removeLast() }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    public var text: String { lines.joined(separator: "\n") }
}
