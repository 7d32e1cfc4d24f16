import Foundation
import AppStoreCore

/// The store-side steps on a subscription (`expire`, `renew`, `auto-renew`, `fix-billing`,
/// `price-increase`, `agree-price`, `decline-price`: the command line's words).
extension WalkthroughParser {
    /// The store-side steps, in the order docs/walkthroughs.md lists them.
    static let operationVerbs = ["expire", "renew", "auto-renew", "fix-billing", "price-increase", "agree-price", "decline-price",
                                 "buy-outside", "redeem-code", "promote"]

    /// An example of each store-side step, for suggestions.
    var operationExamples: [String: String] {
        let plan = subscriptionExample
        return [
            "expire": "expire \(plan)", "renew": "renew \(plan)", "auto-renew": "auto-renew \(plan) off",
            "fix-billing": "fix-billing \(plan)", "price-increase": "price-increase \(plan) 5.99",
            "agree-price": "agree-price \(plan)", "decline-price": "decline-price \(plan)",
            "buy-outside": "buy-outside " + openExample.dropFirst("open ".count),
            "promote": "promote " + openExample.dropFirst("open ".count),
            "redeem-code": "redeem-code " + StepReader.written(offerCodeExample),
        ]
    }

    /// `cancel subscription [PRODUCT]`, as Manage Subscriptions words it, is turning auto-renew
    /// off: the step to suggest, rather than the verb spelt nearest (`renew`, its opposite).
    func cancelSubscription(_ r: StepReader) -> String? {
        guard r.verb.isWord("cancel"), r.tokens.count > 1, r.tokens[1].isWord("subscription") else { return nil }
        var rest = r
        _ = rest.next()
        // The plan as it was written, when it is one.
        let named = r.tokens.count > 2 && (try? subscriptionProduct(&rest, after: "", example: "")) != nil
        return "auto-renew \(named ? StepReader.written(r.tokens[2].text) : subscriptionExample) off"
    }

    /// `verb` (one of `operationVerbs`) and the rest of its line.
    func operation(_ verb: String, _ r: inout StepReader) throws(LineProblem) -> StepAction {
        let example = operationExamples[verb] ?? verb
        if verb == "buy-outside" { return try buyOutside(&r, example: example) }
        if verb == "promote" { return try promote(&r, example: example) }
        if verb == "redeem-code" { return try redeemCode(&r, example: example) }
        let productID = try subscriptionProduct(&r, after: verb, example: example)
        switch verb {
        case "expire":
            try r.end()
            return .subscription(.expire, productID: productID)
        case "renew":
            try r.end()
            return .subscription(.renew, productID: productID)
        case "fix-billing":
            try r.end()
            return .subscription(.fixBilling, productID: productID)
        case "agree-price":
            try r.end()
            return .subscription(.agreeToPriceIncrease, productID: productID)
        case "decline-price":
            try r.end()
            return .subscription(.declinePriceIncrease, productID: productID)
        case "auto-renew":
            let on = try onOrOff(&r, what: "auto-renew", suggestion: r.source + " off")
            try r.end()
            return .subscription(.autoRenew(on: on), productID: productID)
        default:
            return try priceIncrease(productID, &r)
        }
    }

    /// `price-increase PRODUCT PRICE [in STOREFRONT] [consent|no-consent]`.
    private func priceIncrease(_ productID: String, _ r: inout StepReader) throws(LineProblem) -> StepAction {
        let expected = "the new price after the product, in the storefront's currency (5.99)"
        let token = try r.required(expected, suggestion: r.source + " 5.99")
        guard let price = Self.price(token) else {
            throw LineProblem(token.column, "expected \(expected)", suggestion: r.replacing(r.index - 1, with: "5.99"))
        }
        var storefront: String?
        var consent: Bool?
        let words = ["in", "consent", "no-consent"]
        while let word = r.next() {
            switch word.quoted ? "" : word.text.lowercased() {
            case "in" where storefront == nil:
                storefront = try self.storefront(&r)
            case "consent" where consent == nil, "no-consent" where consent == nil:
                consent = word.text.lowercased() == "consent"
            default:
                let nearest = Nearest.to(word.text, in: words) ?? "consent"
                let suggestion = words.contains(word.text.lowercased()) ? r.removing(r.index - 1)
                    : nearest == "in" ? r.replacing(r.index - 1, with: "in USA") : r.replacing(r.index - 1, with: nearest)
                throw LineProblem(word.column, "expected in STOREFRONT, consent or no-consent after the price (each once)",
                                  suggestion: suggestion)
            }
        }
        return .operation(.priceIncrease(productID: productID, storefront: storefront, price: price, consentNeeded: consent))
    }

