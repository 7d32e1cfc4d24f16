import SampleApp
import AppStoreCore
import StorefrontUI
import Wording

/// Store conditions, rows and transactions as steps name them, checked against the catalog.
extension WalkthroughParser {
    func setting(_ r: inout StepReader) throws(LineProblem) -> StepAction {
        let condition = try self.condition(&r, after: "set", example: "set ask-to-buy on")
        let example = "set \(condition.name) \(exampleValues(condition).first ?? "on")"
        let value = try r.required("a value for \(condition.name): \(condition.values)", suggestion: example)
        _ = try settings(value, at: r.index - 1, of: condition, in: r, example: example)
        try r.end()
        return .set(condition: condition.name, value: value.text)
    }

    /// The store condition named next on the line (`set`, `vary`); `fail API` names the API's
    /// (`set fail load-products networkError` is `set fail-load-products networkError`).
    func condition(_ r: inout StepReader, after verb: String, example: String) throws(LineProblem) -> StoreCondition {
        let names = StoreCondition.all.map(\.name)
        // The APIs' conditions listed as one: `fail API`.
        let listed = StoreCondition.panelRows.map { $0.name == "fail" ? "fail-with, fail API" : $0.name }
        let expected = "a store condition after \(verb): \(listed.joined(separator: ", "))"
        let token = try r.required(expected, suggestion: example)
        if token.text.lowercased() == "fail", !token.quoted {
            let apis = StoreAPI.allCases.map(\.argument)
            let named = try r.required("a StoreKit API after fail: \(apis.joined(separator: ", "))", suggestion: "\(verb) fail load-products networkError")
            guard let api = StoreAPI(argument: named.text) else {
                throw LineProblem(named.column, "expected a StoreKit API after fail: \(apis.joined(separator: ", "))",
                                  suggestion: r.replacing(r.index - 1, with: Nearest.to(named.text, in: apis) ?? "load-products"))
            }
            return .failing(api)
        }
        guard let condition = StoreCondition.named(token.text.lowercased()) else {
            throw LineProblem(token.column, "expected \(expected)",
                              suggestion: r.replacing(r.index - 1, with: Nearest.to(token.text, in: names) ?? "ask-to-buy"))
        }
        return condition
    }

    /// A new store's settings with `token` (the word at `position`) applied as the
    /// condition's value: two values that read differently but mean the same (`2`,
    /// `paymentCancelled`) give the same settings.
    func settings(_ token: LineToken, at position: Int, of condition: StoreCondition, in r: StepReader,
                  example: String) throws(LineProblem) -> Settings {
        do {
            var settings = Settings()
            try condition.parse(token.text, catalog: catalog)(&settings)
            return settings
        } catch {
            let nearest = Nearest.to(token.text, in: exampleValues(condition)).map { r.replacing(position, with: $0) }
            throw LineProblem(token.column, "expected a value \(condition.name) takes: \(error.message)", suggestion: nearest ?? example)
        }
    }

    /// Values a condition takes, to suggest the nearest: its plain words (on, off, none,
    /// realtime), and the names it knows (StoreKit's errors, the catalog's storefronts).
    func exampleValues(_ condition: StoreCondition) -> [String] {
        var values = condition.values.split(separator: "|").map(String.init).filter { $0 == $0.lowercased() }
        switch condition.name {
        case "fail-with": values += SKErrorCode.allCases.map(\.name) + ["purchaseLimitExceeded"]
        case "storefront": values += catalog.storefronts.map(\.id)
        case "latency": values.append("0")
        default:
            if let api = StoreAPI.allCases.first(where: { StoreCondition.failingName($0) == condition.name }) {
                values += api.choices.map(\.name)
            }
        }
        return values
    }

