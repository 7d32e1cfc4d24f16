import Foundation
import AppStoreCore

/// A stored event (`StoreEvent`), as `events --json` gives it: prices as decimal strings, the
/// transaction and subscription status as the change left them in the shapes `state --json` and
/// `subscriptions --json` give (a notification's signed transaction and renewal info).
package struct StoreEventPayload: Encodable {
    package var id: Int64
    package var date: Date
    package var kind: StoreEventKind
    package var account: String?
    package var productID: String?
    package var transactionID: String?
    package var originalTransactionID: String?
    package var details: Details
    /// The transaction as the change that made the event left it.
    package var transaction: TransactionPayload?
    /// The subscription's status and renewal info as that change left them, without a
    /// transaction of its own: the event keeps only the one it names (`transaction`).
    package var subscription: SubscriptionStatusPayload?

    package struct Details: Encodable {
        package var expirationReason: ExpirationReason?
        package var fromProductID: String?
        package var toProductID: String?
        package var planChange: PlanChange?
        package var gracePeriodExpiresDate: Date?
        package var expiresDate: Date?
        package var price: String?
        package var currency: String?
        package var storefront: String?
        package var refundedAmount: String?
        package var error: ErrorPayload?
        package var revocationReason: RevocationReason?
        package var revocationType: RevocationType?
        package var revocationPercentage: Int?
        package var refundRequestReason: RefundRequestReason?
        /// `subscribed`: initialBuy or resubscribe.
        package var subtype: StoreEventSubtype?
    }

    package init(_ e: StoreEvent) {
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
            refundedAmount: d.refundedAmount.map { "\($0)" }, error: d.error.map(ErrorPayload.init),
            revocationReason: d.revocationReason, revocationType: d.revocationType, revocationPercentage: d.revocationPercentage,
            refundRequestReason: d.refundRequestReason, subtype: d.subtype)
        transaction = e.transaction.map(TransactionPayload.init)
        subscription = e.subscription.map { SubscriptionStatusPayload($0, transaction: nil, nextRenewal: e.renewal) }
    }
}
