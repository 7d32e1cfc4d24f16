import AppStoreCore

/// How the queue checks a transaction before the app reads it: the one place every
/// `VerificationResult` the app receives is made (`PaymentQueue.verify`). `check` is the
/// signature's check (none yet: every transaction verifies); the error chosen for the
/// Verification API is applied on top of it, as Xcode fails verification on demand.
public struct TransactionVerifier: Sendable {
    /// Why `transaction`'s signed form does not verify; nil when it does.
    public var check: @Sendable (Transaction) -> VerificationErrorCode?
    /// Readies the check for a batch the app is about to read (a signature check fetches or
    /// signs their forms in one write, not one write each).
    public var prepare: @Sendable ([Transaction]) -> Void

    public init(prepare: @escaping @Sendable ([Transaction]) -> Void = { _ in },
                check: @escaping @Sendable (Transaction) -> VerificationErrorCode?) {
        self.prepare = prepare
        self.check = check
    }

    /// No signature to check: whatever the store holds verifies.
    public static let trustingTheStore = TransactionVerifier { _ in nil }

    /// `transaction` as the app receives it, given the error chosen for Verification, if any.
    public func verify(_ transaction: Transaction, failingWith chosen: APIError?) -> VerificationResult<Transaction> {
        if case .verification(let code)? = chosen { return .unverified(transaction, code) }
        if let code = check(transaction) { return .unverified(transaction, code) }
        return .verified(transaction)
    }
}
