import Foundation
// The benchmarks' decode floor compiles this file on its own, beside copies of the catalog's types.
#if !CATALOG_DECODE_FLOOR
import AppStoreCore
#endif

/// storefront's own catalog format (assets/catalog.json), as it is written: products with a
/// price per storefront and localizations by locale, subscription groups with levels and
/// offers. Decoding keeps prices exact (JSON numbers are read from their text).
struct CatalogJSON: Decodable {
    var subscriptionGroups: [Group]?
    var products: [Product]

    struct Group: Decodable {
        var id: String
        var name: String
        var localizations: [String: String]?
    }

    struct Product: Decodable {
        var id: String
        var type: ProductType
        var referenceName: String?
        var familyShareable: Bool?
        var localizations: [String: Text]
        var prices: [String: Decimal]
        var subscription: Subscription?
    }

    struct Text: Decodable {
        var title: String
        var description: String
    }

    struct Subscription: Decodable {
        var period: SubscriptionPeriod
        var group: String?
        var level: Int?
        var introductoryOffer: Offer?
        var promotionalOffers: [Offer]?
        var offerCodes: [Offer]?
        var winBackOffers: [Offer]?
        /// Ways of paying besides the price at once: a MONTHLY plan, across a commitment of the period.
        var billingPlans: [Plan]?
    }

    struct Plan: Decodable {
        var type: String
        /// What a month costs, per storefront.
        var prices: [String: Decimal]
    }

    struct Offer: Decodable {
        var id: String?
        var paymentMode: String
        var period: SubscriptionPeriod
        var periods: Int?
        /// The price in every storefront `prices` does not name.
        var price: Decimal?
        /// The price per storefront, as a product's `prices`.
        var prices: [String: Decimal]?
        /// An offer code: who may redeem it ("new", "existing", "expired"); new and expired
        /// customers when left out.
        var eligibility: [String]?
        /// A win-back offer: who it is for and when it runs (`WinBackOfferRules`).
        var winBack: WinBack?
    }

    /// A win-back offer's rules, under App Store Connect's names (`customerEligibility…`
    /// without the prefix); each left out does not restrict.
    struct WinBack: Decodable {
        var paidSubscriptionDurationInMonths: Int?
        /// `[minimum, maximum]` months.
        var timeSinceLastSubscribedInMonths: [Int]?
        var waitBetweenOffersInMonths: Int?
        /// Days, "2026-07-01": the offer runs from the start of the first through the end of the last.
        var startDate: String?
        var endDate: String?
        /// "high" or "normal" (the default).
        var priority: String?
    }
}
