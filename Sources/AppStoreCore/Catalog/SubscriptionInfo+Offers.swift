import Foundation

extension SubscriptionInfo {
    /// The offer code a customer types or Xcode's `codeOffer(referenceName:)` names: its
    /// identifier or its reference name, in any case.
    public func offerCode(named code: String) -> SubscriptionOffer? {
        Self.offer(named: code, in: offerCodes)
    }

    /// A promotional offer by its identifier or reference name, in any case.
    public func promotionalOffer(named name: String) -> SubscriptionOffer? {
        Self.offer(named: name, in: promotionalOffers)
    }

    /// A win-back offer by its identifier or reference name, in any case.
    public func winBackOffer(named name: String) -> SubscriptionOffer? {
        Self.offer(named: name, in: winBackOffers)
    }

    private static func offer(named name: String, in offers: [SubscriptionOffer]) -> SubscriptionOffer? {
        let key = name.lowercased()
        return offers.first { [$0.id, $0.referenceName].contains { $0?.lowercased() == key } }
    }

    /// The catalog's terms of the offer a transaction was bought with (a renewal goes on at
    /// them while the offer lasts).
    public func offer(for used: TransactionOffer) -> SubscriptionOffer? {
        switch used.type {
        case .introductory: introductoryOffer
        case .code: offerCodes.first { $0.name == used.id }
        case .promotional: promotionalOffers.first { $0.name == used.id }
        case .winBack: winBackOffers.first { $0.name == used.id }
        }
    }
}

extension SubscriptionOffer {
    /// What a transaction names it by: its identifier, else its reference name.
    var name: String? { id ?? referenceName }
}

extension TransactionOffer {
    /// A transaction's record of buying with `offer`.
    init(_ type: OfferType, _ offer: SubscriptionOffer) {
        self.init(type: type, id: type == .introductory ? nil : offer.name, paymentMode: offer.paymentMode, period: offer.period,
                  periodCount: offer.periodCount)
    }
}
