import AppStoreCore

extension Strings {
    /// An introductory offer in words: "1 week free", "3 months for $9.99", "$0.99/month for 3 months".
    public func introductoryTerms(_ offer: SubscriptionOffer, of product: Product) -> String {
        let whole = offer.totalPeriod
        return switch offer.paymentMode {
        case .freeTrial: sheet.trial(whole)
        case .payUpFront: sheet.upFront(product.formatted(offer.price), whole)
        case .payAsYouGo: sheet.payAsYouGo(sheet.perPeriod(product.formatted(offer.price), offer.period), whole)
        }
    }

    /// What an auto-renewable subscription bought with `offer` costs, as the App Store's sheet
    /// states it: "1 week free, then $4.99/month"; with none, "$4.99/month".
    public func subscriptionCharge(_ product: Product, offer: SubscriptionOffer?) -> String {
        guard let period = product.subscriptionPeriod else { return product.formattedPrice }
        let perPeriod = sheet.perPeriod(product.formattedPrice, period)
        return offer.map { sheet.offerThen(introductoryTerms($0, of: product), perPeriod) } ?? perPeriod
    }

    /// The pay-as-you-go offer a renewal goes on with (`RenewalTerms`), `price` its price as
    /// the storefront writes it: per period ("$0.99/month"), and for the periods left at it
    /// ("$0.99/month for 2 months"); nil when the renewal charges the plan's price.
    public func renewalOffer(_ terms: RenewalTerms, price: String) -> (charge: String, terms: String)? {
        guard terms.offer != nil, let period = terms.offerPeriod else { return nil }
        let charge = sheet.perPeriod(price, period)
        return (charge, terms.offerPeriodLeft.map { sheet.payAsYouGo(charge, $0) } ?? charge)
    }

    /// The status of a plan whose renewal goes on with a pay-as-you-go offer: "Renews DAY ·
    /// $0.99/month for 2 months, then $4.99/month" (`then`: the plan's charge, where known).
    public func renewsAtOffer(_ day: String, offer: (charge: String, terms: String), then: String?) -> String {
        store.renewsAtOffer(day, then.map { sheet.offerThen(offer.terms, $0) } ?? offer.terms)
    }
}
