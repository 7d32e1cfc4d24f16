import AppStoreCore
import AppStoreSigning
import DataFiles
import Foundation
import StorefrontUI

/// The Transaction Manager's signed forms (its `s` key): the transaction's JWS from the store's
/// signed forms, its header read back with the data directory's root, and written whole to
/// `transaction-ID.jws` in the data directory, where a tool or `storefront verify` reads it.
final class SignedFormFiles: SignedFormSource {
    private let session: Session

    init(session: Session) { self.session = session }

    func signedForm(of t: Transaction) throws -> SignedFormSummary {
        let forms = try session.signing.forms()
        // As the store holds it now: a refund since the list was read is in the form signed.
        let current = try session.database.transaction(t.id) ?? t
        guard let jws = try forms.transaction(current) else { throw NotSigned(id: t.id) }
        let verified = try session.signing.verifier().verify(Data(jws.utf8))
        let url = session.directory.url.appendingPathComponent("transaction-\(t.id).jws")
        _ = try AtomicFile.write(Data((jws + "\n").utf8), to: url, durability: session.directory.durability)
        return SignedFormSummary(transactionID: t.id, algorithm: JWSSigner.algorithm, chain: verified.chain.map(\.commonName),
                                 signedDate: verified.signedDate, size: jws.utf8.count, path: url.path, jws: jws)
    }

    /// A transaction the App Store has not completed has no signed form.
    struct NotSigned: Error, CustomStringConvertible {
        var id: String
        var description: String { "transaction \(id) has no signed form: the App Store has not completed it" }
    }
}
