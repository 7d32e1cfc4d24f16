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
    /// A chain that passed the chain check already, as its `x5c` entries carry it.
    private let checked: CheckedChain?

    public init(trustedRoot: Certificate) {
        self.trustedRoot = trustedRoot
        checked = nil
    }

    /// A verifier of what `identity` signs, as a device checks the App Store's data again and
    /// again: its chain checked once, here, so a JWS whose `x5c` is that chain byte for byte is
    /// not checked as X.509 again (its signature, payload and signed date still are). Any other
    /// chain is checked in full, as by `init(trustedRoot:)`.
    public init(trusting identity: SigningIdentity) throws(JWSFailure) {
        if let problem = ChainCheck.failure(leaf: identity.leaf, intermediate: identity.intermediate, root: identity.root) {
            throw .chain(problem)
        }
        trustedRoot = identity.root
        checked = CheckedChain(header: JWSSigner(identity: identity).header,
                               x5c: identity.chain.map { Data($0.derBytes).base64EncodedString() }, certificates: identity.chain)
    }

    private struct CheckedChain: Sendable {
        /// The encoded header its signer writes: the same text is that chain, not read again.
        var header: Substring
        var x5c: [String]
        var certificates: [Certificate]

        init(header: String, x5c: [String], certificates: [Certificate]) {
            self.header = Substring(header)
            self.x5c = x5c
            self.certificates = certificates
        }
    }

    public func verify(_ bytes: Data) throws(JWSFailure) -> VerifiedJWS {
        guard bytes.count <= Self.maximumBytes else { throw .tooLarge(limit: Self.maximumBytes) }
        // Surrounding whitespace (a file's last newline) is not part of it; trimmed only when
        // there is some, as trimming copies the text.
        let decoded = String(decoding: bytes, as: UTF8.self)
        let ends = [decoded.unicodeScalars.first, decoded.unicodeScalars.last].compactMap { $0 }
        let text = ends.contains(where: CharacterSet.whitespacesAndNewlines.contains)
            ? decoded.trimmingCharacters(in: .whitespacesAndNewlines) : decoded
        // Split as bytes: splitting as characters is most of the cost of a JWS's few KiB.
        let parts = text.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).map { Substring($0) }
        guard parts.count == 3 else { throw .notThreeParts(found: parts.count) }
        // The checked chain's own header (ES256 and that x5c, as its signer writes it) is
        // neither decoded nor read again: most of a JWS's bytes, for every one verified.
        let knownChain = checked.flatMap { parts[0] == $0.header ? $0.certificates : nil }
        guard let headerBytes = knownChain == nil ? Base64URL.decode(parts[0]) : Data() else { throw .notBase64URL(part: "header") }
        guard let payload = Base64URL.decode(parts[1]) else { throw .notBase64URL(part: "payload") }
        guard let signatureBytes = Base64URL.decode(parts[2]) else { throw .notBase64URL(part: "signature") }

        let chain: [Certificate]
        let isChecked: Bool
        if let knownChain {
            (chain, isChecked) = (knownChain, true)
        } else {
            (chain, isChecked) = try self.chain(fromHeader: headerBytes)
        }
        if !isChecked {
            if let problem = ChainCheck.failure(leaf: chain[0], intermediate: chain[1], root: chain[2]) { throw .chain(problem) }
            guard chain[2].derBytes == trustedRoot.derBytes else { throw .untrustedRoot }
        }
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

    /// The header's `x5c`, after its `alg` is ES256: three certificates, leaf first, and
    /// whether they are the chain checked already.
    private func chain(fromHeader bytes: Data) throws(JWSFailure) -> (chain: [Certificate], isChecked: Bool) {
        guard let header = Self.object(bytes) else { throw .headerNotJSON }
        guard let alg = header["alg"] as? String, alg == "ES256" else {
            throw .algorithm(header["alg"].map { ($0 as? String) ?? "\($0)" })
        }
        guard let x5c = header["x5c"] as? [Any] else { throw .x5cMissing }
        guard x5c.count == 3 else { throw .x5cCount(x5c.count) }
        if let checked, x5c as? [String] == checked.x5c { return (checked.certificates, true) }
        var chain: [Certificate] = []
        for (entry, which) in zip(x5c, ["leaf", "intermediate", "root"]) {
            guard let text = entry as? String, let der = Data(base64Encoded: text),
                  let certificate = try? Certificate(derEncoded: Array(der)) else { throw .certificateDoesNotParse(which) }
            chain.append(certificate)
        }
        return (chain, false)
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
