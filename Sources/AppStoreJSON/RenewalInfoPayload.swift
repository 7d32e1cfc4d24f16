import Foundation
import AppStoreCore

/// StoreKit 2's `Product.SubscriptionInfo.RenewalInfo`, the App Store Server API's
/// `JWSRenewalInfoDecodedPayload`, under StoreKit's names.
package struct RenewalInfoPayload: Encodable {
    package var originalTransactionID: String
    /// The plan the subscriber has now.
    package var currentProductID: String
    package var willAutoRenew: Bool
    /// The plan the next renewal is for.
    package var autoRenewPreference: String
    package var expirationReason: ExpirationReason?
    package var isInBillingRetry: Bool
    package var gracePeriodExpirationDate: Date?
    package var priceIncreaseStatus: PriceIncreaseStatus
    package var renewalDate: Date?
    package var recentSubscriptionStartDate: Date
    /// The end of the period paid for.
    package var expirationDate: Date
    /// In billing retry: since when the store retries (it gives up 60 days on).
    package var billingRetryStartDate: Date?
    /// What the next renewal charges, a decimal string as every price here, in `currency`
    /// (the Server API's `renewalPrice` in milliunits); nil where the records were not read
    /// (a store event's status) or the plan is not for sale.
    package var renewalPrice: String?
    package var currency: String?
    /// The offer the next renewal goes on with (a pay-as-you-go offer's next period): its
    /// type (introductory, promotional, code) and, but for an introductory one, its id.
    package var offerType: String?
    package var offerIdentifier: String?
    /// That offer's payment mode under the Server API's name (PAY_AS_YOU_GO) and its whole
    /// length, ISO 8601 (P3M for three monthly periods), as `JWSRenewalInfoDecodedPayload` has them.
    package var offerDiscountType: String?
    package var offerPeriod: String?
    /// A plan with a commitment: how the next period is billed ("MONTHLY"), when the
    /// commitment ends, and what it renews to then (`commitmentWillAutoRenew`: the
    /// subscriber's auto-renew, while `willAutoRenew` says the next month is billed).
    package var renewalBillingPlanType: String?
    package var commitmentExpirationDate: Date?
    package var commitmentWillAutoRenew: Bool?
    package var commitmentAutoRenewPreference: String?
    package var commitmentRenewalBillingPlanType: String?
    package var commitmentRenewalPrice: String?
    /// The win-back offers the subscriber may have now, best first; left out when none
    /// (`StoreWorkingSet.eligibleWinBackOffers`).
    package var eligibleWinBackOfferIDs: [String]?

    package init(_ s: SubscriptionStatus, nextRenewal: RenewalTerms? = nil, eligibleWinBackOfferIDs: [String] = []) {
        self.eligibleWinBackOfferIDs = eligibleWinBackOfferIDs.isEmpty ? nil : eligibleWinBackOfferIDs
        renewalPrice = nextRenewal?.price.map { "\($0)" }
        currency = nextRenewal?.currency
        offerType = nextRenewal?.offer?.type.rawValue
        offerIdentifier = nextRenewal?.offer?.id
        offerDiscountType = nextRenewal?.offer?.paymentMode.offerDiscountType
        offerPeriod = nextRenewal?.offer?.totalPeriod?.description
        originalTransactionID = s.originalTransactionID
        currentProductID = s.productID
        willAutoRenew = s.renewsAtPeriodEnd
        if let end = s.commitmentExpiresDate, s.isLive {
            renewalBillingPlanType = nextRenewal?.billingPlanType ?? BillingPlan.billedUpFront
            commitmentExpirationDate = end
            commitmentWillAutoRenew = s.willAutoRenew
            commitmentAutoRenewPreference = nextRenewal?.commitmentRenewal?.productID ?? s.autoRenewProductID
            commitmentRenewalBillingPlanType = nextRenewal?.commitmentRenewal?.billingPlanType
            commitmentRenewalPrice = nextRenewal?.commitmentRenewal?.price.map { "\($0)" }
        }
        autoRenewPreference = s.autoRenewProductID
        expirationReason = s.expirationReason
        isInBillingRetry = s.isInBillingRetry
        gracePeriodExpirationDate = s.gracePeriodExpiresDate
        priceIncreaseStatus = s.priceIncreaseStatus
        renewalDate = s.renewalDate
        recentSubscriptionStartDate = s.recentSubscriptionStartDate
        expirationDate = s.expiresDate
        billingRetryStartDate = s.billingRetryStartDate
    }
}

