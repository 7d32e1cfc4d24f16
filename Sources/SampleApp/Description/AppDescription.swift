import Foundation
import AppStoreCore

/// What the sample app is, apart from what the store sells: its name, the identifiers it asks
/// the store for (as an app ships them: some may be unknown to the store), what its packs add
/// to its credits and its content. assets/catalog.app.json is the built-in app's; a catalog without
/// one beside it gets the generic app (`generic(for:named:)`).
public struct AppDescription: Sendable, Equatable {
    public var name: String
    /// The app's bundle identifier, which the App Store's signed data names (`bundleId`).
    public var bundleID: String
    /// The app's version (CFBundleVersion): an app transaction's `applicationVersion`.
    public var appVersion: String
    /// The app-specific shared secret App Store Connect gives: the `password` verifyReceipt
    /// checks a request against.
    public var sharedSecret: String
    public var productIdentifiers: [String]
    /// Consumables that add to the app's one credit balance, and how many credits each unit
    /// adds. Any other consumable adds to a balance of its own (its units).
    public var credits: [String: Int]
    /// How long each non-renewing subscription lasts, where the app says (see `period(of:)`).
    public var nonRenewingPeriods: [String: SubscriptionPeriod]
    public var content: Content
    /// The promotional offers the app presents, each on a row under its product.
    public var promotionalOffers: [PromotionalOffer]

    public struct Content: Sendable, Equatable {
        public var free: [ContentItem]
        public var premium: PremiumContent?

        public init(free: [ContentItem] = [], premium: PremiumContent? = nil) {
            self.free = free
            self.premium = premium
        }
    }

    public struct PremiumContent: Sendable, Equatable {
        /// The non-consumable whose purchase unlocks `items`.
        public var unlockedBy: String
        public var items: [ContentItem]
    }

    public init(name: String, bundleID: String = AppDescription.defaultBundleID, appVersion: String = AppDescription.defaultAppVersion,
                sharedSecret: String = AppDescription.defaultSharedSecret, productIdentifiers: [String], credits: [String: Int] = [:],
                nonRenewingPeriods: [String: SubscriptionPeriod] = [:], content: Content = Content(),
                promotionalOffers: [PromotionalOffer] = []) {
        self.name = name
        self.bundleID = bundleID
        self.appVersion = appVersion
        self.sharedSecret = sharedSecret
        self.productIdentifiers = productIdentifiers
        self.credits = credits
        self.nonRenewingPeriods = nonRenewingPeriods
        self.content = content
        self.promotionalOffers = promotionalOffers
    }

    /// The bundle identifier and version of an app whose description gives none.
    public static let defaultBundleID = "com.example.storefront"
    public static let defaultAppVersion = "1.0"
    /// The shared secret of an app whose description gives none.
    public static let defaultSharedSecret = "storefront-shared-secret"

    /// The app for a catalog nobody described: it asks for every product, by type
    /// (subscriptions by group in level order); a non-consumable unlocks an entry named after
    /// it, a consumable adds to a balance of its own, a subscription shows its status.
    public static func generic(for catalog: Catalog, named name: String) -> AppDescription {
        AppDescription(name: name, productIdentifiers: catalog.productsInShowingOrder.map(\.id))
    }

    /// Credits one unit of `productID` adds to the shared balance, or nil when it keeps a
    /// balance of its own.
    public func creditsPerUnit(of productID: String) -> Int? { credits[productID] }

    /// The key whose balance a consumable's units join: the app's credits for a credit pack,
    /// else its own id. The one rule delivery, taking back, consuming and the storefront's
    /// unconsumed rows share.
    public func balanceKey(of productID: String) -> String {
        creditsPerUnit(of: productID) != nil ? SampleApp.creditsKey : productID
    }

    /// Whether premium content is what `productID` unlocks.
    public func unlocksPremium(_ productID: String) -> Bool { content.premium?.unlockedBy == productID }
}

public struct ContentItem: Sendable, Equatable {
    public var id: String
    /// By locale ("en", "ja"), in the file's order.
    public var localizations: [Text]

    public struct Text: Sendable, Equatable {
        public var locale: String
        public var title: String
        public var body: String

        public init(locale: String, title: String, body: String) {
            self.locale = locale
            self.title = title
            self.body = body
        }
    }

    public init(id: String, localizations: [Text]) {
        self.id = id
        self.localizations = localizations
    }

    /// The text for a device set to `locale`, falling back as product localizations do.
    public func text(in locale: String) -> Text {
        LocaleMatch.best(for: locale, among: localizations, locale: \.locale) ?? Text(locale: locale, title: id, body: "")
    }
}

extension Catalog {
    /// Every product by type, as the generic app lists them: non-consumables, consumables,
    /// auto-renewable subscriptions by group in level order, non-renewing subscriptions.
    public var productsInShowingOrder: [CatalogProduct] {
        showingOrder.map { products[$0] }
    }

    /// The positions in `products` of `productsInShowingOrder`: the order found without
    /// copying a product (the storefront's list asks for it at every key and tick).
    public var showingOrder: [Int] {
        let all = products.indices
        let subscriptions = all.filter { products[$0].subscriptionGroupID != nil }
        var seen = Set<String>()
        let groupIDs = (subscriptionGroups.map(\.id) + subscriptions.compactMap { products[$0].subscriptionGroupID })
            .filter { seen.insert($0).inserted }
        let renewing = groupIDs.flatMap { group in
            subscriptions.filter { products[$0].subscriptionGroupID == group }
                .sorted { (products[$0].subscription?.level ?? .max) < (products[$1].subscription?.level ?? .max) }
        }
        return all.filter { products[$0].type == .nonConsumable } + all.filter { products[$0].type == .consumable }
            + renewing + all.filter { products[$0].type == .nonRenewing }
    }
}
