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
}
