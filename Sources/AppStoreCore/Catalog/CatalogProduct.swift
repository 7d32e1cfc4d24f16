import Foundation

/// One product of the store catalog, as App Store Connect (or a .storekit file) defines it.
public struct CatalogProduct: Sendable, Equatable {
    public var id: String
    /// The name the developer knows it by; never shown to a buyer.
    public var referenceName: String
    public var type: ProductType
    public var familyShareable: Bool
    /// Its localizations; the first is the default when none matches the device's locale.
    public var localizations: [ProductLocalization]
    public var price: CatalogPrice
    public var subscription: SubscriptionInfo?

    public init(id: String, referenceName: String? = nil, type: ProductType, familyShareable: Bool = false,
                localizations: [ProductLocalization], price: CatalogPrice, subscription: SubscriptionInfo? = nil) {
        self.id = id
        self.referenceName = referenceName ?? id
        self.type = type
        self.familyShareable = familyShareable
        self.localizations = localizations
        self.price = price
        self.subscription = subscription
    }

    /// The subscription group of an auto-renewable subscription: a group of its own when
    /// none is named. Nil for every other product.
    public var subscriptionGroupID: String? {
        type == .autoRenewable ? subscription?.groupID ?? id : nil
    }

    /// The localization StoreKit would show on a device set to `locale`.
    public func localization(for locale: String) -> ProductLocalization {
        LocaleMatch.best(for: locale, among: localizations, locale: \.locale)
            ?? ProductLocalization(locale: locale, title: id, description: "")
    }

    /// The price in `storefront`, or nil when it is not sold there.
    public func price(in storefront: String) -> Decimal? {
        switch price {
        case .perStorefront(let prices): prices[storefront]
        case .everywhere(let price): price
        }
    }
}

public struct ProductLocalization: Sendable, Equatable {
    /// As the file writes it: "en", "en_US", "ja".
    public var locale: String
    public var title: String
    public var description: String

    public init(locale: String, title: String, description: String) {
        self.locale = locale
        self.title = title
        self.description = description
    }
}

/// Where a product is sold and for how much, as exact decimals.
public enum CatalogPrice: Sendable, Equatable {
    /// storefront's own catalogs: a price per storefront id; not sold where it has none.
    case perStorefront([String: Decimal])
    /// A .storekit file's one price: shown in every storefront's currency as written, never
    /// converted (as Xcode shows it).
    case everywhere(Decimal)
}
