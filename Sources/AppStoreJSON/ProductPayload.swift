import Foundation
import AppStoreCore

/// A product as `products --json` gives it; `credits` is what the app gives per unit (nil: none).
package struct ProductPayload: Encodable {
    package var id: String
    package var type: ProductType
    package var title: String
    package var description: String
    package var price: String
    package var formattedPrice: String
    package var currency: String
    package var credits: Int?
    package var subscriptionPeriod: String?
    package var freeTrial: String?
    package var introductoryOffer: OfferPayload?
    /// SKProduct.discounts, each with whether the signed-in account may buy with it now.
    package var promotionalOffers: [OfferPayload]?
    package var subscriptionGroup: String?
    package var subscriptionLevel: Int?
    /// An auto-renewable subscription's offer codes, with the signed-in customer's eligibility.
    package var offerCodes: [OfferCodePayload]?
    /// An auto-renewable subscription's billing plans (StoreKit's `pricingTerms`), when it has
    /// more than the price at once.
    package var pricingTerms: [PricingTermPayload]?

    /// `eligibility`: whether the signed-in account may buy with the promotional offer of that id now.
    package init(_ p: Product, credits: Int?, offerCodes: [OfferCodePayload]? = nil, eligibility: (String) -> Bool? = { _ in nil }) {
        self.offerCodes = offerCodes
        id = p.id
        type = p.type
        title = p.localizedTitle
        description = p.localizedDescription
        price = "\(p.price)"
        formattedPrice = p.formattedPrice
        currency = p.storefront.currency
        self.credits = credits
        subscriptionPeriod = p.subscriptionPeriod?.description
        freeTrial = p.freeTrial?.totalPeriod.description
        introductoryOffer = p.introductoryOffer.map { OfferPayload($0, product: p) }
        promotionalOffers = p.promotionalOffers.isEmpty ? nil : p.promotionalOffers.map { offer in
            var payload = OfferPayload(offer, product: p)
            payload.eligible = offer.id.flatMap(eligibility)
            return payload
        }
        subscriptionGroup = p.subscriptionGroup
        subscriptionLevel = p.subscriptionLevel
        pricingTerms = p.pricingTerms.count > 1 ? p.pricingTerms.map { PricingTermPayload($0, product: p) } : nil
    }
}

/// One billing plan of a subscription, as `products --json` gives it.
package struct PricingTermPayload: Encodable {
    package var billingPlanType: String
    package var billingPrice: String
    package var formattedBillingPrice: String
    package var billingPeriod: String
    package var commitmentPeriod: String?
    package var commitmentPrice: String?
    package var formattedCommitmentPrice: String?

    package init(_ term: PricingTerm, product: Product) {
        billingPlanType = term.billingPlanType
        billingPrice = "\(term.billingPrice)"
        formattedBillingPrice = product.formatted(term.billingPrice)
        billingPeriod = term.billingPeriod.description
        commitmentPeriod = term.commitmentPeriod?.description
        commitmentPrice = term.commitmentPrice.map { "\($0)" }
        formattedCommitmentPrice = term.commitmentPrice.map(product.formatted)
    }
}

/// An introductory or promotional offer, as `products --json` gives it.
package struct OfferPayload: Encodable {
    package var id: String?
    package var paymentMode: String
    package var period: String
    package var periods: Int
    package var price: String
    package var formattedPrice: String
    /// Promotional offers: whether the signed-in account may buy with it now.
    package var eligible: Bool?

    package init(_ offer: SubscriptionOffer, product: Product) {
        id = offer.id
        paymentMode = offer.paymentMode.rawValue
        period = offer.period.description
        periods = offer.periodCount
        price = "\(offer.price)"
        formattedPrice = product.formatted(offer.price)
    }
}

