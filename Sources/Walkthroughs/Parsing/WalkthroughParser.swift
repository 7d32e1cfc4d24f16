import Foundation
import SampleApp
import AppStoreCore
import StorefrontUI

/// Reads walkthrough files: plain text, one step per line, `#` comments. Every line is
/// checked against the catalog before anything runs, so a bad file runs no step at all.
public struct WalkthroughParser {
    public let catalog: Catalog
    public let app: AppDescription
    /// The storefront's locale as the steps read so far leave it (`set locale`): a name
    /// suggested for a misspelt one is in its language.
    var locale = Settings().locale

    public init(catalog: Catalog, app: AppDescription = .builtIn) {
        self.catalog = catalog
        self.app = app
    }

    /// The steps of `text`, or every line that is not a step. `file`: the name messages use.
    public func parse(_ text: String, file: String) throws(SyntaxErrors) -> Walkthrough {
        var errors: [SyntaxError] = []
        var variations: [Variation] = []
        func note(_ problem: LineProblem, line: Int) {
            errors.append(SyntaxError(file: file, line: line, column: problem.column, message: problem.message,
                                      suggestion: problem.suggestion.flatMap { valid($0, variations: variations) }))
        }
        // "\r\n" is one Character in Swift: a Windows line end is a line end too.
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).map(String.init)
        if let first = lines.first, first.hasPrefix("\u{FEFF}") { lines[0] = String(first.dropFirst()) }
        var readers: [(line: Int, reader: StepReader)] = []
        for (offset, raw) in lines.enumerated() {
            let line = raw.hasSuffix("\r") ? String(raw.dropLast()) : raw
            do throws(LineProblem) {
                let tokens = try LineTokens.split(line)
                guard !tokens.isEmpty else { continue }
                readers.append((offset + 1, StepReader(tokens: tokens, characters: LineTokens.source(of: line, tokens: tokens))))
            } catch {
                note(error, line: offset + 1)
            }
        }
        // The `vary` lines first: a `when` anywhere in the file may name what they vary.
        for (line, reader) in readers where reader.verb.isWord("vary") {
            var reader = reader
            do throws(LineProblem) {
                variations.append(try variation(&reader, line: line, earlier: variations))
            } catch {
                note(error, line: line)
                // Its condition stays varied, with no values to match: the `when` lines naming
                // it are not each an error too.
                let name = reader.tokens.count > 1 ? reader.tokens[1].text.lowercased() : ""
                if StoreCondition.all.contains(where: { $0.name == name }), !variations.contains(where: { $0.condition == name }) {
                    variations.append(Variation(condition: name, values: [], line: line))
                }
            }
        }
        var steps: [Step] = []
        var parser = self
        for (line, reader) in readers where !reader.verb.isWord("vary") {
            do throws(LineProblem) {
                let step = try parser.step(reader, line: line, variations: variations)
                if case .set(condition: "locale", value: let locale) = step.action { parser.locale = locale }
                steps.append(step)
            } catch {
                note(error, line: line)
            }
        }
        if errors.isEmpty, steps.isEmpty {
            errors.append(SyntaxError(file: file, line: 1, column: 1, message: "expected at least one step; the file has none",
                                      suggestion: openExample))
        }
        guard errors.isEmpty else { throw SyntaxErrors(errors: errors.sorted { $0.line < $1.line }) }
        return Walkthrough(file: file, steps: steps, variations: variations)
    }

    /// `suggestion` when it is itself a step of this file (with its `vary` lines), else its
    /// verb's example when that is one, else none: a suggestion is never a line refused in turn.
    private func valid(_ suggestion: String, variations: [Variation]) -> String? {
        let verb = suggestion.split(separator: " ").first.map { $0.lowercased() } ?? ""
        return [suggestion, examples[verb]].compactMap { $0 }.first { isStep($0, variations: variations) }
    }

    private func isStep(_ line: String, variations: [Variation]) -> Bool {
        guard let tokens = try? LineTokens.split(line), !tokens.isEmpty else { return false }
        var reader = StepReader(tokens: tokens, characters: LineTokens.source(of: line, tokens: tokens))
        if reader.verb.isWord("vary") { return (try? variation(&reader, line: 0, earlier: [])) != nil }
        return (try? step(reader, line: 0, variations: variations)) != nil
    }

    /// A line's step, and its guard when it starts with `when`.
    private func step(_ reader: StepReader, line: Int, variations: [Variation]) throws(LineProblem) -> Step {
        guard reader.verb.isWord("when") else {
            var reader = reader
            return Step(line: line, source: reader.source, action: try step(&reader))
        }
        var (when, inner, prefix) = try guarded(reader, variations: variations)
        do {
            return Step(line: line, source: reader.source, action: try step(&inner), when: when)
        } catch {
            // The suggestion is the whole line, its `when` kept.
            throw LineProblem(error.column, error.message, suggestion: error.suggestion.map { prefix + $0 })
        }
    }

    /// The first word of each step, in the order docs/walkthroughs.md lists them.
    static let verbs = ["set", "open", "manage", "choose", "quantity", "press", "key", "restore", "refresh", "delete", "defaults", "relaunch", "approve",
                        "decline",
                        "resolve", "consume", "promotional-offer"] + operationVerbs + historyVerbs + familyVerbs + ["advance", "caption", "pause", "expect", "vary", "when"]

    /// How the list of steps names a verb whose step takes words after it.
    static let stepNames = ["delete": "delete app data", "defaults": "defaults set", "refresh": "refresh receipt"]

    /// A step of each kind as it is written, for suggestions where nothing typed is close.
    var examples: [String: String] {
        [
            "set": "set ask-to-buy on", "open": openExample, "manage": "manage \(subscriptionExample)", "choose": chooseExample,
            "quantity": "quantity 2", "press": "press \"Buy\"",
            "key": "key Enter", "restore": "restore", "refresh": "refresh receipt", "delete": "delete app data",
            "defaults": "defaults set com.storefront.premium true", "relaunch": "relaunch",
            "approve": "approve", "decline": "decline", "resolve": "resolve", "consume": consumeExample, "advance": "advance 25h",
            "promotional-offer": "promotional-offer \(subscriptionExample) \(promotionalOfferExample)",
            "caption": "caption \"…\"", "pause": "pause 2s", "expect": "expect screen \"…\"",
            "vary": "vary ask-to-buy off on", "family": familyExample, "when": "when ask-to-buy on: press \"Ask\"",
        ].merging(operationExamples) { first, _ in first }.merging(historyExamples) { first, _ in first }
    }

    private func step(_ r: inout StepReader) throws(LineProblem) -> StepAction {
        let verb = r.verb
        let name = verb.quoted ? "" : verb.text.lowercased()
        switch name {
        case "set": return try setting(&r)
        case "open": return .open(try row(&r))
        case "manage": return try manage(&r)
        case "choose": return try choose(&r)
        case "quantity":
            let n = try number(&r, "a quantity from 1 to \(Self.maximumQuantity) after quantity", in: 1...Self.maximumQuantity,
                               example: "quantity 2")
            try r.end()
            return .quantity(n)
        case "press":
            let label = try r.required("a button's label after press, as the dialog shows it", suggestion: "press \"Buy\"")
            try r.end()
            return .press(label.text)
        case "key": return try key(&r)
        case "restore":
            try r.end()
            return .restore
        case "refresh":
            guard let token = r.next() else { throw r.missing("'refresh receipt'", suggestion: "refresh receipt") }
            guard token.isWord("receipt") else { throw LineProblem(token.column, "expected 'refresh receipt'", suggestion: "refresh receipt") }
            try r.end()
            return .refreshReceipt
        case "delete":
            for word in ["app", "data"] {
                guard let token = r.next() else { throw r.missing("'delete app data'", suggestion: "delete app data") }
                guard token.isWord(word) else {
                    throw LineProblem(token.column, "expected 'delete app data'", suggestion: "delete app data")
                }
            }
            try r.end()
            return .deleteAppData
        case "defaults":
            guard let token = r.next(), token.isWord("set") else {
                throw r.missing("'defaults set KEY VALUE'", suggestion: "defaults set com.storefront.premium true")
            }
            let key = try r.required("a UserDefaults key and the value to write", suggestion: "defaults set com.storefront.premium true")
            let value = try defaultsValue(&r)
            try r.end()
            return .editDefaults(key: key.text, value: value)
        case "relaunch":
            try r.end()
            return .relaunch
        case "approve", "decline", "resolve":
            if let problem = answersAnotherFamily(r) { throw problem }
            let answer = RequestAnswer(rawValue: name)!
            let ref = try transaction(&r, after: name, optional: true)
            try r.end()
            return .answer(answer, ref)
        case "consume": return try consume(&r)
        case "promotional-offer": return try promotionalOffer(&r)
        case "advance":
            let token = try r.required("a duration after advance: \(StoreDuration.syntax)", suggestion: "advance 25h")
            guard let duration = StoreDuration(token.text) else {
                // "advance 1 month" means 1mo.
                let meant = DurationWords.duration(r.tokens.dropFirst().map(\.text))
                throw LineProblem(token.column, "expected a duration after advance, up to 100 years: \(StoreDuration.syntax)",
                                  suggestion: meant.map { "advance \($0)" } ?? "advance 25h")
            }
            try r.end()
            return .advance(duration)
        case "caption":
            let text = try r.required("the caption's text in quotes", suggestion: "caption \"…\"")
            if !text.quoted, r.peek != nil {
                let (before, rest) = r.split(at: r.index - 1)
                throw LineProblem(text.column, "expected the caption's text in quotes", suggestion: before + StepReader.quoted(rest))
            }
            try r.end()
            return .caption(text.text)
        case "pause":
            let token = try r.required("how long to pause: seconds or milliseconds (2s, 500ms)", suggestion: "pause 2s")
            guard let seconds = Self.pauseSeconds(token.text) else {
                throw LineProblem(token.column, "expected how long to pause: seconds or milliseconds up to 10min (2s, 1.5s, 500ms)",
                                  suggestion: "pause 2s")
            }
            try r.end()
            return .pause(seconds: seconds)
        case "expect": return .expect(try expectation(&r))
        case _ where Self.operationVerbs.contains(name): return try operation(name, &r)
        case _ where Self.historyVerbs.contains(name): return try history(name, &r)
        case "family": return try family(&r)
        default:
            let (nearest, taken) = NearestVerb.of(r.tokens, in: Self.verbs)
            let rest = taken < r.tokens.count ? r.split(at: taken).from : nil
            let suggestion = cancelSubscription(r)
                ?? (taken == 1 && rest != nil ? r.replacing(0, with: nearest) : rest.map { nearest + " " + $0 } ?? examples[nearest] ?? nearest)
            throw LineProblem(verb.column, "expected a step: \(Self.verbs.map { Self.stepNames[$0] ?? $0 }.joined(separator: ", "))",
                              suggestion: suggestion)
        }
    }

    /// The sheet's stepper goes to 10; more is refused when it runs.
    static let maximumQuantity = 100

    private func key(_ r: inout StepReader) throws(LineProblem) -> StepAction {
        let names = KeyNames.listed
        let token = try r.required("a key: \(names.joined(separator: ", ")), or one character", suggestion: "key Enter")
        guard let key = KeyNames.key(token.text) else {
            throw LineProblem(token.column, "expected a key: \(names.joined(separator: ", ")), or one character",
                              suggestion: r.replacing(r.index - 1, with: Nearest.to(token.text, in: names) ?? "Enter"))
        }
        try r.end()
        return .key(key)
    }

    /// A whole number in `range`.
    func number(_ r: inout StepReader, _ expected: String, in range: ClosedRange<Int>, example: String) throws(LineProblem) -> Int {
        let token = try r.required(expected, suggestion: example)
        guard !token.quoted, let n = Int(token.text), range.contains(n) else {
            throw LineProblem(token.column, "expected \(expected)", suggestion: example)
        }
        return n
    }

    /// "2s", "1.5s", "500ms": real seconds, up to ten minutes.
    static func pauseSeconds(_ text: String) -> Double? {
        let lower = text.lowercased()
        let (digits, scale): (Substring, Double) = lower.hasSuffix("ms") ? (lower.dropLast(2), 0.001)
            : lower.hasSuffix("s") ? (lower.dropLast(), 1) : ("", 0)
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
              let value = Double(digits), value.isFinite else { return nil }
        let seconds = value * scale
        return seconds > 0 && seconds <= 600 ? seconds : nil
    }
}
