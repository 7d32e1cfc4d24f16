import AppStoreCore
import Wording

/// `manage PRODUCT`: Manage Subscriptions opened from the subscription's row (m), and
/// `choose TITLE`: one of its rows, a plan or an action under the plans, by its title as shown.
extension WalkthroughParser {
    func manage(_ r: inout StepReader) throws(LineProblem) -> StepAction {
        let productID = try subscriptionProduct(&r, after: "manage", example: "manage \(subscriptionExample)")
        try r.end()
        return .manage(productID: productID)
    }

    func choose(_ r: inout StepReader) throws(LineProblem) -> StepAction {
        let expected = "a plan or an action of Manage Subscriptions by its title after choose: "
            + manageTitles(in: [.english], resubscribeTo: false).map(StepReader.quoted).joined(separator: ", ")
        let token = try r.required(expected, suggestion: chooseExample)
        try r.end()
        let titles = manageTitles(in: Strings.allCases)
        if let title = named(token.text, in: titles.map { ($0, $0) }) { return .choose(title) }
        // A plan by its id, as `manage` takes it: the run finds its row by the title it shows.
        guard let id = named(token.text, in: subscriptionNames) else {
            // Part of a title (`キャンセル`) means one that holds it.
            let holding = titles.filter { $0.lowercased().contains(token.text.lowercased()) }
            let nearest = Nearest.to(token.text, in: holding.isEmpty ? titles : holding).map { r.replacing(1, with: StepReader.quoted($0)) }
            throw LineProblem(token.column, "expected \(expected)", suggestion: nearest ?? chooseExample)
        }
        return .choose(id)
    }

    var chooseExample: String { "choose " + StepReader.quoted(Strings.english.store.cancelSubscription) }

    /// Every title Manage Subscriptions may give a row in these languages: the catalog's plans,
    /// then the actions under them, with Resubscribe naming each plan it may renew to (while a
    /// change waits) unless `resubscribeTo` is false.
    func manageTitles(in languages: [Strings], resubscribeTo: Bool = true) -> [String] {
        let plans = catalog.products.filter { $0.subscriptionGroupID != nil }
        var titles: [String] = []
        for strings in languages {
            let names = plans.map { $0.localization(for: strings.languageCode).title }
            titles += names
            titles += [strings.messages.agreeToNewPrice, strings.store.cancelSubscription, strings.store.cancelFreeTrial,
                       strings.store.resubscribe]
            if resubscribeTo { titles += names.map { strings.store.resubscribeTo($0) } }
        }
        return titles.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
    }
}
