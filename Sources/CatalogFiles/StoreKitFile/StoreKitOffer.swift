import AppStoreCore

/// An introductory offer, a promotional offer (`adHocOffers`), an offer code (`codeOffers`)
/// or a win-back offer (`winbackOffers`), with the keys each kind has.
struct StoreKitOffer: Codable, Sendable, Equatable {
    /// Version 5: the billing plan the offer belongs to ("BILLED_UPFRONT", "MONTHLY").
    var billingPlanType: String?
    /// The price as text, "0.99"; left out for a free offer.
    var displayPrice: String?
    /// Offer codes: who may redeem it ("new", "expired", "existing").
    var eligibility: [String]?
    var internalID: String?
    /// Offer codes: whether it can be redeemed on top of another offer.
    var isStackable: Bool?
    /// Left out for one period.
    var numberOfPeriods: Int?
    /// Promotional and win-back offers: the identifier an app asks for.
    var offerID: String?
    var paymentMode: StoreKitPaymentMode
    /// Every kind but the introductory offer.
    var referenceName: String?
    /// storefront's own key, which Xcode does not write: the offer's price per storefront,
    /// as a product's `storefrontPrices` (`displayPrice` is then the others').
    var storefrontPrices: [String: String]?
    /// One period of the offer, "P1W".
    var subscriptionPeriod: String

    init(billingPlanType: String? = nil, displayPrice: String?, eligibility: [String]? = nil, internalID: String?,
         isStackable: Bool? = nil, numberOfPeriods: Int?, offerID: String?, paymentMode: StoreKitPaymentMode,
         referenceName: String?, storefrontPrices: [String: String]? = nil, subscriptionPeriod: String) {
        self.billingPlanType = billingPlanType
        self.displayPrice = displayPrice
        self.eligibility = eligibility
        self.internalID = internalID
        self.isStackable = isStackable
        self.numberOfPeriods = numberOfPeriods
        self.offerID = offerID
        self.paymentMode = paymentMode
        self.referenceName = referenceName
        self.storefrontPrices = storefrontPrices
        self.subscriptionPeriod = subscriptionPeriod
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        billingPlanType = try c.decodeIfPresent(String.self, forKey: .billingPlanType)
        displayPrice = try c.decodeIfPresent(String.self, forKey: .displayPrice)
        eligibility = try c.decodeIfPresent([String].self, forKey: .eligibility)
        internalID = try c.decodeIfPresent(String.self, forKey: .internalID)
        isStackable = try c.decodeIfPresent(Bool.self, forKey: .isStackable)
        numberOfPeriods = try c.decodeWholeNumber(forKey: .numberOfPeriods)
        offerID = try c.decodeIfPresent(String.self, forKey: .offerID)
        paymentMode = try c.decode(StoreKitPaymentMode.self, forKey: .paymentMode)
        referenceName = try c.decodeIfPresent(String.self, forKey: .referenceName)
        storefrontPrices = try c.decodeIfPresent([String: String].self, forKey: .storefrontPrices)
        subscriptionPeriod = try c.decode(String.self, forKey: .subscriptionPeriod)
    }
}

/// Version 5: a way of paying for a subscription (at once for its whole period, or monthly
/// across a commitment).
struct StoreKitBillingPlan: Codable, Sendable, Equatable {
    /// "BILLED_UPFRONT", "MONTHLY".
    var billingPlanType: String
    /// What the whole commitment costs.
    var commitmentDisplayPrice: String?
    /// What one billing period costs.
    var displayPrice: String
    var internalID: String?
    var isEnabled: Bool
    /// storefront's own key, as a product's: a plan priced per storefront (storefront's catalog format).
    var storefrontPrices: [String: String]?

    init(billingPlanType: String, commitmentDisplayPrice: String?, displayPrice: String, internalID: String?, isEnabled: Bool,
         storefrontPrices: [String: String]? = nil) {
        self.billingPlanType = billingPlanType
        self.commitmentDisplayPrice = commitmentDisplayPrice
        self.displayPrice = displayPrice
        self.internalID = internalID
        self.isEnabled = isEnabled
        self.storefrontPrices = storefrontPrices
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        billingPlanType = try c.decode(String.self, forKey: .billingPlanType)
        commitmentDisplayPrice = try c.decodeIfPresent(String.self, forKey: .commitmentDisplayPrice)
        displayPrice = try c.decode(String.self, forKey: .displayPrice)
        internalID = try c.decodeIfPresent(String.self, forKey: .internalID)
        isEnabled = try c.decodeIfPresent(Bool.self, forKey: .isEnabled) ?? true
        storefrontPrices = try c.decodeIfPresent([String: String].self, forKey: .storefrontPrices)
    }

    static let billedUpFront = "BILLED_UPFRONT"
}
