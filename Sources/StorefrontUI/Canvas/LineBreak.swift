/// Where a line may break between two characters, strongest first. Japanese has no spaces, so
/// it breaks between phrases (文節): after punctuation, and where a word's hiragana ending or
/// particle ends ("期間中は / プレミアムの"). A compound of kanji and katakana parts breaks
/// between its parts, and inside a run of one script, only when a phrase or a part is wider
/// than the line; never where the kinsoku rules forbid it.
enum LineBreak: Int, Comparable {
    /// Kinsoku (before closing punctuation, small kana, ー; after an opening bracket), and
    /// inside a Latin word, which breaks at its spaces and is cut only when wider than the line.
    case never
    /// Inside a run of one script, or a word and its ending ("終了", "始まります", "Monthly").
    case character
    /// Between the kanji and katakana parts of a compound ("自動更新 / サブスクリプション").
    case part
    /// Between phrases.
    case phrase

    static func < (lhs: LineBreak, rhs: LineBreak) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The break allowed between `a` and the `b` after it (spaces are broken at before this).
    static func between(_ a: Character, _ b: Character) -> LineBreak {
        if Kinsoku.noStart.contains(b) || Kinsoku.noEnd.contains(a) || a == "(" { return .never }
        if DisplayWidth.of(a) < 2, DisplayWidth.of(b) < 2 { return .never }
        // After 、。！？」) ・ and the like.
        if !a.isLetter, Kinsoku.noStart.contains(a) { return .phrase }
        switch (Script(a), Script(b)) {
        case (.hiragana, .hiragana): return .character
        case (.hiragana, _): return .phrase
        // The hiragana after a word is its ending or particle; a number keeps its unit ("24時間").
        case (_, .hiragana), (.latin, .latin), (.latin, .kanji), (.latin, .katakana): return .character
        case (_, .latin): return .phrase
        case (.kanji, .katakana), (.katakana, .kanji): return .part
        case (.kanji, .kanji), (.katakana, .katakana): return .character
        // Any other wide character (a symbol, an opening bracket) stands apart.
        default: return .phrase
        }
    }

    private enum Script {
        case hiragana, katakana, kanji, latin, other

        init(_ ch: Character) {
            // A price or a date is one word with its unit: "¥1,000/月", "12/6".
            if ch.isASCII {
                self = ch.isWhitespace ? .other : .latin
                return
            }
            if Kinsoku.isKatakanaLetter(ch) { self = .katakana; return }
            switch ch.unicodeScalars.first?.value ?? 0 {
            case 0x3041...0x309F: self = .hiragana
            case 0x3005, 0x3006, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF: self = .kanji
            case 0xFF10...0xFF19, 0xFF21...0xFF3A, 0xFF41...0xFF5A: self = .latin
            default: self = .other
            }
        }
    }
}
