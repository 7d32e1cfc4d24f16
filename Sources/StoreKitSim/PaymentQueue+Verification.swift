import AppStoreCore
import Foundation

/// What the app reads of its transactions comes verified or not (StoreKit 2's
/// `VerificationResult`), by the queue's one `verifier`.
extension PaymentQueue {
    /// `transaction` as the app receives it: verified, or not and why.
    public func verify(_ transaction: Transaction) -> VerificationResult<Transaction> {
        verifier.verify(transaction, failingWith: records.settings.failures[.verification])
    }

    /// The signed-in account's completed purchases of `productIDs` that stand (not revoked),
    /// from the whole history, family-shared ones included, each as the app receives it:
    /// StoreKit 2's `Transaction.currentEntitlements`, with the consumables' purchases of
    /// `Transaction.all`. None while nobody is signed in.
    public func purchases(of productIDs: Set<String>) throws -> [VerificationResult<Transaction>] {
        guard let account = records.settings.account else { return [] }
        return try store.storage.purchases(of: account, productIDs: productIDs).map(verify)
    }
}
