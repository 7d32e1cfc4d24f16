import AppStoreCore
import StorefrontUI

/// `vary CONDITION VALUE VALUE…` and `when CONDITION VALUE, …: STEP`: the matrix a walkthrough
/// runs across, and the steps that run only in some of its combinations.
extension WalkthroughParser {
    /// A `vary` line; `earlier`: the file's `vary` lines before it, each condition varied once.
    func variation(_ r: inout StepReader, line: Int, earlier: [Variation]) throws(LineProblem) -> Variation {
        let condition = try self.condition(&r, after: "vary", example: "vary ask-to-buy off on")
        if let before = earlier.first(where: { $0.condition == condition.name }) {
            throw LineProblem(r.tokens[1].column, "expected a condition not varied already; \(condition.name) is varied on line \(before.line)")
        }
        let examples = exampleValues(condition)
        let example = "vary \(condition.name) " + (examples.count >= 2 ? examples.prefix(2).joined(separator: " ") : "\(examples.first ?? "on") …")
        var values: [String] = []
        var parsed: [Settings] = []
        while let token = r.next() {
            let settings = try self.settings(token, at: r.index - 1, of: condition, in: r, example: example)
            // The same value twice would run the same combinations twice.
            if let same = parsed.firstIndex(of: settings) {
                throw LineProblem(token.column, "expected a value not given already; \(StepReader.written(token.text)) is \(condition.name) \(StepReader.written(values[same])) again")
            }
            values.append(token.text)
            parsed.append(settings)
        }
        guard values.count >= 2 else {
            throw r.missing("at least two values to vary \(condition.name) over: \(condition.values)", suggestion: values.isEmpty ? example : nil)
        }
        return Variation(condition: condition.name, values: values, line: line)
    }

    /// A `when` line: its guard, the reader of the step after the colon, and the line up to
    /// the step, to keep in the step's suggestions.
    func guarded(_ r: StepReader, variations: [Variation]) throws(LineProblem) -> (StepGuard, StepReader, prefix: String) {
        let (words, step) = Self.splitGuard(r.tokens)
        let varied = variations.map(\.condition)
        let list = varied.isEmpty ? "none, the file has no vary line" : varied.joined(separator: ", ")
        let example = "when " + (variations.first { !$0.values.isEmpty }.map { "\($0.condition) \(StepReader.written($0.values[0]))" } ?? "network off")
            + ": expect credits 0"
        var values: [ConditionValue] = []
        var index = 0
        /// The next word that is not a comma or the colon.
        func word(_ expected: String, suggestion: String?) throws(LineProblem) -> LineToken {
            guard index < words.count else {
                throw LineProblem((words.last ?? r.verb).end, "expected \(expected)", suggestion: suggestion)
            }
            defer { index += 1 }
            guard !Self.isPunctuation(words[index]) else {
                throw LineProblem(words[index].column, "expected \(expected)", suggestion: suggestion)
            }
            return words[index]
        }
        while true {
            let name = try word("a condition the file varies after when: \(list)", suggestion: values.isEmpty ? example : nil)
            guard let variation = variations.first(where: { $0.condition == name.text.lowercased() }) else {
                let known = StoreCondition.all.contains { $0.name == name.text.lowercased() }
                let why = known ? "; \(name.text.lowercased()) is not varied (add a line 'vary \(name.text.lowercased()) …')" : ""
                let nearest = known ? nil : Nearest.to(name.text, in: varied)
                throw LineProblem(name.column, "expected a condition the file varies after when: \(list)\(why)",
                                  suggestion: nearest.map { r.replacing(name, with: $0) })
            }
            if values.contains(where: { $0.condition == variation.condition }) {
                throw LineProblem(name.column, "expected each condition once; \(variation.condition) is named already")
            }
            let choices = variation.values.map(StepReader.written).joined(separator: ", ")
            let value = try word("a value \(variation.condition) is varied over: \(choices)", suggestion: nil)
            values.append(ConditionValue(variation.condition, try self.value(value, of: variation, in: r)))
            let upTo = String(r.characters[..<(value.end - r.verb.column)])
            let expected = "',' and another condition, or ':' and the step to run, after '\(upTo)'"
            guard index < words.count else { throw LineProblem(value.end, "expected \(expected)", suggestion: upTo + ": expect credits 0") }
            let separator = words[index]
            index += 1
            if Self.isPunctuation(separator), separator.text == ":" { break }
            guard Self.isPunctuation(separator) else {
                throw LineProblem(separator.column, "expected \(expected)",
                                  suggestion: upTo + ": " + String(r.characters[(separator.column - r.verb.column)...]))
            }
        }
        let colon = words[index - 1]
        let prefix = String(r.characters[..<(colon.end - r.verb.column)]) + " "
        guard let first = step.first else {
            throw LineProblem(colon.end, "expected the step to run after the colon", suggestion: prefix + "expect credits 0")
        }
        if first.isWord("when") || first.isWord("vary") {
            throw LineProblem(first.column, "expected a step after the colon; \(first.text.lowercased()) cannot be one"
                              + (first.isWord("when") ? " (name every condition in one when: 'when a on, b off: …')" : ""))
        }
        let characters = Array(r.characters[(first.column - r.verb.column)...])
        return (StepGuard(values), StepReader(tokens: step, characters: characters), prefix)
    }

    /// The value as its `vary` line writes it, matched on what it means: `2` is `paymentCancelled`.
    private func value(_ token: LineToken, of variation: Variation, in r: StepReader) throws(LineProblem) -> String {
        guard let condition = StoreCondition.named(variation.condition) else {
            throw LineProblem(token.column, "expected a value of a store condition; \(variation.condition) is not one")
        }
        func parsed(_ text: String) -> Settings? {
            var settings = Settings()
            guard (try? condition.parse(text, catalog: catalog)(&settings)) != nil else { return nil }
            return settings
        }
        if let settings = parsed(token.text) {
            // A `vary` line with an error has no values: its error is the one to fix.
            if variation.values.isEmpty { return token.text }
            if let written = variation.values.first(where: { parsed($0) == settings }) { return written }
        }
        let choices = variation.values.map(StepReader.written).joined(separator: ", ")
        throw LineProblem(token.column, "expected a value \(variation.condition) is varied over: \(choices)",
                          suggestion: Nearest.to(token.text, in: variation.values).map { r.replacing(token, with: StepReader.written($0)) })
    }

    /// The words after `when`, with commas and the colon as words of their own, up to the
    /// colon; and the step's words after it, as written.
    static func splitGuard(_ tokens: [LineToken]) -> (words: [LineToken], step: [LineToken]) {
        var words: [LineToken] = []
        for (i, token) in tokens.enumerated().dropFirst() {
            if token.quoted {
                words.append(token)
                continue
            }
            var start = 0
            let characters = Array(token.text)
            func piece(_ range: Range<Int>) -> LineToken {
                LineToken(text: String(characters[range]), quoted: false, column: token.column + range.lowerBound,
                          end: token.column + range.upperBound)
            }
            for (j, c) in characters.enumerated() where c == "," || c == ":" {
                if j > start { words.append(piece(start..<j)) }
                words.append(piece(j..<(j + 1)))
                start = j + 1
                if c == ":" {
                    let rest = start < characters.count ? [piece(start..<characters.count)] : []
                    return (words, rest + tokens[(i + 1)...])
                }
            }
            if start < characters.count { words.append(piece(start..<characters.count)) }
        }
        return (words, [])
    }

    private static func isPunctuation(_ token: LineToken) -> Bool {
        !token.quoted && (token.text == "," || token.text == ":")
    }
}
