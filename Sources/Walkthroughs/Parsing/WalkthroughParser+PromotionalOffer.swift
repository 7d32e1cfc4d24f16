import Foundation
import AppStoreCore

/// `promotional-offer PRODUCT OFFER`, and how a step names one of a subscription's offers.
extension WalkthroughParser {
    /// One of the subscription's offers, by identifier or reference name, as the catalog names it.
    func offerOf(_ productID: String, _ r: inout StepReader, after what: String, example: String) throws(LineProblem) -> String {
        let info = catalog.product(productID)?.subscription
        let offers = (info?.promotionalOffers ?? []) + (info?.offerCodes ?? []) + (info?.winBackOffers ?? [])
        let names = offers.flatMap { [$0.id, $0.referenceName].compactMap { $0 } }
        let token = try r.required("an offer of \(productID) after \(what)", suggestion: example)
        guard let name = names.first(where: { $0.lowercased() == token.text.lowercased() }) else {
            let list = names.isEmpty ? "it has none" : "its offers: \(names.joined(separator: ", "))"
            throw LineProblem(token.column, "expected an offer of \(productID) (\(list))",
                              suggestion: Nearest.to(token.text, in: names).map { r.replacing(r.index - 1, with: StepReader.written($0)) })
        }
        return offers.first { $0.id == name || $0.referenceName == name }?.id ?? name
    }

    /// A promotional offer of the catalog, for examples: the first there is.
    var promotionalOfferExample: String {
        catalog.products.lazy.compactMap { $0.subscription?.promotionalOffers.first?.id }.first ?? "OFFER"
    }

    /// `promotional-offer PRODUCT OFFER`: the app presents the offer its server signed.
    func promotionalOffer(_ r: inout StepReader) throws(LineProblem) -> StepAction {
        let example = "promotional-offer \(subscriptionExample) \(promotionalOfferExample)"
        let productID = try subscriptionProduct(&r, after: "promotional-offer", example: example)
        let offerID = try offerOf(productID, &r, after: "the subscription", example: example)
        try r.end()
        return .promotionalOffer(productID: productID, offerID: offerID)
    }
}
