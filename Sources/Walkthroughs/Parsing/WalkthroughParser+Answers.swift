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
    /// (`decline pric`, `decline price-increase`): the problem naming the step meant.
    func answersAnotherFamily(_ r: StepReader) -> LineProblem? {
        let verb = r.verb.text.lowercased()
        guard r.tokens.count > 1, !r.tokens[1].quoted, let first = NearestVerb.words(r.tokens[1].text).first,
              let family = Nearest.close(to: first, in: Array(Self.otherFamilies.keys)),
              let meant = Self.otherFamilies[family]?[verb] else { return nil }
        // What follows: the plan or the transaction, past `increase` or `request`.
        var next = 2
        while next < r.tokens.count, !r.tokens[next].quoted, Nearest.close(to: r.tokens[next].text, in: ["increase", "request"]) != nil {
            next += 1
        }
        let rest = next < r.tokens.count ? " " + r.split(at: next).from : ""
        return LineProblem(r.tokens[1].column, "expected a transaction after \(verb) (an Ask to Buy request); \(meant.said)",
                           suggestion: meant.step + rest)
    }
}
