import Foundation

/// What a subscription's next renewal charges: the plan, the price where it is sold, and the
/// offer it goes on with, if any (a pay-as-you-go offer's next period).
public struct RenewalTerms: Codable, Equatable, Sendable {
    public var productID: String
    /// nil when the plan is not for sale there.
    public var price: Decimal?
    public var currency: String
    public var offer: TransactionOffer?
    /// The offer's period, which the renewal runs for instead of the plan's.
    public var offerPeriod: SubscriptionPeriod?
    /// How many renewals, this one included, the offer goes on for at its price: the plan's
    /// price follows them.
    public var offerPeriodsLeft: Int?
    /// A monthly plan's month: "MONTHLY", and the end of the commitment it is a month of.
    public var billingPlanType: String?
    public var commitmentExpiresDate: Date?
    /// A subscription with a commitment: what follows it when it ends.
    public var commitmentRenewal: CommitmentRenewal?

    public init(productID: String, price: Decimal?, currency: String, offer: TransactionOffer? = nil,
                offerPeriod: SubscriptionPeriod? = nil, offerPeriodsLeft: Int? = nil,
                billingPlanType: String? = nil, commitmentExpiresDate: Date? = nil) {
        self.productID = productID
        self.price = price
        self.currency = currency
        self.offer = offer
        self.offerPeriod = offerPeriod
        self.offerPeriodsLeft = offerPeriodsLeft
        self.billingPlanType = billingPlanType
        self.commitmentExpiresDate = commitmentExpiresDate
    }

    /// What the renewals at the offer's price come to, as one period: two left of P1M are P2M.
    public var offerPeriodLeft: SubscriptionPeriod? {
        guard let offerPeriod, let offerPeriodsLeft else { return nil }
        return SubscriptionPeriod(value: offerPeriod.value * offerPeriodsLeft, unit: offerPeriod.unit)
    }
}

/// What a commitment renews to at its end (the Server API's `RenewalCommitmentInfo`): the plan
/// auto-renew names, billed monthly again where it sells a monthly plan, and what that costs
/// in all (a new commitment's total, or the price at once).
public struct CommitmentRenewal: Codable, Equatable, Sendable {
    public var productID: String
    /// "MONTHLY" or "BILLED_UPFRONT".
    public var billingPlanType: String
    public var price: Decimal?

    public init(productID: String, billingPlanType: String, price: Decimal?) {
        self.productID = productID
        self.billingPlanType = billingPlanType
        self.price = price
    }
}
