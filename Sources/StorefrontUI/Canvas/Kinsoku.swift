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
