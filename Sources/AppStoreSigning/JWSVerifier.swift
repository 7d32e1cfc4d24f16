import Crypto
import DataFiles
import Foundation
import X509

/// Checks a compact JWS as a backend checks the App Store's: any bytes at all, refused with
/// the part and the check that failed (`JWSFailure`), or accepted as the payload it signs.
public struct JWSVerifier: Sendable {
    /// The App Store's JWS are a few KiB; anything past this is refused unread.
    public static let maximumBytes = 1 << 20

    public let trustedRoot: Certificate

    public init(trustedRoot: Certificate) {
        self.trustedRoot = trustedRoot
    }

    public func verify(_ bytes: Data) throws(JWSFailure) -> VerifiedJWS {
        guard bytes.count <= Self.maximumBytes else { throw .tooLarge(limit: Self.maximumBytes) }
        // Surrounding whitespace (a file's last newline) is not part of it.
        let text = Substring(String(decoding: bytes, as: UTF8.self)).trimmingCharacters(in: .whitespacesAndNewlines)
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw .notThreeParts(found: parts.count) }
        guard let headerBytes = Base64URL.decode(parts[0]) else { throw .notBase64URL(part: "header") }
        guard let payload = Base64URL.decode(parts[1]) else { throw .notBase64URL(part: "payload") }
        guard let signatureBytes = Base64URL.decode(parts[2]) else { throw .notBase64URL(part: "signature") }

        let chain = try Self.chain(fromHeader: headerBytes)
        if let problem = ChainCheck.failure(leaf: chain[0], intermediate: chain[1], root: chain[2]) { throw .chain(problem) }
        guard chain[2].derBytes == trustedRoot.derBytes else { throw .untrustedRoot }
        guard let key = P256.Signing.PublicKey(chain[0].publicKey),
              let signature = try? P256.Signing.ECDSASignature(rawRepresentation: signatureBytes),
              key.isValidSignature(signature, for: Data((parts[0] + "." + parts[1]).utf8)) else { throw .signature }

        guard let object = Self.object(payload) else { throw .payloadNotJSONObject }
        guard let milliseconds = ((object["signedDate"] ?? object["receiptCreationDate"]) as? NSNumber)?.doubleValue else {
            throw .noSignedDate
        }
        let signedDate = Date(timeIntervalSince1970: milliseconds / 1000)
        if let problem = ChainCheck.validityFailure(chain, at: signedDate) { throw .notValidAtSignedDate(problem) }
        return VerifiedJWS(payload: payload, chain: chain, signedDate: signedDate, kind: SignedPayloadKind(of: object))
    }

    /// The header's `x5c`, after its `alg` is ES256: three certificates, leaf first.
    private static func chain(fromHeader bytes: Data) throws(JWSFailure) -> [Certificate] {
        guard let header = object(bytes) else { throw .headerNotJSON }
        guard let alg = header["alg"] as? String, alg == "ES256" else {
            throw .algorithm(header["alg"].map { ($0 as? String) ?? "\($0)" })
        }
        guard let x5c = header["x5c"] as? [Any] else { throw .x5cMissing }
        guard x5c.count == 3 else { throw .x5cCount(x5c.count) }
        var chain: [Certificate] = []
        for (entry, which) in zip(x5c, ["leaf", "intermediate", "root"]) {
            guard let text = entry as? String, let der = Data(base64Encoded: text),
                  let certificate = try? Certificate(derEncoded: Array(der)) else { throw .certificateDoesNotParse(which) }
            chain.append(certificate)
        }
        return chain
    }
}

extension JWSVerifier {
    /// A JSON object, nested no deeper than storefront's files may be (parsing recurses).
    static func object(_ data: Data) -> [String: Any]? {
        guard JSONNesting.firstTooDeep(in: data, limit: DataFileLimits.maximumDepth) == nil else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }
}

/// A JWS that verified: its payload's bytes (a JSON object), the chain that signed it, leaf
/// first, and when it was signed.
public struct VerifiedJWS: Sendable {
    public let payload: Data
    public let chain: [Certificate]
    public let signedDate: Date
    public let kind: SignedPayloadKind
}

/// What a signed payload is, told from its fields as Apple's decoded payloads differ.
public enum SignedPayloadKind: String, Sendable {
    case transaction = "transaction"
    case renewalInfo = "renewal info"
    case appTransaction = "app transaction"
    case unknown = "unknown"

    init(of payload: [String: Any]) {
        if payload["transactionId"] != nil { self = .transaction }
        else if payload["appTransactionId"] != nil || payload["receiptCreationDate"] != nil { self = .appTransaction }
        else if payload["autoRenewStatus"] != nil || payload["autoRenewProductId"] != nil { self = .renewalInfo }
        else { self = .unknown }
    }
}
