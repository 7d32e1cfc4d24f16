import Foundation

/// SKProduct: a product as one storefront sells it, localized and priced.
public struct Product: Equatable, Sendable, Identifiable {
    public var id: String
    public var type: ProductType
    public var localizedTitle: String
    public var localizedDescription: String
    public var price: Decimal
    public var storefront: Storefront
    /// Consumables: credits per unit.
    public var credits: Int?
    public var subscriptionPeriod: SubscriptionPeriod?
    public var subscriptionGroup: String?
    /// The introductory free trial of an auto-renewable subscription.
    public var freeTrial: SubscriptionPeriod?

    /// Nil when the product has no price in `storefront`: it is not sold there.
    public init?(_ entry: CatalogProduct, storefront: Storefront) {
        guard let price = entry.prices[storefront.id] else { return nil }
        let text = entry.localizations[storefront.language] ?? entry.localizations["en"]
            ?? Localization(title: entry.id, description: "")
        id = entry.id
        type = entry.type
        localizedTitle = text.title
        localizedDescription = text.description
        self.price = price
        self.storefront = storefront
        credits = entry.credits
        subscriptionPeriod = entry.subscription?.period
        subscriptionGroup = entry.subscription?.group
        freeTrial = entry.subscription?.freeTrial
    }

    public var formattedPrice: String { storefront.format(price) }

    public func formattedPrice(quantity: Int) -> String {
        storefront.format(price * Decimal(quantity))
    }

    /// Only consumables can be bought several at a time (SKMutablePayment.quantity).
    public var maximumQuantity: Int { type == .consumable ? 10 : 1 }
}
