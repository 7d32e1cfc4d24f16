import Foundation

/// The catalog: what the simulated App Store sells, in which storefronts, and the sample
/// app's own content. Loaded from assets/catalog.json or `--catalog FILE`.
public struct Catalog: Codable, Sendable, Equatable {
    public var app: AppInfo
    public var storefronts: [Storefront]
    /// The identifiers the sample app asks the store for, as an app ships them; some may be
    /// unknown to the store and come back as invalid.
    public var productIdentifiers: [String]
    public var products: [CatalogProduct]
    public var content: Content

    public struct AppInfo: Codable, Sendable, Equatable {
        public var name: String
    }

    public struct Content: Codable, Sendable, Equatable {
        public var free: [ContentItem]
        public var premium: PremiumContent
    }

    public struct PremiumContent: Codable, Sendable, Equatable {
        /// The non-consumable whose purchase unlocks `items`.
        public var unlockedBy: String
        public var items: [ContentItem]
    }

    public func product(_ id: String) -> CatalogProduct? {
        products.first { $0.id == id }
    }

    public func storefront(_ id: String) -> Storefront? {
        storefronts.first { $0.id == id }
    }
}

public struct Storefront: Codable, Sendable, Equatable {
    /// ISO 3166-1 alpha-3 code, as SKStorefront.countryCode: "USA", "JPN".
    public var id: String
    public var currency: String
    public var currencySymbol: String
    public var fractionDigits: Int
    /// The localization shown in this storefront: a key of every `localizations` map.
    public var language: String

    public func format(_ price: Decimal) -> String {
        var rounded = Decimal()
        var value = price
        NSDecimalRound(&rounded, &value, fractionDigits, .plain)
        let number = NSDecimalNumber(decimal: rounded).doubleValue
        let text = String(format: "%.\(fractionDigits)f", number)
        // Thousands grouped with commas, as both storefronts write prices: $1,234.50, ¥4,800.
        let parts = text.split(separator: ".", maxSplits: 1)
        var digits = Array(parts[0])
        var index = digits.count - 3
        while index > 0, digits[index - 1].isNumber {
            digits.insert(",", at: index)
            index -= 3
        }
        return currencySymbol + String(digits) + (parts.count > 1 ? "." + parts[1] : "")
    }
}

public struct Localization: Codable, Sendable, Equatable {
    public var title: String
    public var description: String
}

public struct CatalogProduct: Codable, Sendable, Equatable {
    public var id: String
    public var type: ProductType
    public var localizations: [String: Localization]
    /// Price per storefront id. A product with no price in a storefront is not sold there.
    public var prices: [String: Decimal]
    /// Consumables: credits added per unit bought.
    public var credits: Int?
    public var subscription: SubscriptionInfo?

    public struct SubscriptionInfo: Codable, Sendable, Equatable {
        public var period: SubscriptionPeriod
        public var group: String?
        public var freeTrial: SubscriptionPeriod?
    }

    enum CodingKeys: String, CodingKey {
        case id, type, localizations, prices, credits, subscription
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        type = try c.decode(ProductType.self, forKey: .type)
        localizations = try c.decode([String: Localization].self, forKey: .localizations)
        // Decimal via the number's shortest text, so 2.99 stays 2.99 rather than a binary neighbour.
        let raw = try c.decode([String: Double].self, forKey: .prices)
        prices = raw.mapValues { Decimal(string: "\($0)") ?? Decimal($0) }
        credits = try c.decodeIfPresent(Int.self, forKey: .credits)
        subscription = try c.decodeIfPresent(SubscriptionInfo.self, forKey: .subscription)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(type, forKey: .type)
        try c.encode(localizations, forKey: .localizations)
        try c.encode(prices.mapValues { NSDecimalNumber(decimal: $0).doubleValue }, forKey: .prices)
        try c.encodeIfPresent(credits, forKey: .credits)
        try c.encodeIfPresent(subscription, forKey: .subscription)
    }
}

public struct ContentItem: Codable, Sendable, Equatable {
    public var id: String
    public var localizations: [String: Text]

    public struct Text: Codable, Sendable, Equatable {
        public var title: String
        public var body: String
    }

    public func text(in language: String) -> Text {
        localizations[language] ?? localizations["en"] ?? localizations.values.first
            ?? Text(title: id, body: "")
    }
}
