import AppStoreCore

extension Strings {
    /// What a subscription bought outside the app at `terms` will charge, `offer` the offer
    /// they start it with (priced in the storefront): the storefront's terms sheet and
    /// `buy-outside` state it alike. Renewing, the offer then the plan's price ("1 week free,
    /// then $4.99/month"); not renewing, only the first period is charged ("1 week free",
    /// "$1.99/month for 1 month").
    public func outsidePurchaseCharge(_ product: Product, offer: SubscriptionOffer?, terms: OutsidePurchaseTerms) -> String {
        if terms.autoRenew { return subscriptionCharge(product, offer: offer) }
        guard var offer else { return subscriptionCharge(product, offer: nil) }
        offer.periodCount = 1
        return introductoryTerms(offer, of: product)
    }
}
