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
}
