/// The step a line means when its first word is no step's: the words typed (split at `-`, `_`
/// and camelCase, with a bare word after it: `clear history`, `agree price`) set against each
/// step's, so the suggestion comes from the step whose words were typed (`agreeToPriceIncrease`
/// and `agree price` are agree-price, `price-decline` is decline-price, not Ask to Buy's
/// `decline`). When no step has the first word typed, the verb spelt nearest.
enum NearestVerb {
    /// The verb, and how many of the line's first tokens it stands for (1, or 2 with the word after).
    static func of(_ tokens: [LineToken], in verbs: [String]) -> (verb: String, tokens: Int) {
        let takesNext = tokens.count > 1 && !tokens[1].quoted && tokens[1].text.allSatisfy { $0.isLetter || $0 == "-" || $0 == "_" }
        var best: (score: [Int], verb: String, tokens: Int)?
        for count in 1...(takesNext ? 2 : 1) {
            let typed = tokens.prefix(count).flatMap { words($0.text) }
            guard !typed.isEmpty else { continue }
            for verb in verbs {
                let score = self.score(typed, verb)
                if best == nil || score.lexicographicallyPrecedes(best!.score) { best = (score, verb, count) }
            }
        }
        // Missing words and another first word: nothing typed names a step, so the nearest spelling.
        guard let best, best.score[0] == 0 || best.score[1] == 0 else {
            return (Nearest.to(tokens.first?.text ?? "", in: verbs) ?? verbs[0], 1)
        }
        return (best.verb, best.tokens)
    }

    /// Lower is nearer: the verb's words not typed, whether its first word is not the first
    /// typed, the words typed it has no place for, then the edits between the two.
    private static func score(_ typed: [String], _ verb: String) -> [Int] {
        let own = words(verb)
        let joined = typed.joined()
        let missing = own.filter { word in !typed.contains { close($0, word) } && !joined.contains(word) }.count
        let otherFirst = close(typed[0], own[0]) || joined.hasPrefix(own[0]) ? 0 : 1
        let unused = typed.filter { word in !own.contains { close(word, $0) } && !(word.count > 2 && own.joined().contains(word)) }.count
        return [missing, otherFirst, unused, Nearest.distance(Array(typed.joined(separator: "-")), Array(verb))]
    }

    /// A word as typed is the step's word misspelt: at most a third of its letters (and one) differ.
    private static func close(_ typed: String, _ word: String) -> Bool {
        Nearest.distance(Array(typed), Array(word)) <= max(1, word.count / 3)
    }

    /// `declinePriceIncrease`, `decline-price`, `decline_price`: its words, lowercased.
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previous: Character?
        for c in text {
            if c == "-" || c == "_" {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else {
                if c.isUppercase, let p = previous, p.isLowercase, !current.isEmpty {
                    words.append(current)
                    current = ""
                }
                current += c.lowercased()
            }
            previous = c
        }
        if !current.isEmpty { words.append(current) }
        return words
    }
}
