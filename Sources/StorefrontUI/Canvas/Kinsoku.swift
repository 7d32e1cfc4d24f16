/// Japanese line-breaking rules (kinsoku shori): closing punctuation, the prolonged sound
/// mark and small kana never start a line, and opening brackets never end one. Half-width
/// closing punctuation after Japanese text ("…があります):") counts as closing too.
enum Kinsoku {
    static let noStart = Set<Character>("。、，．・：；」』）】〉》〕］｝〙〗！？ー〜々ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ),.:;!?]}")
    static let noEnd = Set<Character>("「『（【〈《〔［｛〘〖")

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
