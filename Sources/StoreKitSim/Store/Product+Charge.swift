import Foundation

extension Product {
    /// What buying `quantity` of it now costs, in English as the command line states it:
    /// "$1.98", "$4.99/month", "1 week free, then $4.99/month" when the store would give the
    /// introductory offer (`introOffer`, StoreRecords.isEligibleForIntroOffer), "$29.99 for 1 year".
    public func formattedCharge(quantity: Int = 1, introOffer: Bool) -> String {
        guard let period = subscriptionPeriod else { return formattedPrice(quantity: quantity) }
        guard type == .autoRenewable else { return "\(formattedPrice) for \(period.displayName)" }
        let perPeriod = "\(formattedPrice)/\(period.unitName)"
        guard introOffer, let offer = introductoryOffer else { return perPeriod }
        return "\(introductoryTerms(offer)), then \(perPeriod)"
    }

    /// An introductory offer in words: "1 week free", "$0.99 for 3 months",
    /// "$0.99/month for 3 months".
    public func introductoryTerms(_ offer: SubscriptionOffer) -> String {
        switch offer.paymentMode {
        case .freeTrial: "\(offer.totalDuration) free"
        case .payUpFront: "\(formatted(offer.price)) for \(offer.totalDuration)"
        case .payAsYouGo: "\(formatted(offer.price))/\(offer.period.unitName) for \(offer.totalDuration)"
        }
    }
}

extension SubscriptionPeriod {
    /// "month" for one month, "3 months" otherwise: what a price is per.
    public var unitName: String {
        value == 1 ? displayName.replacingOccurrences(of: "1 ", with: "") : displayName
    }
}

extension SubscriptionOffer {
    /// How long the whole offer lasts, in words: "1 week", "3 months".
    public var totalDuration: String { totalPeriod.displayName }

    /// The whole offer as one period: three months of P1M is P3M.
    public var totalPeriod: SubscriptionPeriod {
        SubscriptionPeriod(value: period.value * periodCount, unit: period.unit)
    }
}
