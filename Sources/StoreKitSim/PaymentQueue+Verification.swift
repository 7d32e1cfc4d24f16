import AppStoreCore
import Foundation

/// What the app reads of its transactions comes verified or not (StoreKit 2's
/// `VerificationResult`), by the queue's one `verifier`.
extension PaymentQueue {
    /// `transactions` as the app receives them, verified or not and why, checked at once (one
    /// read of their signed forms). Throws when they cannot be checked at all.
    public func verify(_ transactions: [Transaction]) throws -> [VerificationResult<Transaction>] {
        try verifier.verify(transactions, failingWith: records.settings.failures[.verification])
    }

    /// One transaction as the app receives it: a check that cannot be made at all leaves it
    /// unverified, as nothing vouches for it (`invalidCertificateChain`).
    public func verify(_ transaction: Transaction) -> VerificationResult<Transaction> {
        (try? verify([transaction]))?.first ?? .unverified(transaction, .invalidCertificateChain)
    }

    /// The signed-in account's completed purchases of `productIDs` that stand (not revoked),
    /// from the whole history, family-shared ones included, each as the app receives it:
    /// StoreKit 2's `Transaction.currentEntitlements`, with the consumables' purchases of
    /// `Transaction.all`. None while nobody is signed in.
    public func purchases(of productIDs: Set<String>) throws -> [VerificationResult<Transaction>] {
        guard let account = records.settings.account else { return [] }
        return try verify(try store.storage.purchases(of: account, productIDs: productIDs))
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
