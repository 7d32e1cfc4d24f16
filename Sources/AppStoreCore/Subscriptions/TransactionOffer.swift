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

    public init(type: OfferType, id: String? = nil, paymentMode: SubscriptionOffer.PaymentMode, period: SubscriptionPeriod) {
        self.type = type
        self.id = id
        self.paymentMode = paymentMode
        self.period = period
    }
}

extension SubscriptionOffer.PaymentMode: Codable {}
