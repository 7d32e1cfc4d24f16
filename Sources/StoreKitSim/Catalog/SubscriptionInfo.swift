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
    /// Read and shown; not yet purchasable.
    public var winBackOffers: [SubscriptionOffer]

    public init(period: SubscriptionPeriod, groupID: String? = nil, level: Int? = nil,
                introductoryOffer: SubscriptionOffer? = nil, promotionalOffers: [SubscriptionOffer] = [],
                offerCodes: [SubscriptionOffer] = [], winBackOffers: [SubscriptionOffer] = []) {
        self.period = period
        self.groupID = groupID
        self.level = level
        self.introductoryOffer = introductoryOffer
        self.promotionalOffers = promotionalOffers
        self.offerCodes = offerCodes
        self.winBackOffers = winBackOffers
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
    /// Per period for pay as you go, once for pay up front, 0 for a free trial.
    public var price: Decimal

    public init(id: String? = nil, paymentMode: PaymentMode, period: SubscriptionPeriod, periodCount: Int = 1,
                price: Decimal = 0) {
        self.id = id
        self.paymentMode = paymentMode
        self.period = period
        self.periodCount = periodCount
        self.price = price
    }

    /// When the whole offer ends: full price from then on.
    public func end(from date: Date) -> Date {
        (0..<periodCount).reduce(date) { end, _ in period.added(to: end) }
    }

    /// When the first period bought with the offer ends: after the whole offer for a free
    /// trial or pay up front, after one period for pay as you go.
    public func firstPeriodEnd(from date: Date) -> Date {
        let count = paymentMode == .payAsYouGo ? 1 : periodCount
        return (0..<count).reduce(date) { end, _ in period.added(to: end) }
    }
}
