import Foundation

/// What a subscription's next renewal charges: the plan, the price where it is sold, and the
/// offer it goes on with, if any (a pay-as-you-go offer's next period).
public struct RenewalTerms: Equatable, Sendable {
    public var productID: String
    /// nil when the plan is not for sale there.
    public var price: Decimal?
    public var currency: String
    public var offer: TransactionOffer?
    /// The offer's period, which the renewal runs for instead of the plan's.
    public var offerPeriod: SubscriptionPeriod?

    public init(productID: String, price: Decimal?, currency: String, offer: TransactionOffer? = nil,
                offerPeriod: SubscriptionPeriod? = nil) {
        self.productID = productID
        self.price = price
        self.currency = currency
        self.offer = offer
        self.offerPeriod = offerPeriod
    }
}
