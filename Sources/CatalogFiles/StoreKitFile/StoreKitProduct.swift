import AppStoreCore

/// A consumable, non-consumable or non-renewing subscription: an entry of `products` or
/// `nonRenewingSubscriptions`.
struct StoreKitProduct: Codable, Sendable, Equatable {
    /// The price as text in no particular currency, "0.99": shown in the storefront's.
    var displayPrice: String
    var familyShareable: Bool
    var internalID: String?
    var localizations: [StoreKitLocalization]
    var productID: String
    var referenceName: String?
    var type: StoreKitProductType
    /// Not Xcode's: prices per storefront, as storefront's own catalogs have them.
    var storefrontPrices: [String: String]?
    /// Not Xcode's (a non-renewing subscription's length is the app's to decide): the period
    /// storefront's own catalogs give it.
    var subscriptionPeriod: String?

    init(displayPrice: String, familyShareable: Bool, internalID: String?, localizations: [StoreKitLocalization],
         productID: String, referenceName: String?, type: StoreKitProductType,
         storefrontPrices: [String: String]? = nil, subscriptionPeriod: String? = nil) {
        self.displayPrice = displayPrice
        self.familyShareable = familyShareable
        self.internalID = internalID
        self.localizations = localizations
        self.productID = productID
        self.referenceName = referenceName
        self.type = type
        self.storefrontPrices = storefrontPrices
        self.subscriptionPeriod = subscriptionPeriod
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        displayPrice = try c.decode(String.self, forKey: .displayPrice)
        familyShareable = try c.decodeIfPresent(Bool.self, forKey: .familyShareable) ?? false
        internalID = try c.decodeIfPresent(String.self, forKey: .internalID)
        localizations = try c.decodeIfPresent([StoreKitLocalization].self, forKey: .localizations) ?? []
        productID = try c.decode(String.self, forKey: .productID)
        referenceName = try c.decodeIfPresent(String.self, forKey: .referenceName)
        type = try c.decode(StoreKitProductType.self, forKey: .type)
        storefrontPrices = try c.decodeIfPresent([String: String].self, forKey: .storefrontPrices)
        subscriptionPeriod = try c.decodeIfPresent(String.self, forKey: .subscriptionPeriod)
    }
}
