import Foundation

/// SKProduct: a product as one storefront sells it, localized for the device's locale and
/// priced in the storefront's currency.
public struct Product: Equatable, Sendable, Identifiable {
    public var id: String
    public var type: ProductType
    public var localizedTitle: String
    public var localizedDescription: String
    public var price: Decimal
    public var storefront: AppStoreStorefront
    /// The device's locale: how the price is written (SKProduct.priceLocale's conventions).
    public var locale: String
    public var familyShareable: Bool
    public var subscriptionPeriod: SubscriptionPeriod?
    /// SKProduct.subscriptionGroupIdentifier.
    public var subscriptionGroup: String?
    public var subscriptionLevel: Int?
    /// SKProduct.introductoryPrice.
    public var introductoryOffer: SubscriptionOffer?
    /// SKProduct.discounts: promotional offers.
    public var promotionalOffers: [SubscriptionOffer]
    /// An auto-renewable subscription's billing plans here (`pricingTerms`); none for others.
    public var pricingTerms: [PricingTerm]

    /// Nil when the product has no price in `storefront`: it is not sold there. `priceChanges`:
    /// the prices the store changed since the catalog (`StoreWorkingSet.priceChanges`).
    public init?(_ entry: CatalogProduct, storefront: AppStoreStorefront, locale: String, priceChanges: [PriceChange] = []) {
        guard let price = entry.price(in: storefront, changes: priceChanges) else { return nil }
        let text = entry.localization(for: locale)
        id = entry.id
        type = entry.type
        localizedTitle = text.title
        localizedDescription = text.description
        // What the storefront charges: one price for every storefront is rounded to its currency.
        self.price = price
        self.storefront = storefront
        self.locale = locale
        familyShareable = entry.familyShareable
        subscriptionPeriod = entry.subscription?.period
        subscriptionGroup = entry.subscriptionGroupID
        subscriptionLevel = entry.subscription?.level
        // Each offer at this storefront's price, as its own price is.
        introductoryOffer = entry.type == .autoRenewable ? entry.subscription?.introductoryOffer?.priced(in: storefront) : nil
        promotionalOffers = entry.subscription?.promotionalOffers.map { $0.priced(in: storefront) } ?? []
        pricingTerms = entry.type == .autoRenewable ? entry.subscription.map { PricingTerm.of($0, price: price, in: storefront) } ?? [] : []
    }

    /// The free trial of an auto-renewable subscription's introductory offer, if that is its kind.
    public var freeTrial: SubscriptionOffer? {
        introductoryOffer?.paymentMode == .freeTrial ? introductoryOffer : nil
    }

    /// The price as the device writes it: "$4.99", "¥480", "4,99 €".
    public var formattedPrice: String { storefront.format(price, locale: locale) }

    public func formattedPrice(quantity: Int) -> String {
        storefront.format(price * Decimal(quantity), locale: locale)
    }

    /// An amount in this product's currency, as the device writes it.
    public func formatted(_ amount: Decimal) -> String { storefront.format(amount, locale: locale) }

    /// Only consumables can be bought several at a time (SKMutablePayment.quantity).
    public var maximumQuantity: Int { type == .consumable ? Self.largestQuantity : 1 }

    /// The most of any product one payment can buy.
    public static let largestQuantity = 10
}
