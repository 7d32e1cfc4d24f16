import Foundation
import StoreKitSim

/// A subscription group and the account's status in it, as `subscriptions --json` and
/// `state --json` give it (documented in docs/command-line.md).
struct SubscriptionGroupJSON: Encodable {
    var groupID: String
    var groupName: String
    /// The group's plans, highest level first.
    var products: [String]
    /// nil: the account never subscribed in this group.
    var status: SubscriptionStatusJSON?
}

/// StoreKit 2's `Product.SubscriptionInfo.Status`: the state, the renewal info and the
/// latest transaction.
struct SubscriptionStatusJSON: Encodable {
    var state: RenewalState
    /// Whether it gives access now (`RenewalState.givesAccess`), and until when as things stand.
    var givesAccess: Bool
    var accessEndDate: Date?
    /// `familyShared`: a family member's subscription, shared with the account; nil: its own.
    var ownershipType: OwnershipType?
    var renewalInfo: RenewalInfoJSON
    /// The transaction that paid for the current (or last) period.
    var transaction: TransactionJSON?

    init(_ status: SubscriptionStatus, transaction: Transaction?) {
        state = status.state
        givesAccess = status.givesAccess
        accessEndDate = status.accessEndDate
        ownershipType = status.ownershipType
        renewalInfo = RenewalInfoJSON(status)
        self.transaction = transaction.map(TransactionJSON.init)
    }
}

/// StoreKit 2's `Product.SubscriptionInfo.RenewalInfo`.
struct RenewalInfoJSON: Encodable {
    var originalTransactionID: String
    /// The plan the subscriber has now.
    var currentProductID: String
    var willAutoRenew: Bool
    /// The plan the next renewal is for.
    var autoRenewPreference: String
    var expirationReason: ExpirationReason?
    var isInBillingRetry: Bool
    var gracePeriodExpirationDate: Date?
    var priceIncreaseStatus: PriceIncreaseStatus
    var renewalDate: Date?
    var recentSubscriptionStartDate: Date
    /// The end of the period paid for.
    var expirationDate: Date
    /// In billing retry: since when the store retries (it gives up 60 days on).
    var billingRetryStartDate: Date?

    init(_ s: SubscriptionStatus) {
        originalTransactionID = s.originalTransactionID
        currentProductID = s.productID
        willAutoRenew = s.willAutoRenew
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

/// A stored event (`StoreEvent`), as `events --json` gives it: prices as decimal strings.
struct StoreEventJSON: Encodable {
    var id: Int64
    var date: Date
    var kind: StoreEventKind
    var account: String?
    var productID: String?
    var transactionID: String?
    var originalTransactionID: String?
    var details: Details

    struct Details: Encodable {
        var expirationReason: ExpirationReason?
        var fromProductID: String?
        var toProductID: String?
        var planChange: PlanChange?
        var gracePeriodExpiresDate: Date?
        var expiresDate: Date?
        var price: String?
        var currency: String?
        var storefront: String?
        var refundedAmount: String?
        var error: ErrorJSON?
        var revocationReason: RevocationReason?
        var revocationType: RevocationType?
        var revocationPercentage: Int?
        var refundRequestReason: RefundRequestReason?
        /// `subscribed`: initialBuy or resubscribe.
        var subtype: StoreEventSubtype?
    }

    init(_ e: StoreEvent) {
        id = e.id
        date = e.date
        kind = e.kind
        account = e.account
        productID = e.productID
        transactionID = e.transactionID
        originalTransactionID = e.originalTransactionID
        let d = e.details
        details = Details(
            expirationReason: d.expirationReason, fromProductID: d.fromProductID, toProductID: d.toProductID,
            planChange: d.planChange, gracePeriodExpiresDate: d.gracePeriodExpiresDate, expiresDate: d.expiresDate,
            price: d.price.map { "\($0)" }, currency: d.currency, storefront: d.storefront,
            refundedAmount: d.refundedAmount.map { "\($0)" }, error: d.error.map(ErrorJSON.init),
            revocationReason: d.revocationReason, revocationType: d.revocationType, revocationPercentage: d.revocationPercentage,
            refundRequestReason: d.refundRequestReason, subtype: d.subtype)
    }
}
