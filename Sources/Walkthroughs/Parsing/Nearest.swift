/// The nearest of some candidates to what was typed, for "did you mean …?".
enum Nearest {
    /// The candidate with the fewest edits from `text`, ignoring case; the first on a tie.
    static func to(_ text: String, in candidates: [String]) -> String? {
        // Beyond the longest candidate, more typed characters only add edits: a long line
        // costs no more than a short one.
        let longest = candidates.map(\.count).max() ?? 0
        let typed = Array(text.lowercased().prefix(longest + 1))
        var best: (String, Int)?
        for candidate in candidates {
            let d = distance(typed, Array(candidate.lowercased()))
            if best == nil || d < best!.1 { best = (candidate, d) }
        }
        return best?.0
    }

    /// The nearest candidate when it is close enough to be what was meant, misspelt: at most a
    /// third of its characters (and at least one) differ. None when nothing is that close.
    static func close(to text: String, in candidates: [String]) -> String? {
        guard let nearest = to(text, in: candidates) else { return nil }
        let edits = distance(Array(text.lowercased()), Array(nearest.lowercased()))
        return edits <= max(1, nearest.count / 3) ? nearest : nil
    }

    /// Levenshtein distance, in characters, on two rows.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