    /// A price as the command line takes it: digits, and a point with digits after it.
    static func price(_ token: LineToken) -> Decimal? {
        guard !token.quoted, token.text.range(of: #"^[0-9]{1,12}(\.[0-9]{1,6})?$"#, options: .regularExpression) != nil else { return nil }
        return Decimal(string: token.text, locale: Locale(identifier: "en_US_POSIX"))
    }

    /// An App Store storefront's code after `in` (USA, JPN), as `set storefront` takes it.
    private func storefront(_ r: inout StepReader) throws(LineProblem) -> String {
        let codes = catalog.storefronts.map(\.id)
        let expected = "an App Store storefront after in: a country code such as \(codes.prefix(3).joined(separator: ", "))"
        let token = try r.required(expected, suggestion: r.source + " " + (codes.first ?? "USA"))
        guard !token.quoted, let place = AppStoreStorefront.named(token.text) else {
            throw LineProblem(token.column, "expected \(expected)",
                              suggestion: r.replacing(r.index - 1, with: Nearest.to(token.text, in: codes) ?? "USA"))
        }
        return place.id
    }

    func onOrOff(_ r: inout StepReader, what: String, suggestion: String) throws(LineProblem) -> Bool {
        let token = try r.required("on or off for \(what)", suggestion: suggestion)
        if token.isWord("on") { return true }
        if token.isWord("off") { return false }
        throw LineProblem(token.column, "expected on or off for \(what)",
                          suggestion: r.replacing(r.index - 1, with: Nearest.to(token.text, in: ["off", "on"]) ?? "off"))
    }

    /// The names of the catalog's auto-renewable subscriptions: ids and titles in every language.
    var subscriptionNames: [(String, String)] {
        rowNames.compactMap { name, target -> (String, String)? in
            guard case .product(let id) = target, catalog.product(id)?.subscriptionGroupID != nil else { return nil }
            return (name, id)
        }
    }

    /// The catalog's first auto-renewable subscription, by the title it shows first.
    var subscriptionExample: String {
        let product = catalog.products.first { $0.subscriptionGroupID != nil }
        return StepReader.written(product?.localization(for: Settings().locale).title ?? "com.example.plan")
    }

    /// An auto-renewable subscription by id or title, after `verb`: the store acts on, or
    /// reads, the signed-in account's subscription in its group.
    func subscriptionProduct(_ r: inout StepReader, after verb: String, example: String,
                             fields: [String] = []) throws(LineProblem) -> String {
        let expected = "an auto-renewable subscription by id or title after \(verb)"
        let token = try r.required(expected, suggestion: example)
        let names = subscriptionNames
        if let id = named(token.text, in: names) { return id }
        // `expect subscription state subscribed`: the product left out, not misspelt.
        if !token.quoted, fields.contains(token.text.lowercased()) {
            let (before, from) = r.split(at: r.index - 1)
            throw LineProblem(token.column, "expected \(expected), before \(token.text)", suggestion: before + subscriptionExample + " " + from)
        }
        let nearest = Nearest.to(token.text, in: names.map(\.0)).map { r.replacing(r.index - 1, with: StepReader.written($0)) }
        // A product of another kind (a non-consumable, a non-renewing pass) has no subscription to act on.
        let other = rowNames.contains { name, target in
            if case .product = target { name.lowercased() == token.text.lowercased() } else { false }
        }
        throw LineProblem(token.column, "expected \(expected)" + (other ? "; \(StepReader.written(token.text)) is not one" : ""),
                          suggestion: nearest ?? example)
    }
}
