import Foundation

/// Reads the words of one line in order, and words what is missing or left over.
struct StepReader {
    let tokens: [LineToken]
    /// The line as written, without its comment: suggestions are made from it. Kept as the
    /// line's own characters, so the tokens' columns index it exactly.
    let characters: [Character]
    var source: String { String(characters) }
    private(set) var index = 1

    init(tokens: [LineToken], characters: [Character]) {
        self.tokens = tokens
        self.characters = characters
    }

    var verb: LineToken { tokens[0] }

    /// The next word, if there is one.
    mutating func next() -> LineToken? {
        guard index < tokens.count else { return nil }
        defer { index += 1 }
        return tokens[index]
    }

    /// The next word without taking it.
    var peek: LineToken? { index < tokens.count ? tokens[index] : nil }

    /// The next word, or the problem that it is missing.
    mutating func required(_ expected: String, suggestion: String?) throws(LineProblem) -> LineToken {
        guard let token = next() else { throw missing(expected, suggestion: suggestion) }
        return token
    }

    /// Where a missing word would go: just after the last one.
    func missing(_ expected: String, suggestion: String?) -> LineProblem {
        LineProblem(tokens[tokens.count - 1].end, "expected \(expected)", suggestion: suggestion)
    }

    /// Nothing may follow the words taken so far.
    func end() throws(LineProblem) {
        guard index < tokens.count else { return }
        let extra = tokens[index]
        let taken = String(characters[..<(tokens[index - 1].end - tokens[0].column)])
        throw LineProblem(extra.column, "expected the end of the step after '\(taken)'", suggestion: taken)
    }

    /// The line with the word at `position` written as `replacement`, for a suggestion that
    /// keeps everything else the user wrote.
    func replacing(_ position: Int, with replacement: String) -> String {
        replacing(tokens[position], with: replacement)
    }

    /// The line with `token` (a word of it, or part of one) written as `replacement`.
    func replacing(_ token: LineToken, with replacement: String) -> String {
        let offset = tokens[0].column
        return String(characters[..<(token.column - offset)]) + replacement + String(characters[(token.end - offset)...])
    }

    /// The line without the word at `position` (one said twice).
    func removing(_ position: Int) -> String {
        let offset = tokens[0].column
        let token = tokens[position]
        let before = String(characters[..<(token.column - offset)]).trimmingCharacters(in: .whitespaces)
        return before + String(characters[(token.end - offset)...])
    }

    /// The line as written before the word at `position`, and from it on.
    func split(at position: Int) -> (before: String, from: String) {
        let offset = tokens[position].column - tokens[0].column
        return (String(characters[..<offset]), String(characters[offset...]))
    }

    /// `text` in quotes, as a step writes a string.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// A string as a step writes it: in quotes unless it is one plain word.
    static func written(_ text: String) -> String {
        let plain = !text.isEmpty && !text.contains(where: { " \t\"#\\".contains($0) })
        return plain ? text : quoted(text)
    }
}
