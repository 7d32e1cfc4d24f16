import Foundation
import AppStoreCore

/// How long a subscription the app sells lasts. StoreKit gives a non-renewing subscription no
/// period (nor does a .storekit file): the app decides, and this is where it does.
extension AppDescription {
    /// What a non-renewing subscription lasts when neither the app description nor the
    /// catalog says: one month.
    public static let defaultNonRenewingPeriod = SubscriptionPeriod(value: 1, unit: .month)

    /// An auto-renewable subscription's period is the store's; a non-renewing one lasts the
    /// app description's `nonRenewingPeriods` entry, else the catalog's period (storefront's
    /// own catalogs may state one), else `defaultNonRenewingPeriod`. Nil for anything else.
    public func period(of productID: String, type: ProductType, stated: SubscriptionPeriod?) -> SubscriptionPeriod? {
        switch type {
        case .autoRenewable: stated
        case .nonRenewing: nonRenewingPeriod(of: productID, stated: stated).period
        case .consumable, .nonConsumable: nil
        }
    }

    /// Who gives a non-renewing subscription its period.
    public enum PeriodSource: Sendable, Equatable {
        case appDescription, catalog, appDefault
    }

    /// A non-renewing subscription's period (`stated`: the catalog's), and who gives it.
    public func nonRenewingPeriod(of productID: String, stated: SubscriptionPeriod?) -> (period: SubscriptionPeriod, source: PeriodSource) {
        if let period = nonRenewingPeriods[productID] { return (period, .appDescription) }
        if let stated { return (stated, .catalog) }
        return (Self.defaultNonRenewingPeriod, .appDefault)
    }

    public func period(of product: CatalogProduct) -> SubscriptionPeriod? {
        period(of: product.id, type: product.type, stated: product.subscription?.period)
    }

    public func period(of product: Product) -> SubscriptionPeriod? {
        period(of: product.id, type: product.type, stated: product.subscriptionPeriod)
    }

    /// Until when a non-renewing subscription bought at `date` lasts: bought while still
    /// active (`current` is later), its period is added to the end of the one running.
    public func nonRenewingExpiry(_ product: CatalogProduct, boughtAt date: Date, current: Date?) -> Date {
        let start = max(date, current ?? date)
        return period(of: product).map { $0.added(to: start) } ?? start
    }
}
