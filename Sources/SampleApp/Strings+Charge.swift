import AppStoreCore
import Wording

extension Strings {
    /// What buying `quantity` of `product` now costs, as the App Store's sheet states it:
    /// "$1.98", "$4.99/month", "1 week free, then $4.99/month" when the store would give the
    /// introductory offer (`introOffer`, StoreWorkingSet.introOfferApplies), "$29.99 for 1 year"
    /// (a non-renewing subscription lasts what `app` gives it).
    public func charge(_ product: Product, quantity: Int = 1, introOffer: Bool, app: AppDescription) -> String {
        guard let period = app.period(of: product) else { return product.formattedPrice(quantity: quantity) }
        guard product.type == .autoRenewable else { return sheet.forPeriod(product.formattedPrice, period) }
        return subscriptionCharge(product, offer: introOffer ? product.introductoryOffer : nil)
    }
}
