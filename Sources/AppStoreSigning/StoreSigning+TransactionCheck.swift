import AppStoreCore
import Foundation

/// The sample app's check of the transactions it reads, as StoreKit 2 makes a
/// `VerificationResult`: each completed transaction's signed form, as the store keeps it (signed
/// now if it never was), verified against the data directory's root, its payload naming that
/// transaction. A damaged form is not verified, with the `VerificationErrorCode` a device
/// would be told (a changed signature: `invalidSignature`); a form that is not this
/// transaction's, `invalidSignature` too. One transaction still on its way has no form to check.
extension StoreSigning {
    /// Why each of `transactions` does not verify, in order (nil: it does). A batch's forms are
    /// read, and any never signed signed and kept, at once. Throws when there is nothing to
    /// check against: the chain (signing.pem) or the store cannot be read.
    public func check(_ transactions: [Transaction]) throws -> [VerificationErrorCode?] {
        guard transactions.contains(where: \.hasSignedForm) else { return transactions.map { _ in nil } }
        let signed = try forms().transactions(transactions)
        let verifier = try verifier()
        return transactions.map { t in signed[t.id].flatMap { Self.failure(of: $0, naming: t.id, verifier) } }
    }

    private static func failure(of jws: String, naming id: String, _ verifier: JWSVerifier) -> VerificationErrorCode? {
        let verified: VerifiedJWS
        do throws(JWSFailure) {
            verified = try verifier.verify(Data(jws.utf8))
        } catch {
            return error.code
        }
        return JWSVerifier.object(verified.payload)?["transactionId"] as? String == id ? nil : .invalidSignature
    }
}
