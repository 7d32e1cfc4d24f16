import Foundation

/// What a subscription's current period is, read from the transaction that paid for it: the
/// one rule the rows, the detail pane, Manage Subscriptions and `subscriptions` share.
extension StoreWorkingSet {
    /// Whether `status`'s free trial runs: its current period is the introductory free trial,
    /// and nothing failed (a trial whose conversion failed is in grace or billing retry).
    public func isInFreeTrial(_ status: SubscriptionStatus) -> Bool {
        status.state == .subscribed && latestTransaction(status.latestTransactionID)?.isTrialPeriod == true
    }

    /// What `status`'s plan charges per period: the latest full-price payment for it (so an
    /// increase counts once it is charged, and one waiting for consent does not), else, after
    /// a trial or an offer, what the store charges for it now where it was bought (before an
    /// increase waiting for consent).
    public func periodPrice(of status: SubscriptionStatus, catalog: Catalog) -> Decimal? {
        let latest = latestTransaction(status.latestTransactionID)
        if let latest, latest.productID == status.productID, latest.offer == nil, latest.isTrialPeriod != true,
           let paid = latest.price, paid > 0 {
            return paid / Decimal(max(1, latest.purchasedQuantity))
        }
        let storefront = latest?.storefront.flatMap(AppStoreStorefront.named) ?? settings.appStoreStorefront
        let waiting = status.priceIncreaseStatus == .pending
        let changes = priceChanges.filter { !(waiting && $0.productID == status.productID && $0.consentNeeded) }
        return catalog.product(status.productID)?.price(in: storefront, changes: changes)
    }

    /// The new price a price increase asks `status`'s subscriber to agree to, or that they
    /// agreed to, per period of the plan it renews to, where the store is: the price the
    /// renewal charges from then on. Nil with no increase waiting or agreed.
    public func increasedPrice(of status: SubscriptionStatus, catalog: Catalog) -> Decimal? {
        guard status.priceIncreaseStatus != .noIncreasePending else { return nil }
        return catalog.product(status.autoRenewProductID)?.price(in: settings.appStoreStorefront, changes: priceChanges)
    }

    /// What `status`'s next renewal charges and the offer it goes on with, as the lifecycle
    /// will renew it (its renewal info's price and offer).
    public func nextRenewal(of status: SubscriptionStatus, catalog: Catalog) -> RenewalTerms? {
        let context = SubscriptionContext(catalog: catalog, settings: settings, priceChanges: priceChanges,
                                          latest: latestTransaction(status.latestTransactionID), newTransactionID: "")
        return SubscriptionLifecycle.nextRenewal(of: status, context: context)
    }
}
