import AppStoreCore

/// An auto-renewable subscription: an entry of a group's `subscriptions`.
struct StoreKitSubscription: Codable, Sendable, Equatable {
    /// Promotional offers.
    var adHocOffers: [StoreKitOffer]
    /// Version 5.
    var billingPlans: [StoreKitBillingPlan]?
    /// Offer codes.
    var codeOffers: [StoreKitOffer]?
    var displayPrice: String
    var familyShareable: Bool
    /// The level within the group: 1 is the highest.
    var groupNumber: Int?
    var internalID: String?
    /// Up to version 4 the one introductory offer (null when none); version 5 writes it
    /// beside `introductoryOffers` for the plan billed up front.
    var introductoryOffer: StoreKitOffer?
    /// Version 5: an introductory offer per billing plan.
    var introductoryOffers: [StoreKitOffer]?
    var localizations: [StoreKitLocalization]
    var productID: String
    /// "P1M".
    var recurringSubscriptionPeriod: String
    var referenceName: String?
    var subscriptionGroupID: String?
    var type: StoreKitProductType
    /// Version 4 on.
    var winbackOffers: [StoreKitOffer]?
    /// Not Xcode's: prices per storefront, as storefront's own catalogs have them.
    var storefrontPrices: [String: String]?

    init(adHocOffers: [StoreKitOffer], billingPlans: [StoreKitBillingPlan]?, codeOffers: [StoreKitOffer]?,
         displayPrice: String, familyShareable: Bool, groupNumber: Int?, internalID: String?,
         introductoryOffer: StoreKitOffer?, introductoryOffers: [StoreKitOffer]?, localizations: [StoreKitLocalization],
         productID: String, recurringSubscriptionPeriod: String, referenceName: String?, subscriptionGroupID: String?,
         winbackOffers: [StoreKitOffer]?, storefrontPrices: [String: String]? = nil) {
        self.adHocOffers = adHocOffers
        self.billingPlans = billingPlans
        self.codeOffers = codeOffers
        self.displayPrice = displayPrice
        self.familyShareable = familyShareable
        self.groupNumber = groupNumber
        self.internalID = internalID
        self.introductoryOffer = introductoryOffer
        self.introductoryOffers = introductoryOffers
        self.localizations = localizations
        self.productID = productID
        self.recurringSubscriptionPeriod = recurringSubscriptionPeriod
        self.referenceName = referenceName
        self.subscriptionGroupID = subscriptionGroupID
        self.type = .recurringSubscription
        self.winbackOffers = winbackOffers
        self.storefrontPrices = storefrontPrices
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        adHocOffers = try c.decodeIfPresent([StoreKitOffer].self, forKey: .adHocOffers) ?? []
        billingPlans = try c.decodeIfPresent([StoreKitBillingPlan].self, forKey: .billingPlans)
        codeOffers = try c.decodeIfPresent([StoreKitOffer].self, forKey: .codeOffers)
        displayPrice = try c.decode(String.self, forKey: .displayPrice)
        familyShareable = try c.decodeIfPresent(Bool.self, forKey: .familyShareable) ?? false
        groupNumber = try c.decodeWholeNumber(forKey: .groupNumber)
        internalID = try c.decodeIfPresent(String.self, forKey: .internalID)
        introductoryOffer = try c.decodeIfPresent(StoreKitOffer.self, forKey: .introductoryOffer)
        introductoryOffers = try c.decodeIfPresent([StoreKitOffer].self, forKey: .introductoryOffers)
        localizations = try c.decodeIfPresent([StoreKitLocalization].self, forKey: .localizations) ?? []
        productID = try c.decode(String.self, forKey: .productID)
        recurringSubscriptionPeriod = try c.decode(String.self, forKey: .recurringSubscriptionPeriod)
        referenceName = try c.decodeIfPresent(String.self, forKey: .referenceName)
        subscriptionGroupID = try c.decodeIfPresent(String.self, forKey: .subscriptionGroupID)
        type = try c.decodeIfPresent(StoreKitProductType.self, forKey: .type) ?? .recurringSubscription
        winbackOffers = try c.decodeIfPresent([StoreKitOffer].self, forKey: .winbackOffers)
        storefrontPrices = try c.decodeIfPresent([String: String].self, forKey: .storefrontPrices)
    }
}

/// A subscription group: `{ "id", "localizations", "name", "subscriptions" }`.
struct StoreKitSubscriptionGroup: Codable, Sendable, Equatable {
    var id: String
    var localizations: [StoreKitLocalization]
    /// The reference name.
    var name: String
    var subscriptions: [StoreKitSubscription]

    init(id: String, localizations: [StoreKitLocalization], name: String, subscriptions: [StoreKitSubscription]) {
        self.id = id
        self.localizations = localizations
        self.name = name
        self.subscriptions = subscriptions
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        localizations = try c.decodeIfPresent([StoreKitLocalization].self, forKey: .localizations) ?? []
        name = try c.decodeIfPresent(String.self, forKey: .name) ?? id
        subscriptions = try c.decodeIfPresent([StoreKitSubscription].self, forKey: .subscriptions) ?? []
    }
}
