import Foundation
import AppStoreCore

/// `expect offer PRODUCT OFFER eligible|ineligible`: whether the signed-in customer may have
/// one of the subscription's offers now. OFFER is `introductory`, or another offer's identifier
/// (an offer code, a promotional or a win-back offer) as the catalog names it, in any case.
extension WalkthroughParser {
    func offerExpectation(_ r: inout StepReader) throws(LineProblem) -> Expectation {
        let productID = try subscriptionProduct(&r, after: "expect offer", example: "expect offer \(subscriptionExample) introductory eligible")
        let offers = Self.offerNames(of: catalog.product(productID)?.subscription)
        let what = offers.isEmpty ? "an offer of the subscription, which has none" : "an offer of the subscription: \(offers.joined(separator: ", "))"
        let token = try r.required(what, suggestion: r.source + " " + (offers.first ?? "introductory") + " eligible")
        guard let offer = offers.first(where: { $0.lowercased() == token.text.lowercased() }) else {
            throw LineProblem(token.column, "expected \(what)",
                              suggestion: r.replacing(r.index - 1, with: Nearest.to(token.text, in: offers) ?? offers.first ?? "introductory"))
        }
        let word = try r.required("eligible or ineligible", suggestion: r.source + " eligible")
        let eligible: Bool
        switch word.quoted ? "" : word.text.lowercased() {
        case "eligible": eligible = true
        case "ineligible": eligible = false
        default:
            throw LineProblem(word.column, "expected eligible or ineligible",
                              suggestion: r.replacing(r.index - 1, with: Nearest.to(word.text, in: ["eligible", "ineligible"]) ?? "eligible"))
        }
        try r.end()
        return .offer(productID: productID, offer: offer, eligible: eligible)
    }

    /// What `expect offer` names a subscription's offers by: `introductory`, then each other
    /// offer's identifier (else its reference name).
    static func offerNames(of info: SubscriptionInfo?) -> [String] {
        guard let info else { return [] }
        let others = (info.offerCodes + info.promotionalOffers + info.winBackOffers).compactMap { $0.id ?? $0.referenceName }
        return (info.introductoryOffer == nil ? [] : ["introductory"]) + others
    }
}
