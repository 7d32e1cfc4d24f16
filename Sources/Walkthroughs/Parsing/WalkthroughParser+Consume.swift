import SampleApp
import AppStoreCore

/// `consume PRODUCT|credits [N]` and `expect unconsumed PRODUCT N`: the app's unconsumed
/// purchases, counted in what delivering them added (credits for a credit pack, else units).
extension WalkthroughParser {
    var consumeExample: String { "consume \(consumableIDs.first ?? SampleApp.creditsKey)" }

    private var consumableIDs: [String] { catalog.products.filter { $0.type == .consumable }.map(\.id) }

    func consume(_ r: inout StepReader) throws(LineProblem) -> StepAction {
        let id = try consumable(&r, after: "consume", credits: !app.credits.isEmpty)
        var quantity = 1
        if r.peek != nil {
            quantity = try number(&r, "how many to consume (credits for a credit pack), 1 or more", in: 1...Int.max,
                                  example: "consume \(id) 1")
        }
        try r.end()
        return .consume(productID: id, quantity: quantity)
    }

    func unconsumedExpectation(_ r: inout StepReader) throws(LineProblem) -> Expectation {
        let id = try consumable(&r, after: "expect unconsumed", credits: false)
        let units = try number(&r, "how many of \(id) are unconsumed (credits for a credit pack)", in: 0...Int.max,
                               example: "expect unconsumed \(id) 0")
        try r.end()
        return .unconsumed(productID: id, units: units)
    }

    /// A consumable's product id, or with `credits` the app's credit balance.
    private func consumable(_ r: inout StepReader, after verb: String, credits: Bool) throws(LineProblem) -> String {
        let ids = consumableIDs + (credits ? [SampleApp.creditsKey] : [])
        let expected = ids.isEmpty ? "a consumable, and the catalog has none" : "a consumable's product id after \(verb): \(ids.joined(separator: ", "))"
        let token = try r.required(expected, suggestion: ids.first.map { "\(verb) \($0)" })
        guard let id = ids.first(where: { $0 == token.text }) ?? ids.first(where: { $0.lowercased() == token.text.lowercased() }) else {
            throw LineProblem(token.column, "expected \(expected)",
                              suggestion: (Nearest.to(token.text, in: ids) ?? ids.first).map { r.replacing(r.index - 1, with: $0) })
        }
        return id
    }
}
