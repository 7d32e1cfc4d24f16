import Foundation

/// One way of paying for an auto-renewable subscription (Xcode 26 and App Store Connect's
/// billing plans): at once for the whole period, or monthly across a commitment. Read from a
/// .storekit file; a payment names the plan it buys (`Payment.billingPlanType`), and
/// `SubscriptionLifecycle` bills a monthly plan's commitment month by month.
public struct BillingPlan: Sendable, Equatable {
    /// As the file writes it: "BILLED_UPFRONT", "MONTHLY".
    public var type: String
    /// What one billing period costs, in every storefront `prices` does not name (a .storekit
    /// file's one price).
    public var price: Decimal
    /// What one billing period costs per storefront (storefront's own catalog format).
    public var prices: [String: Decimal]
    /// What the whole commitment costs.
    public var commitmentPrice: Decimal?
    public var enabled: Bool
    /// Offers for this plan alone (a plan billed up front has the subscription's own).
    public var introductoryOffer: SubscriptionOffer?
    public var promotionalOffers: [SubscriptionOffer]

    public init(type: String, price: Decimal, prices: [String: Decimal] = [:], commitmentPrice: Decimal? = nil, enabled: Bool = true,
                introductoryOffer: SubscriptionOffer? = nil, promotionalOffers: [SubscriptionOffer] = []) {
        self.type = type
        self.price = price
        self.prices = prices
        self.commitmentPrice = commitmentPrice
        self.enabled = enabled
        self.introductoryOffer = introductoryOffer
        self.promotionalOffers = promotionalOffers
    }

    /// The plan every subscription has: its price, at once.
    public static let billedUpFront = "BILLED_UPFRONT"

    /// Paid monthly across a commitment of the subscription's period (12 months for P1Y).
    public static let monthly = "MONTHLY"

    /// How often a monthly plan bills.
    public static let monthlyBillingPeriod = SubscriptionPeriod(value: 1, unit: .month)

    public var isBilledUpFront: Bool { type == Self.billedUpFront }

    /// What one billing period costs in `storefront`, as its currency rounds it.
    public func price(in storefront: AppStoreStorefront) -> Decimal {
        storefront.amount(prices[storefront.id] ?? price)
    }
}
