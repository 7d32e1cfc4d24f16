import AppStoreCore

/// What the payment queue tells the app, as values: SKPaymentTransactionObserver's callbacks,
/// returned by the call that caused them, in order. Nothing calls back into the app, so the
/// app's handling of one event (finishing a transaction) adds to the list it works through
/// instead of reentering the queue.
public enum PaymentQueueEvent: Equatable, Sendable {
    /// paymentQueue(_:updatedTransactions:), for one transaction: new, or in a new state.
    case updated(Transaction, Arrival)
    /// paymentQueue(_:removedTransactions:): the app finished it.
    case removed(Transaction)
    /// paymentQueueRestoreCompletedTransactionsFinished(_:)
    case restoreFinished
    /// paymentQueue(_:restoreCompletedTransactionsFailedWithError:)
    case restoreFailed(StoreError)
    /// paymentQueue(_:shouldAddStorePayment:for:): an App Store product page started a purchase
    /// (a promoted In-App Purchase). The app continues it by adding the payment, now or once it
    /// is ready; until then the store keeps it waiting.
    case shouldAddStorePayment(PurchaseIntent)
    /// The store's answer to a plan-change request (a downgrade, a crossgrade to another
    /// period, or calling one off): no transaction, the renewal changed, as StoreKit 2's
    /// `purchase()` returns for it. Nothing to deliver or finish.
    case planChanged(ScheduledPlanChange)
    /// paymentQueue(_:didRevokeEntitlementsForProductIdentifiers:), StoreKit 2's
    /// Transaction.updates with a `revocationDate`: the App Store refunded a purchase of the
    /// signed-in account, or Family Sharing took a shared one back. The transaction as it is,
    /// its revocation set.
    case revoked(Transaction)
    /// The App Store deleted a transaction of the signed-in account (Xcode's Transaction
    /// Manager): it no longer stands among the account's entitlements (StoreKit 2's
    /// Transaction.currentEntitlements no longer lists it).
    case deleted(DeletedTransaction)

    /// A refund, a family revocation or a deletion: what takes back what a purchase gave.
    public var isRevocation: Bool {
        switch self {
        case .revoked, .deleted: true
        default: false
        }
    }

    /// How an update reached this run of the app.
    public enum Arrival: Equatable, Sendable {
        /// As it happened.
        case live
        /// The last run left it in the queue: unfinished, still waiting, answered while the
        /// app was closed, or in flight (the store answering after the app stopped).
        case redelivered
        /// A purchase sheet the last run left open, cancelled as this run launched.
        case cancelledAtLaunch
    }
}
