import Foundation

/// `approve` and `decline` answer an Ask to Buy request. Said of a price increase or a refund
/// request (`decline price "Pro Monthly"`, `approve refund 1000000001`), they mean that step:
/// the problem points at it, not at the Ask to Buy answer spelt nearest.
extension WalkthroughParser {
    /// The step each answer means when the word after it names a price increase or a refund
    /// request, and how the message says it.
    private static let otherFamilies: [String: [String: (step: String, said: String)]] = [
        "price": ["approve": ("agree-price", "a price increase is agreed to with agree-price"),
                  "decline": ("decline-price", "a price increase is declined with decline-price")],
        "refund": ["approve": ("approve-refund", "a refund request is approved with approve-refund"),
                   "decline": ("decline-refund", "a refund request is declined with decline-refund")],
    ]

    /// `decline price [increase] [PRODUCT]`, `approve refund [request] TXN`, misspelt too
    /// (`decline pric`, `decline price-increase`), or with the family's word after what it
    /// names (`decline "Pro Monthly" price`): the problem naming the step meant.
    func answersAnotherFamily(_ r: StepReader) -> LineProblem? {
        let verb = r.verb.text.lowercased()
        guard let position = r.tokens.indices.dropFirst().first(where: { family(of: r.tokens[$0]) != nil }),
              let meant = family(of: r.tokens[position]).flatMap({ Self.otherFamilies[$0]?[verb] }) else { return nil }
        // What follows: the plan or the transaction, past `increase` or `request`.
        var next = position + 1
        while next < r.tokens.count, !r.tokens[next].quoted, Nearest.close(to: r.tokens[next].text, in: ["increase", "request"]) != nil {
            next += 1
        }
        let before = position > 1 ? r.split(at: 1).from.prefix(r.tokens[position].column - r.tokens[1].column) : ""
        let after = next < r.tokens.count ? r.split(at: next).from : ""
        let rest = [before.trimmingCharacters(in: .whitespaces), after].filter { !$0.isEmpty }.joined(separator: " ")
        return LineProblem(r.tokens[position].column, "expected a transaction after \(verb) (an Ask to Buy request); \(meant.said)",
                           suggestion: meant.step + (rest.isEmpty ? "" : " " + rest))
    }

    /// The family a word of the line names (`price`, `refund`, misspelt too), if it names one.
    private func family(of token: LineToken) -> String? {
        guard !token.quoted, let first = NearestVerb.words(token.text).first else { return nil }
        return Nearest.close(to: first, in: Array(Self.otherFamilies.keys))
    }
}
