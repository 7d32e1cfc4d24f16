import Foundation

/// What makes a product a subscription: its period, its place in a group and its offers.
public struct SubscriptionInfo: Sendable, Equatable {
    public var period: SubscriptionPeriod
    /// The subscription group (auto-renewable only).
    public var groupID: String?
    /// Its level within the group: 1 is the highest service.
    public var level: Int?
    public var introductoryOffer: SubscriptionOffer?
    public var promotionalOffers: [SubscriptionOffer]
    public var offerCodes: [SubscriptionOffer]
    /// Offers for churned subscribers (`StoreWorkingSet+WinBackOffers`), each with its rules.
    public var winBackOffers: [SubscriptionOffer]
    /// Ways of paying other than the price at once, from a .storekit file (version 5): shown,
    /// not purchasable. Empty when the subscription is only billed up front at its price.
    public var billingPlans: [BillingPlan]

    public init(period: SubscriptionPeriod, groupID: String? = nil, level: Int? = nil,
                introductoryOffer: SubscriptionOffer? = nil, promotionalOffers: [SubscriptionOffer] = [],
                offerCodes: [SubscriptionOffer] = [], winBackOffers: [SubscriptionOffer] = [],
                billingPlans: [BillingPlan] = []) {
        self.period = period
        self.groupID = groupID
        self.level = level
        self.introductoryOffer = introductoryOffer
        self.promotionalOffers = promotionalOffers
        self.offerCodes = offerCodes
        self.winBackOffers = winBackOffers
        self.billingPlans = billingPlans
    }
}

/// An introductory, promotional, offer-code or win-back offer (SKProductDiscount).
public struct SubscriptionOffer: Sendable, Equatable {
    public enum PaymentMode: String, Sendable, Equatable, CaseIterable {
        case freeTrial, payAsYouGo, payUpFront
    }

    /// The offer's identifier (promotional, offer code, win-back); nil for an introductory offer.
    public var id: String?
    public var paymentMode: PaymentMode
    /// One period of the offer: the whole offer for a free trial or pay up front of one period.
    public var period: SubscriptionPeriod
    /// How many periods it lasts (pay as you go: how many are paid at `price`).
    public var periodCount: Int
    /// The counts an offer may have, in a catalog and in a stored transaction: ten years of
    /// months, and no count whose whole length overflows.
    public static let periodCounts = 1...120
    /// Per period for pay as you go, once for pay up front, 0 for a free trial: the price in
    /// every storefront `prices` does not name, written as is (as a .storekit file's one price).
    public var price: Decimal
    /// The price per storefront id ("JPN": 300), where the catalog gives one, as a product's
    /// price is given: what a storefront charges is `price(in:)`.
    public var prices: [String: Decimal]
    /// The name the developer knows it by, where it differs from `id` (a .storekit file's
    /// `referenceName`).
    public var referenceName: String?
    /// An offer code: who may redeem it (`OfferCodeEligibility.startingASubscription` unless
    /// the catalog says).
    public var eligibility: Set<OfferCodeEligibility>
    /// A win-back offer: who it is for and when it runs (none: every churned subscriber, always).
    public var winBackRules: WinBackOfferRules

    public init(id: String? = nil, paymentMode: PaymentMode, period: SubscriptionPeriod, periodCount: Int = 1,
                price: Decimal = 0, prices: [String: Decimal] = [:], referenceName: String? = nil,
                eligibility: Set<OfferCodeEligibility> = OfferCodeEligibility.startingASubscription,
                winBackRules: WinBackOfferRules = WinBackOfferRules()) {
        self.eligibility = eligibility
        self.winBackRules = winBackRules
        self.id = id
        self.paymentMode = paymentMode
        self.period = period
        self.periodCount = periodCount
        self.price = price
        self.prices = prices
        self.referenceName = referenceName
    }

    /// What `storefront` charges for it (per period for pay as you go): its own price, else
    /// the one for every storefront, rounded to the currency's decimals as a product's is.
    public func price(in storefront: AppStoreStorefront) -> Decimal {
        paymentMode == .freeTrial ? 0 : storefront.amount(prices[storefront.id] ?? price)
    }

    /// The offer as `storefront` sells it: its price there, and no other (a `Product`'s offers).
    public func priced(in storefront: AppStoreStorefront) -> SubscriptionOffer {
        var offer = self
        offer.price = price(in: storefront)
        offer.prices = [:]
        return offer
    }

    /// The whole offer as one period: three periods of P1M are P3M.
    public var totalPeriod: SubscriptionPeriod {
        SubscriptionPeriod(value: period.value * periodCount, unit: period.unit)
    }

    /// When the whole offer ends: full price from then on.
    public func end(from date: Date) -> Date {
        (0..<periodCount).reduce(date) { end, _ in period.added(to: end) }
    }

    /// When the first period bought with the offer ends: after the whole offer for a free
    /// trial or pay up front, after one period for pay as you go.
    public func firstPeriodEnd(from date: Date) -> Date {
        paymentMode == .payAsYouGo ? period.added(to: date) : end(from: date)
    }
}
