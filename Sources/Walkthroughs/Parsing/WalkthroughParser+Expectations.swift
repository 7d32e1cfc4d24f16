import DataFiles
import Foundation
import AppStoreCore

/// `expect …`: what must be true when the step is reached.
extension WalkthroughParser {
    static let subjects = ["screen", "transaction", "subscription", "event", "defaults", "credits", "unconsumed", "queue", "receipt", "offer"]

    func expectation(_ r: inout StepReader) throws(LineProblem) -> Expectation {
        let list = Self.subjects.joined(separator: ", ")
        let subject = try r.required("what to expect: \(list)", suggestion: "expect screen \"…\"")
        switch subject.quoted ? "" : subject.text.lowercased() {
        case "screen":
            var present = true
            if let next = r.peek, next.isWord("not") {
                present = false
                _ = r.next()
            }
            let text = try r.required("the text on the screen, in quotes", suggestion: "expect screen \"…\"")
            if !text.quoted, r.peek != nil {
                let (before, rest) = r.split(at: r.index - 1)
                throw LineProblem(text.column, "expected the text on the screen in quotes", suggestion: before + StepReader.quoted(rest))
            }
            guard !text.text.isEmpty else { throw LineProblem(text.column, "expected some text to look for, not an empty string") }
            try r.end()
            return .screen(text.text, present: present)
        case "transaction":
            let fields = ["state", "reason", "error", "none", "revoked", "not-revoked", "refund-request", "ownership"]
            let ref = try transaction(&r, after: "expect transaction", optional: true, stopWords: fields)
            let field = try r.required("state, reason, error or none after the transaction", suggestion: "expect transaction state purchased")
            switch field.quoted ? "" : field.text.lowercased() {
            case "state":
                let states = TransactionState.allCases.map(\.rawValue)
                let value = try r.required("a transaction state: \(states.joined(separator: ", "))",
                                           suggestion: "expect transaction state purchased")
                guard let state = TransactionState(rawValue: value.text.lowercased()) else {
                    throw LineProblem(value.column, "expected a transaction state: \(states.joined(separator: ", "))",
                                      suggestion: r.replacing(r.index - 1, with: Nearest.to(value.text, in: states) ?? "purchased"))
                }
                try r.end()
                return .transactionState(ref, state)
            case "reason":
                let reasons = TransactionReason.allCases.map(\.rawValue)
                let value = try r.required("why the store made it: \(reasons.joined(separator: ", "))",
                                           suggestion: r.source + " purchase")
                // In any case: `outsideApp` as Apple spells it, or `outsideapp`.
                guard let reason = TransactionReason.allCases.first(where: { $0.rawValue.lowercased() == value.text.lowercased() }) else {
                    // Restored is what a transaction is, not why it was made.
                    if ["restored", "restore"].contains(value.text.lowercased()) {
                        throw LineProblem(value.column, "expected why the store made it: \(reasons.joined(separator: ", ")); restored is a state, not a reason",
                                          suggestion: r.split(at: r.index - 2).before + "state restored")
                    }
                    throw LineProblem(value.column, "expected why the store made it: \(reasons.joined(separator: ", "))",
                                      suggestion: r.replacing(r.index - 1, with: Nearest.to(value.text, in: reasons) ?? "purchase"))
                }
                try r.end()
                return .transactionReason(ref, reason)
            case "error":
                let match = try errorMatch(&r)
                try r.end()
                return .transactionError(ref, match)
            case "none":
                try r.end()
                return .noTransaction(ref)
            case "revoked", "not-revoked":
                try r.end()
                return .transactionRevoked(ref, field.text.lowercased() == "revoked")
            case "refund-request":
                let statuses = RefundRequestStatus.allCases.map(\.rawValue) + ["none"]
                let value = try r.required("where the refund request stands: \(statuses.joined(separator: ", "))",
                                           suggestion: r.source + " pending")
                let name = value.quoted ? "" : value.text.lowercased()
                guard statuses.contains(name) else {
                    throw LineProblem(value.column, "expected where the refund request stands: \(statuses.joined(separator: ", "))",
                                      suggestion: r.replacing(r.index - 1, with: Nearest.to(value.text, in: statuses) ?? "pending"))
                }
                try r.end()
                return .refundRequest(ref, RefundRequestStatus(rawValue: name))
            case "ownership":
                let kinds = ["purchased", "family-shared"]
                let value = try r.required("purchased or family-shared after ownership", suggestion: r.source + " family-shared")
                guard !value.quoted, kinds.contains(value.text.lowercased()) else {
                    throw LineProblem(value.column, "expected purchased or family-shared after ownership",
                                      suggestion: r.replacing(r.index - 1, with: Nearest.to(value.text, in: kinds) ?? "family-shared"))
                }
                try r.end()
                return .transactionOwnership(ref, value.text.lowercased() == "purchased" ? .purchased : .familyShared)
            default:
                throw LineProblem(field.column, "expected state, reason, error, none, revoked, not-revoked, refund-request or ownership after the transaction",
                                  suggestion: r.replacing(r.index - 1, with: Nearest.to(field.text, in: fields) ?? "state"))
            }
        case "subscription":
            return try subscriptionExpectation(&r)
        case "offer":
            return try offerExpectation(&r)
        case "event":
            return try eventExpectation(&r, present: true)
        case "no":
            let event = try r.required("event after expect no", suggestion: "expect no event renewed")
            guard event.isWord("event") else {
                throw LineProblem(event.column, "expected event after expect no", suggestion: r.replacing(r.index - 1, with: "event"))
            }
            return try eventExpectation(&r, present: false)
        case "defaults":
            let key = try r.required("a UserDefaults key and its value", suggestion: "expect defaults com.storefront.premium true")
            let value = try defaultsValue(&r)
            try r.end()
            return .defaults(key: key.text, value: value)
        case "credits":
            let n = try number(&r, "a credit balance after expect credits", in: 0...Int.max, example: "expect credits 10")
            try r.end()
            return .credits(n)
        case "unconsumed":
            return try unconsumedExpectation(&r)
        case "queue":
            let token = try r.required("empty or how many transactions the queue holds", suggestion: "expect queue empty")
            if token.isWord("empty") {
                try r.end()
                return .queue(0)
            }
            guard !token.quoted, let n = Int(token.text), n >= 0 else {
                throw LineProblem(token.column, "expected empty or how many transactions the queue holds",
                                  suggestion: "expect queue empty")
            }
            try r.end()
            return .queue(n)
        case "receipt":
            let token = try r.required("refreshed, or error and the error the refresh failed with", suggestion: "expect receipt refreshed")
            if token.isWord("refreshed") {
                try r.end()
                return .receiptRefresh(.none)
            }
            guard token.isWord("error") else {
                throw LineProblem(token.column, "expected refreshed, or error and the error the refresh failed with",
                                  suggestion: "expect receipt refreshed")
            }
            let match = try errorMatch(&r, api: .appStoreSync, example: "expect receipt error networkError")
            try r.end()
            return .receiptRefresh(match)
        default:
            let nearest = Nearest.to(subject.text, in: Self.subjects) ?? "screen"
            throw LineProblem(subject.column, "expected what to expect: \(list)", suggestion: r.replacing(1, with: nearest))
        }
    }

