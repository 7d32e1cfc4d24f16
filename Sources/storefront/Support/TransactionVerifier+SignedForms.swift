import AppStoreCore
import AppStoreSigning
import Foundation
import StoreKitSim

extension TransactionVerifier {
    /// The sample app's check of what it receives (StoreKit 2's `VerificationResult`): each
    /// completed transaction's signed form, as the store keeps it, verified against the data
    /// directory's root. A form that does not verify (damaged in store.sqlite, or not this
    /// transaction's) is `invalidSignature`; one still on its way has no form to check.
    static func signedForms(_ signing: SessionSigning) -> TransactionVerifier {
        TransactionVerifier(prepare: { batch in
            // The batch's new forms signed and kept in one write; a failure here is found again,
            // transaction by transaction, by the check.
            _ = try? signing.forms().transactions(batch)
        }) { t in
            guard t.hasSignedForm else { return nil }
            do {
                let forms = try signing.forms()
                guard let jws = try forms.transaction(t) else { return nil }
                let verified = try JWSVerifier(trustedRoot: forms.signer.identity.root).verify(Data(jws.utf8))
                let payload = try JSONSerialization.jsonObject(with: verified.payload) as? [String: Any]
                return payload?["transactionId"] as? String == t.id ? nil : .invalidSignature
            } catch {
                return .invalidSignature
            }
        }
    }
}
