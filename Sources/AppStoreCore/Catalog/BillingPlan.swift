import Foundation

/// One way of paying for an auto-renewable subscription (Xcode 26 and App Store Connect's
/// billing plans): at once for the whole period, or monthly across a commitment. Read from a
/// .storekit file and shown; storefront sells a subscription only billed up front.
public struct BillingPlan: Sendable, Equatable {
    /// As the file writes it: "BILLED_UPFRONT", "MONTHLY".
    public var type: String
    /// What one billing period costs.
    public var price: Decimal
    /// What the whole commitment costs.
    public var commitmentPrice: Decimal?
    public var enabled: Bool
    /// Offers for this plan alone (a plan billed up front has the subscription's own).
    public var introductoryOffer: SubscriptionOffer?
    public var promotionalOffers: [SubscriptionOffer]

    public init(type: String, price: Decimal, commitmentPrice: Decimal? = nil, enabled: Bool = true,
                introductoryOffer: SubscriptionOffer? = nil, promotionalOffers: [SubscriptionOffer] = []) {
        self.type = type
        self.price = price
        self.commitmentPrice = commitmentPrice
        self.enabled = enabled
        self.introductoryOffer = introductoryOffer
        self.promotionalOffers = promotionalOffers
    }

    /// The plan every subscription has: its price, at once.
    public static let billedUpFront = "BILLED_UPFRONT"

    public var isBilledUpFront: Bool { type == Self.billedUpFront }
}
