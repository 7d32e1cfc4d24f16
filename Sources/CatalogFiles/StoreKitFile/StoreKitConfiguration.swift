import AppStoreCore

/// An Xcode StoreKit configuration file (.storekit) as it is written, keys and all, but for
/// what storefront never keeps: the key pair Xcode signs promotional offers with
/// (`subscriptionOffersKeyPair`, a private key) is not part of this model, so it is never
/// shown or written again; the store's check reads it apart (`StoreKitOffersKeyPair`). Keys it does not know are
/// ignored. StoreKitFileReader reads one; StoreKitCatalogReader makes a catalog of it.
struct StoreKitConfiguration: Codable, Sendable, Equatable {
    /// Version 4 on; not read into a catalog.
    var appPolicies: StoreKitAppPolicies?
    var identifier: String?
    var nonRenewingSubscriptions: [StoreKitProduct]
    /// Consumables and non-consumables.
    var products: [StoreKitProduct]
    var settings: StoreKitSettings
    var subscriptionGroups: [StoreKitSubscriptionGroup]
    var version: StoreKitVersion

    init(appPolicies: StoreKitAppPolicies? = nil, identifier: String?, nonRenewingSubscriptions: [StoreKitProduct], products: [StoreKitProduct],
         settings: StoreKitSettings, subscriptionGroups: [StoreKitSubscriptionGroup], version: StoreKitVersion) {
        self.appPolicies = appPolicies
        self.identifier = identifier
        self.nonRenewingSubscriptions = nonRenewingSubscriptions
        self.products = products
        self.settings = settings
        self.subscriptionGroups = subscriptionGroups
        self.version = version
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        // Policies are shown by StoreKit's views, never by storefront: a malformed one is no reason to refuse the file.
        appPolicies = try? c.decodeIfPresent(StoreKitAppPolicies.self, forKey: .appPolicies)
        identifier = try c.decodeIfPresent(String.self, forKey: .identifier)
        nonRenewingSubscriptions = try c.decodeIfPresent([StoreKitProduct].self, forKey: .nonRenewingSubscriptions) ?? []
        products = try c.decodeIfPresent([StoreKitProduct].self, forKey: .products) ?? []
        settings = try c.decodeIfPresent(StoreKitSettings.self, forKey: .settings) ?? StoreKitSettings()
        subscriptionGroups = try c.decodeIfPresent([StoreKitSubscriptionGroup].self, forKey: .subscriptionGroups) ?? []
        version = try c.decode(StoreKitVersion.self, forKey: .version)
    }
}
