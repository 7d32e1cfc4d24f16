import AppStoreCore
import Foundation

/// What the app reads of its transactions comes verified or not (StoreKit 2's
/// `VerificationResult`), by the queue's one `verifier`.
extension PaymentQueue {
    /// Readies the verifier for `transactions`, which the app is about to read one by one.
    public func prepareVerification(of transactions: [Transaction]) {
        verifier.prepare(transactions)
    }

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

    /// The signed-in account's purchases deleted from the history (Xcode's Transaction
    /// Manager), as their deletions' events keep them: gone from the store, with no signed form
    /// left, though the app keeps what it delivered of them.
    public func deletedPurchases() throws -> [Transaction] {
        guard let account = records.settings.account else { return [] }
        return try store.storage.revocations(of: account, after: 0).events
            .filter { $0.kind == .transactionDeleted }
            .compactMap(\.transaction)
            .filter { $0.queueState.state == .purchased && !$0.isRevoked }
    }
}
