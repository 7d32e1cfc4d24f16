import Foundation

/// The App Store's answer to a plan-change request (`Transaction.isPlanChangeRequest`): the
/// subscription goes on as it is until `date`, then renews as `productID`. No transaction is
/// made and nothing is charged, as StoreKit 2's `purchase()` returns for a downgrade with no
/// new transaction for the app to finish; the renewal info says it (`autoRenewPreference`).
public struct ScheduledPlanChange: Equatable, Sendable {
    /// The request it answers: the payment whose purchase sheet waits for it.
    public var requestID: String
    public var account: String?
    /// The plan the next renewal is for.
    public var productID: String
    /// The plan that goes on until then.
    public var currentProductID: String
    /// downgrade, or crossgrade (another period); nil when the plan one has was bought back,
    /// calling off the change that waited.
    public var kind: PlanChange?
    /// When it takes effect: the current period's end, the next renewal.
    public var date: Date
    /// The subscription's status and renewal info as the answer left them.
    public var renewalInfo: SubscriptionStatus

    /// The answer a store event keeps (`autoRenewEnabled` or `renewalPreferenceChanged` naming
    /// no transaction, the request's answer in it); nil for any other event.
    public init?(answeredBy event: StoreEvent, catalog: Catalog) {
        guard event.kind == .renewalPreferenceChanged || event.kind == .autoRenewEnabled, event.transactionID == nil,
              let answer = event.transaction, let status = event.subscription else { return nil }
        requestID = answer.id
        account = event.account
        productID = answer.productID
        currentProductID = status.productID
        kind = catalog.product(status.productID).flatMap { plan in
            catalog.product(answer.productID).flatMap { SubscriptionLifecycle.planChange(from: plan, to: $0) }
        }
        date = status.expiresDate
        renewalInfo = status
    }

    /// Whether it calls off a change that waited: the plan one has renews as it is.
    public var callsOff: Bool { productID == currentProductID }
}
