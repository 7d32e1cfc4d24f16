import StoreKitSim

extension Strings {
    /// What buying `quantity` of `product` now costs, as the App Store's sheet states it:
    /// "$1.98", "$4.99/month", "1 week free, then $4.99/month" when the store would give the
    /// free trial (`introOffer`, StoreRecords.isEligibleForIntroOffer), "$29.99 for 1 year".
    public func charge(_ product: Product, quantity: Int = 1, introOffer: Bool) -> String {
        guard let period = product.subscriptionPeriod else { return product.formattedPrice(quantity: quantity) }
        guard product.type == .autoRenewable else { return sheet.forPeriod(product.formattedPrice, period) }
        let perPeriod = sheet.perPeriod(product.formattedPrice, period)
        guard introOffer, let trial = product.freeTrial else { return perPeriod }
        return sheet.trialThen(trial, perPeriod)
    }
}
