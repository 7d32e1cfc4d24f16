import Foundation
import AppStoreCore

/// A subscription's renewal info as the App Store signs it: the App Store Server API's
/// `JWSRenewalInfoDecodedPayload`, with Apple's names and types. What the status lacks is
/// left out, never null.
package struct JWSRenewalInfoPayload: Encodable, Equatable, Sendable {
    package var originalTransactionId: String
    /// The plan the next renewal is for.
    package var autoRenewProductId: String
    /// The plan the subscriber has now.
    package var productId: String
    /// 1 on, 0 off.
    package var autoRenewStatus: Int
    package var expirationIntent: Int?
    package var isInBillingRetryPeriod: Bool
    package var gracePeriodExpiresDate: Int64?
    package var priceIncreaseStatus: Int?
    package var recentSubscriptionStartDate: Int64
    package var renewalDate: Int64?
    /// What the next renewal charges, in milliunits of `currency`.
    package var renewalPrice: Int64?
    package var currency: String?
    /// The offer the next renewal goes on with.
    package var offerType: Int?
    package var offerIdentifier: String?
    package var offerDiscountType: String?
    package var offerPeriod: String?
    /// A plan with a commitment: how the next period is billed ("MONTHLY", or "BILLED_UPFRONT"
    /// after a commitment that gives way to the price at once), and the commitment's renewal.
    package var renewalBillingPlanType: String?
    package var commitmentInfo: RenewalCommitmentInfoPayload?
    /// The win-back offers the customer may have, best first; left out when none.
    package var eligibleWinBackOfferIds: [String]?
    package var environment: String
    package var signedDate: Int64
    package var appAccountToken: String?
    package var appTransactionId: String

    /// `status` as signed for `context`: `nextRenewal` is what the next renewal charges
    /// (`StoreWorkingSet.nextRenewal(of:catalog:)`), `latest` the transaction that paid the
    /// current period, whose payment's application username gives the `appAccountToken`.
    package init(_ status: SubscriptionStatus, nextRenewal: RenewalTerms?, latest: Transaction?, context: SigningContext,
                 eligibleWinBackOfferIDs: [String] = []) {
        eligibleWinBackOfferIds = eligibleWinBackOfferIDs.isEmpty ? nil : eligibleWinBackOfferIDs
        originalTransactionId = status.originalTransactionID
        autoRenewProductId = status.autoRenewProductID
        productId = status.productID
        // Within a commitment the next month is billed whatever auto-renew says: the
        // subscriber's choice is the commitment's (`commitmentInfo`).
        autoRenewStatus = status.renewsAtPeriodEnd ? 1 : 0
        expirationIntent = status.expirationReason?.serverValue
        isInBillingRetryPeriod = status.isInBillingRetry
        gracePeriodExpiresDate = status.gracePeriodExpiresDate?.millisecondsSince1970
        priceIncreaseStatus = status.priceIncreaseStatus.serverValue
        recentSubscriptionStartDate = status.recentSubscriptionStartDate.millisecondsSince1970
        renewalDate = status.renewalDate?.millisecondsSince1970
        renewalPrice = nextRenewal?.price?.milliunits
        currency = nextRenewal?.currency
        offerType = nextRenewal?.offer?.type.serverValue
        offerIdentifier = nextRenewal?.offer?.id
        offerDiscountType = nextRenewal?.offer?.paymentMode.offerDiscountType
        offerPeriod = nextRenewal?.offer?.totalPeriod?.description
        // Only while the subscription is in a commitment.
        if status.commitmentExpiresDate != nil, status.isLive {
            renewalBillingPlanType = nextRenewal?.billingPlanType ?? BillingPlan.billedUpFront
            commitmentInfo = nextRenewal?.commitmentRenewal.map { RenewalCommitmentInfoPayload($0, status: status) }
        }
        environment = context.environment.serverName
        signedDate = context.signedDate.millisecondsSince1970
        appAccountToken = latest?.appAccountToken?.uuidString.lowercased()
        appTransactionId = AppTransactionID.of(account: status.account, bundleID: context.bundleID)
    }
}

/// The Server API's `RenewalCommitmentInfo`: what the commitment renews to at its end, and
/// whether it does (the subscriber's auto-renew).
package struct RenewalCommitmentInfoPayload: Encodable, Equatable, Sendable {
    package var commitmentAutoRenewProductId: String
    /// 1 on, 0 off.
    package var commitmentAutoRenewStatus: Int
    package var commitmentRenewalBillingPlanType: String
    /// The commitment's end, while it renews then.
    package var commitmentRenewalDate: Int64?
    /// What the next commitment costs in all, in milliunits.
    package var commitmentRenewalPrice: Int64?

    package init(_ renewal: CommitmentRenewal, status: SubscriptionStatus) {
        commitmentAutoRenewProductId = renewal.productID
        commitmentAutoRenewStatus = status.willAutoRenew ? 1 : 0
        commitmentRenewalBillingPlanType = renewal.billingPlanType
        commitmentRenewalDate = status.willAutoRenew && status.isLive ? status.commitmentExpiresDate?.millisecondsSince1970 : nil
        commitmentRenewalPrice = renewal.price?.milliunits
    }
}
