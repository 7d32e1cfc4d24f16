/// Japanese line-breaking rules (kinsoku shori): closing punctuation, the prolonged sound
/// mark, small kana and a menu path's `>` never start a line, and opening brackets never end
/// one. Half-width closing punctuation after Japanese text ("…があります):") counts as
/// closing too. A name in brackets (a menu path's step, 「設定」, [App内課金]) is not broken.
enum Kinsoku {
    static let noStart = Set<Character>("。、，．・：；」』）】〉》〕］｝〙〗！？ー〜々ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ),.:;!?]}>＞")
    static let noEnd = Set<Character>("「『（【〈《〔［｛〘〖")
    /// Brackets around a name, which wraps as one word: each opening one and its closing one.
    static let nameBrackets: [Character: Character] = ["「": "」", "『": "』", "【": "】", "〈": "〉", "《": "》", "〔": "〕", "［": "］", "[": "]"]

    /// The bracket that closes a name opened by `ch`, if `ch` opens one. Any other ASCII
    /// character (most of the text wrapped) is answered without hashing it.
    static func closingBracket(ofName ch: Character) -> Character? {
        if ch == "[" { return "]" }
        return ch.isASCII ? nil : nameBrackets[ch]
    }

    /// A letter of a katakana word: the katakana (small ones too) and the prolonged sound
    /// mark, full- or half-width. Not the middle dot "・", which is where such words may part.
    static func isKatakanaLetter(_ ch: Character) -> Bool {
        guard !ch.isASCII, let scalar = ch.unicodeScalars.first else { return false }
        switch scalar.value {
        case 0x30A1...0x30FA, 0x30FC...0x30FE, 0x31F0...0x31FF, 0xFF66...0xFF9F: return true
        default: return false
        }
    }

    /// Joins wrapping tokens so no line can break before a no-start character (it goes
    /// down with the character before it) or after a no-end one (it goes down with the next).
    static func glue(_ tokens: [String]) -> [String] {
        var glued: [String] = []
        var holdsOpening = false
        for token in tokens {
            let isSpace = token == " "
            let closes = token.first.map(noStart.contains) ?? false
            if let last = glued.last, !isSpace, holdsOpening || (closes && last != " ") {
                glued[glued.count - 1] += token
            } else {
                glued.append(token)
            }
            holdsOpening = !isSpace && (token.last.map(noEnd.contains) ?? false)
        }
        return glued
    }
}