    /// `none`, a code (`4`, `-1009`) or StoreKit's name for it (`paymentNotAllowed`).
    private func errorMatch(_ r: inout StepReader, api: StoreAPI = .purchase,
                            example: String = "expect transaction error paymentNotAllowed") throws(LineProblem) -> ErrorMatch {
        let expected = "an error code, its StoreKit name, or none"
        let token = try r.required(expected, suggestion: example)
        if token.isWord("none") { return .none }
        if !token.quoted, let code = Int(token.text) { return .code(code) }
        // The errors the API can fail with (a purchase: StoreKit's codes and the seed SDK's purchase limit).
        let names = api.choices.map(\.name)
        if let name = names.first(where: { $0.lowercased() == token.text.lowercased() }) { return .name(name) }
        throw LineProblem(token.column, "expected \(expected)",
                          suggestion: r.replacing(r.index - 1, with: Nearest.to(token.text, in: names) ?? "none"))
    }

    /// A value as JSON writes it (true, false, null, a number, "text" in quotes), or `none`
    /// for no value at all.
    /// A UserDefaults value as JSON writes it, or `none` (nil) for no value: what `expect
    /// defaults` looks for and `defaults set` writes.
    func defaultsValue(_ r: inout StepReader) throws(LineProblem) -> JSONValue? {
        let expected = "a value: true, false, a number, \"text\" in quotes, null, or none for no value"
        let token = try r.required(expected, suggestion: r.source + " true")
        if token.quoted { return .string(token.text) }
        switch token.text.lowercased() {
        case "none": return nil
        case "true": return .bool(true)
        case "false": return .bool(false)
        case "null": return .null
        default:
            if let n = Int(token.text) { return .int(n) }
            if let d = Double(token.text), d.isFinite, token.text.allSatisfy({ "0123456789.-+eE".contains($0) }) { return .double(d) }
            throw LineProblem(token.column, "expected \(expected)", suggestion: r.replacing(r.index - 1, with: StepReader.quoted(token.text)))
        }
    }
}