    /// What `open` names: a product by id or by title (in any of the catalog's languages), a
    /// content item by title, or the credit balance's row.
    var rowNames: [(String, RowTarget)] {
        var names = catalog.productNames(listedFirst: app.productIdentifiers).map { ($0.0, RowTarget.product($0.1)) }
        if let premium = app.content.premium?.unlockedBy {
            // The premium offer's row, as it reads before the premium content is bought, in either
            // language, with or without its star.
            for strings in Strings.allCases {
                let offer = strings.store.premiumOffer
                names += [(offer, .product(premium)), (String(offer.drop { $0 == "★" || $0 == " " }), .product(premium))]
            }
        }
        for item in app.content.free + (app.content.premium?.items ?? []) {
            for text in item.localizations {
                names.append((text.title, .content(id: item.id)))
            }
        }
        names += Strings.allCases.map { ($0.store.yourCredits, .credits) }
        return names
    }

    /// An `open` step for this catalog: its first product, by the title it shows first.
    var openExample: String {
        "open " + StepReader.written(catalog.products.first?.localization(for: Settings().locale).title ?? Strings.english.store.yourCredits)
    }

    func row(_ r: inout StepReader) throws(LineProblem) -> RowTarget {
        let names = rowNames
        let example = openExample
        let token = try r.required("a product id or a row's title in quotes after open", suggestion: example)
        try r.end()
        if let target = named(token.text, in: names) { return target }
        let nearest = Nearest.to(token.text, in: inOwnLanguage(names).map(\.0)).map { r.replacing(1, with: StepReader.written($0)) }
        throw LineProblem(token.column, "expected a product id or a row's title in quotes after open", suggestion: nearest ?? example)
    }

    /// Of `names`, those a suggestion may give: ids, and titles in the walkthrough's language
    /// (`locale`); a title only another language has is never suggested. All of them when none is.
    func inOwnLanguage<Target>(_ names: [(String, Target)]) -> [(String, Target)] {
        let own = Strings(languageCode: locale).languageCode
        var foreign: Set<String> = []
        var ownTitles: Set<String> = []
        func note(_ title: String, locale: String) {
            if Strings(languageCode: locale).languageCode == own { ownTitles.insert(title) } else { foreign.insert(title) }
        }
        for product in catalog.products {
            product.localizations.forEach { note($0.title, locale: $0.locale) }
        }
        for item in app.content.free + (app.content.premium?.items ?? []) {
            item.localizations.forEach { note($0.title, locale: $0.locale) }
        }
        for strings in Strings.allCases {
            let offer = strings.store.premiumOffer
            for title in [offer, String(offer.drop { $0 == "★" || $0 == " " }), strings.store.yourCredits] {
                note(title, locale: strings.languageCode)
            }
        }
        let kept = names.filter { !foreign.contains($0.0) || ownTitles.contains($0.0) }
        return kept.isEmpty ? names : kept
    }

    /// A transaction by id (its digits), by product (id or title: the newest of it), or,
    /// when `optional` and nothing is named, the newest.
    /// `stopWords`: the words that may follow, which name no transaction.
    func transaction(_ r: inout StepReader, after verb: String, optional: Bool, stopWords: [String] = []) throws(LineProblem) -> TransactionRef {
        guard let token = r.peek, token.quoted || !stopWords.contains(token.text.lowercased()) else { return .latest }
        _ = r.next()
        if !token.quoted, !token.text.isEmpty, token.text.allSatisfy({ $0.isASCII && $0.isNumber }) { return .id(token.text) }
        let products = rowNames.compactMap { name, target -> (String, String)? in
            if case .product(let id) = target, catalog.product(id) != nil { return (name, id) }
            return nil
        }
        if let id = named(token.text, in: products) { return .product(id) }
        // A misspelt `state` or `error` reads as a product that is not there.
        let nearest = Nearest.to(token.text, in: (token.quoted ? [] : stopWords.sorted()) + inOwnLanguage(products).map(\.0))
        let suggestion = nearest.map { stopWords.contains($0) ? $0 : StepReader.written($0) }.map { r.replacing(r.index - 1, with: $0) }
        let what = stopWords.isEmpty ? "" : stopWords.joined(separator: ", ") + ", or "
        throw LineProblem(token.column, "expected \(what)a transaction by id or product (id or title) after \(verb)", suggestion: suggestion)
    }
}
