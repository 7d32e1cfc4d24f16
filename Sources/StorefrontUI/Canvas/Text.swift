/// Word wrapping that knows wide characters: Latin text breaks at spaces, Japanese text
/// (which has none) between phrases (`LineBreak`), and inside one only when it is wider than
/// the line, where the kinsoku rules allow.
public enum TextWrap {
    public static func lines(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        return text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { wrap(String($0), width) }
    }

    private static func wrap(_ paragraph: String, _ width: Int) -> [String] {
        // A paragraph that fits is one line: its words would all land on it.
        if DisplayWidth.of(paragraph) <= width { return [trimTrailing(paragraph)] }
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for word in Kinsoku.glue(tokens(paragraph, width: width)) {
            let w = DisplayWidth.of(word)
            if lineWidth + w > width, !line.isEmpty {
                lines.append(trimTrailing(line))
                line = ""
                lineWidth = 0
                if word == " " { continue }
            }
            if w > width {
                // A word longer than the line is cut; a wide character on a one-column line
                // still takes a line of its own, so the loop always moves on.
                var rest = Substring(word)
                while DisplayWidth.of(rest) > width {
                    let fits = DisplayWidth.prefix(String(rest), fitting: width)
                    let head = fits.isEmpty ? String(rest.prefix(1)) : fits
                    lines.append(head)
                    rest = rest.dropFirst(head.count)
                }
                line = String(rest)
                lineWidth = DisplayWidth.of(line)
                continue
            }
            line += word
            lineWidth += w
        }
        lines.append(trimTrailing(line))
        return lines
    }

    /// Words and phrases (`LineBreak.phrase`) and single spaces; a name in brackets that fits
    /// in `width` is one word, brackets and spaces included (not a subscript in a word, as in
    /// `products[0]`, which stays in its word). A phrase wider than `width` comes in its parts,
    /// and a part still wider in its characters, each as the kinsoku rules keep them together.
    private static func tokens(_ text: String, width: Int) -> [String] {
        var tokens: [String] = []
        var word = ""
        func endWord() {
            if !word.isEmpty { tokens += split(word, width: width) }
            word = ""
        }
        var i = text.startIndex
        while i < text.endIndex {
            let ch = text[i]
            let inWord = { word.last.map { $0.isLetter || $0.isNumber } ?? false }
            if let closing = Kinsoku.closingBracket(ofName: ch), !inWord(), let end = text[i...].dropFirst().firstIndex(of: closing),
               DisplayWidth.of(String(text[i...end])) <= width {
                endWord()
                tokens.append(String(text[i...end]))
                i = text.index(after: end)
                continue
            }
            if ch == " " {
                endWord()
                tokens.append(" ")
            } else {
                if let last = word.last, LineBreak.between(last, ch) == .phrase { endWord() }
                word.append(ch)
            }
            i = text.index(after: i)
        }
        endWord()
        return tokens
    }

    /// `phrase` as one token if it fits in `width`, else cut where it may break at `rank`, each
    /// piece still too wide cut again at the next weaker rank.
    private static func split(_ phrase: String, width: Int, at rank: LineBreak = .part) -> [String] {
        if rank == .never || DisplayWidth.of(phrase) <= width { return [phrase] }
        var pieces: [String] = []
        var piece = ""
        for ch in phrase {
            if let last = piece.last, LineBreak.between(last, ch) >= rank {
                pieces.append(piece)
                piece = ""
            }
            piece.append(ch)
        }
        pieces.append(piece)
        let weaker = LineBreak(rawValue: rank.rawValue - 1) ?? .never
        return pieces.flatMap { split($0, width: width, at: weaker) }
    }

    static func trimTrailing(_ s: String) -> String {
        var s = s
        while s.hasSuffix(" ") { s.removeLast() }
        return s
    }
}

extension Canvas {
    /// A single-line frame with an optional title in its top edge.
    public mutating func box(_ rect: Rect, title: String? = nil, style: Style = .plain, titleStyle: Style = .bold) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        fill(x: rect.x, y: rect.y, width: rect.width, height: rect.height, style: .plain)
        let inner = rect.width - 2
        put("┌" + String(repeating: "─", count: inner) + "┐", x: rect.x, y: rect.y, style: style)
        for y in rect.y + 1 ..< rect.maxY - 1 {
            put("│", x: rect.x, y: y, style: style)
            put("│", x: rect.maxX - 1, y: y, style: style)
        }
        put("└" + String(repeating: "─", count: inner) + "┘", x: rect.x, y: rect.maxY - 1, style: style)
        if let title, !title.isEmpty {
            let text = " " + DisplayWidth.truncate(title, to: inner - 4) + " "
            put(text, x: rect.x + (rect.width - DisplayWidth.of(text)) / 2, y: rect.y, style: titleStyle)
        }
    }

    /// A horizontal rule with an optional label at its left.
    public mutating func rule(y: Int, x: Int, width: Int, label: String? = nil, style: Style = .dim) {
        put(String(repeating: "─", count: max(0, width)), x: x, y: y, style: style)
        if let label { put(" \(DisplayWidth.truncate(label, to: width - 4)) ", x: x + 1, y: y, style: .bold) }
    }

    /// Text cut to `width` columns.
    @discardableResult
    public mutating func put(_ text: String, x: Int, y: Int, width: Int, style: Style = .plain) -> Int {
        put(DisplayWidth.truncate(text, to: width), x: x, y: y, style: style)
    }
}
