import Foundation

/// A plan's price changed by the store in one storefront (App Store Connect's price
/// increase): what the products request shows and every renewal from then on charges.
/// One per product and storefront: a later change replaces it.
public struct PriceChange: Codable, Equatable, Sendable {
    public var productID: String
    /// The App Store storefront (ISO 3166-1 alpha-3, "USA").
    public var storefront: String
    /// The new price, in the storefront's currency.
    public var price: Decimal
    /// Whether subscribers must agree before they renew at it (otherwise they are told).
    public var consentNeeded: Bool
    /// Store time when the store changed it.
    public var date: Date

    public init(productID: String, storefront: String, price: Decimal, consentNeeded: Bool, date: Date) {
        self.productID = productID
        self.storefront = storefront
        self.price = price
        self.consentNeeded = consentNeeded
        self.date = date
    }

    /// Whether a new price needs subscribers' consent: only a rise over what they pay now
    /// (`current`, nil when unknown) does, and it does unless the change says otherwise (`asked`
    /// nil: as Apple asks for most increases). The one rule the store, the command line and
    /// walkthroughs apply.
    public static func needsConsent(_ price: Decimal, over current: Decimal?, asked: Bool?) -> Bool {
        (asked ?? true) && price > (current ?? 0)
    }
}

extension CatalogProduct {
    /// The price in `storefront` as the store charges it now: the latest change the store made
    /// there, else the catalog's; rounded to the storefront's currency. Nil when not sold there.
    public func price(in storefront: AppStoreStorefront, changes: [PriceChange]) -> Decimal? {
        guard let base = price(in: storefront.id) else { return nil }
        let changed = changes.last { $0.productID == id && $0.storefront == storefront.id }
        return storefront.amount(changed?.price ?? base)
    }
}
