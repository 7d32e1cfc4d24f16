import Crypto
import Foundation
import X509

/// Signs payloads as the App Store signs transactions, renewal infos and app transactions: a
/// compact JWS whose header is `{"alg":"ES256","x5c":[leaf, intermediate, root]}` (standard
/// base64 DER), signed with the leaf's key, the signature raw r‖s (64 bytes).
public struct JWSSigner: Sendable {
    /// The header's `alg`: ECDSA with P-256 and SHA-256, as the App Store signs.
    public static let algorithm = "ES256"
    public let identity: SigningIdentity
    /// The encoded header, the same for every payload: made once.
    let header: String

    public init(identity: SigningIdentity) {
        self.identity = identity
        let x5c = identity.chain.map { Data($0.derBytes).base64EncodedString() }
        let json = #"{"alg":"\#(Self.algorithm)","x5c":["# + x5c.map { "\"\($0)\"" }.joined(separator: ",") + "]}"
        header = Base64URL.encode(Data(json.utf8))
    }

    /// `payload`: the JSON object's bytes, signed as they are.
    public func sign(payload: Data) throws -> String {
        let input = header + "." + Base64URL.encode(payload)
        let signature = try identity.leafKey.signature(for: Data(input.utf8))
        return input + "." + Base64URL.encode(signature.rawRepresentation)
    }
}
