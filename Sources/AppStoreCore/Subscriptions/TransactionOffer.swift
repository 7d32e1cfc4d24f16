import Foundation

/// The offer a transaction was bought with: StoreKit 2's `Transaction.offer` (type, id,
/// payment mode, period).
public struct TransactionOffer: Codable, Equatable, Sendable {
    public enum OfferType: String, Codable, Sendable, CaseIterable {
        case introductory, promotional, code, winBack
    }

    public var type: OfferType
    /// The offer's identifier (promotional, code, win-back); nil for an introductory offer.
    public var id: String?
    public var paymentMode: SubscriptionOffer.PaymentMode
    /// One period of the offer.
    public var period: SubscriptionPeriod
    /// How many periods the offer lasts; nil in a transaction recorded before the store kept it.
    public var periodCount: Int?

    public init(type: OfferType, id: String? = nil, paymentMode: SubscriptionOffer.PaymentMode, period: SubscriptionPeriod,
                periodCount: Int? = 1) {
        self.type = type
        self.id = id
        self.paymentMode = paymentMode
        self.period = period
        self.periodCount = periodCount
    }

    private enum CodingKeys: String, CodingKey { case type, id, paymentMode, period, periodCount }

    /// A stored count outside an offer's counts is damage, refused by name: the whole offer's
    /// length is worked out from it.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let count = try c.decodeIfPresent(Int.self, forKey: .periodCount)
        if let count, !SubscriptionOffer.periodCounts.contains(count) {
            throw DecodingError.dataCorruptedError(forKey: .periodCount, in: c, debugDescription:
                "\(count) is not a count of an offer's periods: it must be 1 to \(SubscriptionOffer.periodCounts.upperBound)")
        }
        self.init(type: try c.decode(OfferType.self, forKey: .type), id: try c.decodeIfPresent(String.self, forKey: .id),
                  paymentMode: try c.decode(SubscriptionOffer.PaymentMode.self, forKey: .paymentMode),
                  period: try c.decode(SubscriptionPeriod.self, forKey: .period), periodCount: count)
    }

    /// The whole offer as one period (the Server API's `offerPeriod`): three periods of P1M
    /// are P3M; nil where the count is not known.
    public var totalPeriod: SubscriptionPeriod? {
        periodCount.map { SubscriptionPeriod(value: period.value * $0, unit: period.unit) }
    }
}

extension SubscriptionOffer.PaymentMode: Codable {}
