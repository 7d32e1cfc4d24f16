import Foundation
import AppStoreCore

/// An offer code of a product, as `products --json` gives it: its terms where the product is
/// sold, who may redeem it, and whether the signed-in customer may now.
package struct OfferCodePayload: Encodable {
    package var offer: OfferPayload
    /// Who may redeem it: new, existing, expired (App Store Connect's order).
    package var eligibility: [String]
    /// Where the signed-in customer stands in the group: new, existing or expired.
    package var customer: String
    /// Whether that customer may redeem it now.
    package var eligible: Bool

    package init(_ code: SubscriptionOffer, product: Product, customer: OfferCodeEligibility, eligible: Bool) {
        offer = OfferPayload(code.priced(in: product.storefront), product: product)
        eligibility = code.eligibility.sorted().map(\.rawValue)
        self.customer = customer.rawValue
        self.eligible = eligible
    }
}
