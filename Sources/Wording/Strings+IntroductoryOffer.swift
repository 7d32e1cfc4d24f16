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

    /// A pay-as-you-go offer in a narrow row's words, its length kept: the offer alone
    /// ("$0.99/mo for 3 mo") and with the plan's price after it ("$0.99/mo for 3 mo, then
    /// $2.49/mo"). Nil for other offers, whose words are short already ("1 week free").
    public func shortPayAsYouGo(_ offer: SubscriptionOffer, of product: Product) -> (offer: String, then: String)? {
        guard offer.paymentMode == .payAsYouGo, let period = product.subscriptionPeriod else { return nil }
        let terms = sheet.payAsYouGoShort(sheet.perPeriodShort(product.formatted(offer.price), offer.period), offer.totalPeriod)
        return (terms, sheet.offerThen(terms, sheet.perPeriodShort(product.formattedPrice, period)))
    }

    /// The pay-as-you-go offer a renewal goes on with (`RenewalTerms`), `price` its price as
    /// the storefront writes it: per period ("$0.99/month"), and for the periods left at it
    /// ("$0.99/month for 2 months"); nil when the renewal charges the plan's price.
    public func renewalOffer(_ terms: RenewalTerms, price: String) -> (charge: String, terms: String)? {
        guard let offer = terms.offer, let period = terms.offerPeriod else { return nil }
        // A free offer code the renewal starts with: its free time, no price.
        if offer.paymentMode == .freeTrial { return (sheet.trial(period), sheet.trial(period)) }
        let charge = sheet.perPeriod(price, period)
        return (charge, terms.offerPeriodLeft.map { sheet.payAsYouGo(charge, $0) } ?? charge)
    }

    /// The status of a plan whose renewal goes on with a pay-as-you-go offer: "Renews DAY ·
    /// $0.99/month for 2 months, then $4.99/month" (`then`: the plan's charge, where known).
    public func renewsAtOffer(_ day: String, offer: (charge: String, terms: String), then: String?) -> String {
        store.renewsAtOffer(day, then.map { sheet.offerThen(offer.terms, $0) } ?? offer.terms)
    }
}
