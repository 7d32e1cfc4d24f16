import Foundation
import AppStoreCore

/// `buy-outside PRODUCT [QUANTITY] [offer introductory|none] [offer-code CODE] [auto-renew off] [plan monthly]`:
/// a purchase the account makes outside the app (another device, the App Store), at the terms
/// chosen, as `storefront buy-outside` makes it; `promote PRODUCT`: a purchase
/// started on the product's App Store page, as `storefront promote` starts it; `redeem-code
/// CODE [PRODUCT]`: an offer code redeemed in the App Store, as `storefront redeem-code` redeems it.
extension WalkthroughParser {
    func promote(_ r: inout StepReader, example: String) throws(LineProblem) -> StepAction {
        let productID = try anyProduct(&r, after: "promote", example: example)
        try r.end()
        return .operation(.promote(productID: productID))
    }

    func buyOutside(_ r: inout StepReader, example: String) throws(LineProblem) -> StepAction {
        let productID = try anyProduct(&r, after: "buy-outside", example: example)
        var quantity = 1
        if let next = r.peek, next.text.first?.isNumber == true || next.text.first == "-" {
            quantity = try number(&r, "a quantity from 1 to \(Self.maximumQuantity) after the product", in: 1...Self.maximumQuantity,
                                  example: r.source.split(separator: " ").prefix(2).joined(separator: " ") + " 2")
        }
        var terms = OutsidePurchaseTerms()
        while let word = r.next() {
            if word.isWord("offer") {
                let choice = try r.required("introductory or none after offer", suggestion: r.source + " none")
                if choice.isWord("introductory") {
                    terms.offer = .introductory
                } else if choice.isWord("none") {
                    terms.offer = .none
                } else {
                    throw LineProblem(choice.column, "expected introductory or none after offer (an offer code: offer-code CODE)",
                                      suggestion: r.replacing(r.index - 1, with: Nearest.to(choice.text, in: ["introductory", "none"]) ?? "none"))
                }
            } else if word.isWord("offer-code") {
                terms.offer = .code(try r.required("an offer code after offer-code", suggestion: r.source + " " + offerCodeExample).text)
            } else if word.isWord("auto-renew") {
                terms.autoRenew = try onOrOff(&r, what: "auto-renew", suggestion: r.source + " off")
            } else if word.isWord("plan") {
                terms.billingPlanType = try billingPlan(&r, of: productID)
            } else {
                throw LineProblem(word.column, "expected a quantity, offer, offer-code, auto-renew or plan after the product",
                                  suggestion: r.replacing(r.index - 1, with: Nearest.to(word.text, in: Self.outsideTermWords) ?? "offer"))
            }
        }
        if !terms.isStandard, catalog.product(productID)?.type != .autoRenewable {
            throw LineProblem(r.verb.column, "offer, offer-code and auto-renew choose a subscription's terms: \(productID) is not an auto-renewable subscription",
                              suggestion: nil)
        }
        return .operation(.buyOutsideApp(productID: productID, quantity: quantity, terms: terms))
    }

    /// The words that choose a subscription's terms after `buy-outside PRODUCT`.
    private static let outsideTermWords = ["offer", "offer-code", "auto-renew", "plan"]

    /// `plan monthly`: the subscription's monthly plan with a commitment; `plan upfront`, its price at once.
    private func billingPlan(_ r: inout StepReader, of productID: String) throws(LineProblem) -> String? {
        let choice = try r.required("monthly or upfront after plan", suggestion: r.source + " monthly")
        if choice.isWord("upfront") { return nil }
        guard choice.isWord("monthly") else {
            throw LineProblem(choice.column, "expected monthly or upfront after plan",
                              suggestion: r.replacing(r.index - 1, with: Nearest.to(choice.text, in: ["monthly", "upfront"]) ?? "monthly"))
        }
        guard catalog.product(productID)?.subscription?.billingPlan(BillingPlan.monthly) != nil else {
            let sold = catalog.products.first { $0.subscription?.billingPlan(BillingPlan.monthly) != nil }
            throw LineProblem(choice.column, "\(productID) has no monthly plan with a commitment"
                              + (sold.map { ": \($0.id) has one" } ?? ": the catalog sells none"), suggestion: nil)
        }
        return BillingPlan.monthly
    }

    func redeemCode(_ r: inout StepReader, example: String) throws(LineProblem) -> StepAction {
        let token = try r.required("an offer code after redeem-code", suggestion: example)
        // A code is printed back in refusals: nothing that would drive the terminal.
        if token.text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw LineProblem(token.column, "expected an offer code without control characters after redeem-code", suggestion: example)
        }
        let code = token.text
        let productID = r.peek == nil ? nil : try anyProduct(&r, after: "the offer code", example: example)
        try r.end()
        return .operation(.redeemOfferCode(code, productID: productID))
    }

    /// An offer code of the catalog, for examples: the first there is.
    var offerCodeExample: String {
        catalog.products.lazy.compactMap { $0.subscription?.offerCodes.first.flatMap { $0.id ?? $0.referenceName } }.first ?? "CODE"
    }

    /// Any product of the catalog, by id or title, after `verb`.
    func anyProduct(_ r: inout StepReader, after verb: String, example: String) throws(LineProblem) -> String {
        let expected = "a product by id or title after \(verb)"
        let token = try r.required(expected, suggestion: example)
        let names = rowNames.compactMap { name, target -> (String, String)? in
            if case .product(let id) = target, catalog.product(id) != nil { return (name, id) }
            return nil
        }
        if let match = names.first(where: { $0.0 == token.text }) ?? names.first(where: { $0.0.lowercased() == token.text.lowercased() }) {
            return match.1
        }
        let nearest = Nearest.to(token.text, in: inOwnLanguage(names).map(\.0)).map { r.replacing(r.index - 1, with: StepReader.written($0)) }
        throw LineProblem(token.column, "expected \(expected)", suggestion: nearest ?? example)
    }
}
