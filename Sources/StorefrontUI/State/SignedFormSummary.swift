import Foundation
import AppStoreCore

/// A transaction's signed form as the Transaction Manager shows it: what its header says,
/// when it was signed, its size, and the file it was written to, for a tool (or
/// `storefront verify`) to read whole; the JWS is longer than a screen.
public struct SignedFormSummary: Equatable, Sendable {
    public var transactionID: String
    /// The header's `alg`: ES256.
    public var algorithm: String
    /// The `x5c` chain's subjects' common names, leaf first.
    public var chain: [String]
    public var signedDate: Date
    /// The compact JWS's length in bytes.
    public var size: Int
    /// Where it was written.
    public var path: String
    /// The compact JWS itself.
    public var jws: String

    public init(transactionID: String, algorithm: String, chain: [String], signedDate: Date, size: Int, path: String, jws: String) {
        self.transactionID = transactionID
        self.algorithm = algorithm
        self.chain = chain
        self.signedDate = signedDate
        self.size = size
        self.path = path
        self.jws = jws
    }
}

/// Where the runtime gets a transaction's signed form (`Effect.showSignedForm`): the data
/// directory's chain and the store's signed forms, which the storefront's wiring knows.
public protocol SignedFormSource: AnyObject {
    /// The signed form of `t` (signed now if its facts never were), written to a file.
    func signedForm(of t: Transaction) throws -> SignedFormSummary
}
