import AppStoreCore

/// How the queue checks transactions before the app reads them: the one place every
/// `VerificationResult` the app receives is made (`PaymentQueue.verify`). `check` is the
/// signature's check (the storefront's: each signed form against the data directory's chain);
/// the error chosen for the Verification API is applied on top of it, as Xcode fails
/// verification on demand.
public struct TransactionVerifier: Sendable {
    /// Why each transaction's signed form does not verify (nil: it does), in order: a batch
    /// the app reads at once is checked at once. Throws when nothing can be checked (what
    /// the forms are checked against cannot be read).
    public var check: @Sendable ([Transaction]) throws -> [VerificationErrorCode?]

    public init(checkingBatch check: @escaping @Sendable ([Transaction]) throws -> [VerificationErrorCode?]) {
        self.check = check
    }

    /// A check of one transaction at a time.
    public init(check: @escaping @Sendable (Transaction) -> VerificationErrorCode?) {
        self.init(checkingBatch: { $0.map(check) })
    }

    /// No signature to check: whatever the store holds verifies.
    public static let trustingTheStore = TransactionVerifier { _ in nil }

    /// `transactions` as the app receives them, given the error chosen for Verification, if any.
    public func verify(_ transactions: [Transaction], failingWith chosen: APIError?) throws -> [VerificationResult<Transaction>] {
        if case .verification(let code)? = chosen { return transactions.map { .unverified($0, code) } }
        return zip(transactions, try check(transactions)).map { t, code in code.map { .unverified(t, $0) } ?? .verified(t) }
    }
}
