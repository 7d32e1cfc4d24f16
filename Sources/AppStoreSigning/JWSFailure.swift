import AppStoreCore
import Foundation

/// Why a JWS is refused: which part and which check, and StoreKit's `VerificationError` an
/// app is told it as.
public enum JWSFailure: Error, Equatable, Sendable {
    case tooLarge(limit: Int)
    case notThreeParts(found: Int)
    case notBase64URL(part: String)
    case headerNotJSON
    case algorithm(String?)
    case x5cMissing
    case x5cCount(Int)
    case certificateDoesNotParse(String)
    case chain(String)
    case untrustedRoot
    case signature
    case payloadNotJSONObject
    case noSignedDate
    case notValidAtSignedDate(String)

    /// What a StoreKit app would be told.
    public var code: VerificationErrorCode {
        switch self {
        case .tooLarge, .notThreeParts, .notBase64URL, .headerNotJSON, .payloadNotJSONObject: .invalidEncoding
        case .algorithm, .signature: .invalidSignature
        case .x5cMissing, .x5cCount, .certificateDoesNotParse, .chain, .untrustedRoot, .notValidAtSignedDate: .invalidCertificateChain
        case .noSignedDate: .missingRequiredProperties
        }
    }

    /// The part that failed: input, header, payload, signature or certificate chain.
    public var part: String {
        switch self {
        case .tooLarge, .notThreeParts: "input"
        case .notBase64URL(let part): part
        case .headerNotJSON, .algorithm, .x5cMissing, .x5cCount: "header"
        case .certificateDoesNotParse, .chain, .untrustedRoot, .notValidAtSignedDate: "certificate chain"
        case .signature: "signature"
        case .payloadNotJSONObject, .noSignedDate: "payload"
        }
    }

    /// What is wrong, as a sentence.
    public var message: String {
        switch self {
        case .tooLarge(let limit): "The input is larger than \(limit / 1024) KiB; a JWS the App Store signs is a few KiB."
        case .notThreeParts(let found): "A compact JWS is three base64url parts joined by dots; this has \(found)."
        case .notBase64URL(let part): "The \(part) is not base64url without padding."
        case .headerNotJSON: "The header is not a JSON object."
        case .algorithm(let alg?): "The header's alg is \"\(alg)\"; the App Store signs with ES256 only."
        case .algorithm(nil): "The header has no alg; the App Store signs with ES256."
        case .x5cMissing: "The header has no x5c certificate chain."
        case .x5cCount(let count): "The header's x5c holds \(count) certificate\(count == 1 ? "" : "s"); the App Store's chain is three (leaf, intermediate, root)."
        case .certificateDoesNotParse(let which): "The x5c \(which) certificate is not a DER certificate in standard base64."
        case .chain(let problem): "The certificate chain does not verify: \(problem)."
        case .untrustedRoot: "The chain's root is not the trusted root: signed by another data directory's chain, or not by the App Store."
        case .signature: "The signature does not match the header and payload signed with the leaf's key."
        case .payloadNotJSONObject: "The payload is not a JSON object."
        case .noSignedDate: "The payload has neither signedDate nor receiptCreationDate (milliseconds since 1970)."
        case .notValidAtSignedDate(let problem): "The certificate chain was not valid when it was signed: \(problem)."
        }
    }
}
