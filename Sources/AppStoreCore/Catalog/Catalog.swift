import Foundation

/// The store catalog: what the simulated App Store sells. Read from storefront's own JSON
/// (assets/catalog.json built in, or `--catalog FILE`) or from an Xcode StoreKit
/// configuration file; both give this. What the sample app does with the products is the
/// app's own (SampleApp's `AppDescription`).
public struct Catalog: Sendable, Equatable {
    public var products: [CatalogProduct]
    /// Auto-renewable subscriptions' groups, in the file's order.
    public var subscriptionGroups: [SubscriptionGroup]
    /// The store conditions the file asks a new data directory to start with.
    public var settings: CatalogSettings

    public init(products: [CatalogProduct], subscriptionGroups: [SubscriptionGroup] = [],
                settings: CatalogSettings = CatalogSettings()) {
        self.products = products
        self.subscriptionGroups = subscriptionGroups
        self.settings = settings
    }

    public func product(_ id: String) -> CatalogProduct? {
        products.first { $0.id == id }
    }

    public func group(_ id: String) -> SubscriptionGroup? {
        subscriptionGroups.first { $0.id == id }
    }

    /// The storefronts the catalog prices its products in, in the order first met: the
    /// ones worth cycling through. A catalog with one price for every storefront (a
    /// .storekit file) offers a few well-known ones, its own setting's first.
    public var storefronts: [AppStoreStorefront] {
        var priced: Set<String> = []
        var everywhere = false
        for product in products {
            switch product.price {
            case .perStorefront(let prices): priced.formUnion(prices.keys)
            case .everywhere: everywhere = true
            }
        }
        let featured = AppStoreStorefront.featured
        let ids = (settings.storefront.map { [$0] } ?? []) + featured.filter { everywhere || priced.contains($0) }
            + priced.subtracting(featured).sorted()
        var seen = Set<String>()
        return ids.compactMap(AppStoreStorefront.named).filter { seen.insert($0.id).inserted }
    }

    /// Whether any product has a price in `storefront`: a catalog priced per storefront
    /// sells nothing in one it lacks.
    public func sellsAnything(in storefront: String) -> Bool {
        products.isEmpty || products.contains { $0.price(in: storefront) != nil }
    }

    /// Every locale a product or group is localized in, sorted.
    public var locales: [String] {
        let all = products.flatMap { $0.localizations.map(\.locale) }
            + subscriptionGroups.flatMap { $0.localizations.map(\.locale) }
        return Set(all).sorted()
    }

    /// The auto-renewable subscriptions of a group, by level (1, the highest, first).
    public func subscriptions(in groupID: String) -> [CatalogProduct] {
        products.filter { $0.subscription?.groupID == groupID && $0.type == .autoRenewable }
            .sorted { ($0.subscription?.level ?? .max) < ($1.subscription?.level ?? .max) }
    }
}
