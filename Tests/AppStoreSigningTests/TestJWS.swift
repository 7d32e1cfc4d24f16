import Crypto
import Foundation
import X509
@testable import AppStoreSigning

/// JWS made by hand, for what the signer never makes: another header, a part changed.
enum TestJWS {
    static let payload = Data(#"{"bundleId":"com.example.storefront","environment":"Sandbox","signedDate":1893488400000,"transactionId":"1000000001"}"#.utf8)

    /// A JWS whose header is `header` (as JSON), signed by `key`.
    static func make(header: [String: Any], payload: Data = payload, key: P256.Signing.PrivateKey) throws -> String {
        let headerData = try JSONSerialization.data(withJSONObject: header)
        let input = Base64URL.encode(headerData) + "." + Base64URL.encode(payload)
        let signature = try key.signature(for: Data(input.utf8))
        return input + "." + Base64URL.encode(signature.rawRepresentation)
    }

    static func x5c(_ certificates: [Certificate]) -> [String] {
        certificates.map { Data($0.derBytes).base64EncodedString() }
    }

    /// The JWS with the byte at `offset` of the decoded `part` (0 header, 1 payload, 2 signature)
    /// changed, encoded again.
    static func flipping(_ jws: String, part: Int, offset: Int) -> String {
        var parts = jws.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        var bytes = [UInt8](Base64URL.decode(Substring(parts[part]))!)
        bytes[offset] ^= 0x01
        parts[part] = Base64URL.encode(bytes)
        return parts.joined(separator: ".")
    }
}

/// A seeded generator, so a fuzz failure can be run again.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
