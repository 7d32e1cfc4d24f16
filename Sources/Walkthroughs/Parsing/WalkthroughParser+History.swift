import Foundation
import AppStoreCore

/// The App Store's side of the history (`refund`, `delete-transaction`, `clear-history`: the
/// command line's words).
extension WalkthroughParser {
    static let historyVerbs = ["refund", "delete-transaction", "clear-history", "request-refund", "approve-refund", "decline-refund"]

    var historyExamples: [String: String] {
        ["refund": "refund com.storefront.premium", "delete-transaction": "delete-transaction com.storefront.premium",
         "clear-history": "clear-history", "request-refund": "request-refund com.storefront.premium reason other",
         "approve-refund": "approve-refund com.storefront.premium", "decline-refund": "decline-refund com.storefront.premium"]
    }

    /// `refund TXN|PRODUCT [prorated N%|time-left] [reason developer-issue|other]`, `delete-transaction
    /// TXN|PRODUCT`, `clear-history`.
    func history(_ verb: String, _ r: inout StepReader) throws(LineProblem) -> StepAction {
        switch verb {
        case "clear-history":
            try r.end()
            return .history(.clearPurchaseHistory)
        case "delete-transaction", "decline-refund":
            let ref = try transaction(&r, after: verb, optional: false)
            if ref == .latest { throw r.missing("a transaction by id or product after \(verb)", suggestion: historyExamples[verb]) }
            try r.end()
            return .history(verb == "decline-refund" ? .declineRefund(ref) : .deleteTransaction(ref))
        case "request-refund":
            let ref = try transaction(&r, after: verb, optional: false, stopWords: ["reason"])
            if ref == .latest { throw r.missing("a transaction by id or product after \(verb)", suggestion: historyExamples[verb]) }
            var reason = RefundRequestReason.other
            if let word = r.next() {
                let reasons = RefundRequestReason.allCases.map(\.argument)
                guard !word.quoted, word.text.lowercased() == "reason" else {
                    throw LineProblem(word.column, "expected reason and why after the transaction",
                                      suggestion: r.replacing(r.index - 1, with: "reason other"))
                }
                let token = try r.required("why: " + reasons.joined(separator: ", "), suggestion: r.source + " other")
                guard !token.quoted, let named = RefundRequestReason(argument: token.text) else {
                    throw LineProblem(token.column, "expected why: " + reasons.joined(separator: ", "),
                                      suggestion: r.replacing(r.index - 1, with: Nearest.to(token.text, in: reasons) ?? "other"))
                }
                reason = named
                try r.end()
            }
            return .history(.requestRefund(ref, reason))
        default:
            let words = ["prorated", "reason"]
            let ref = try transaction(&r, after: verb, optional: false, stopWords: words)
            if ref == .latest { throw r.missing("a transaction by id or product after \(verb)", suggestion: historyExamples[verb]) }
            var refund = Refund()
            var seen = Set<String>()
            while let word = r.next() {
                let name = word.quoted ? "" : word.text.lowercased()
                guard words.contains(name), seen.insert(name).inserted else {
                    throw LineProblem(word.column, "expected prorated N% or reason developer-issue|other after the transaction (each once)",
                                      suggestion: r.replacing(r.index - 1, with: Nearest.to(word.text, in: words) ?? "prorated"))
                }
                if name == "prorated" {
                    let expected = "a percentage above 0 and below 100 after prorated (50%), or time-left for a subscription's period"
                    let token = try r.required(expected, suggestion: r.source + " 50%")
                    // Which applies to the purchase is the store's to say as the step runs.
                    guard !token.quoted, let amount = Refund.Amount(prorated: token.text) else {
                        throw LineProblem(token.column, "expected \(expected)", suggestion: r.replacing(r.index - 1, with: "50%"))
                    }
                    refund.amount = amount
                } else {
                    let reasons = ["developer-issue", "other"]
                    let token = try r.required("why: developer-issue or other", suggestion: r.source + " other")
                    guard !token.quoted, reasons.contains(token.text.lowercased()) else {
                        throw LineProblem(token.column, "expected why: developer-issue or other",
                                          suggestion: r.replacing(r.index - 1, with: Nearest.to(token.text, in: reasons) ?? "other"))
                    }
                    refund.reason = token.text.lowercased() == "other" ? .other : .developerIssue
                }
            }
            if verb == "approve-refund" { return .history(.approveRefund(ref, seen.isEmpty ? nil : refund)) }
            return .history(.refund(ref, refund))
        }
    }
}
