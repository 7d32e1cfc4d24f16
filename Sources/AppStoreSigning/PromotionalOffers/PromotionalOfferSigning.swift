import AppStoreCore
import DataFiles
import Crypto
import Foundation

/// Promotional offer signatures as Apple's App Store Server Library makes them and the App
/// Store checks them: version 1 (`PromotionalOfferSignatureCreator`: ECDSA SHA-256, DER,
/// base64, over the fields joined by U+2063) and the compact JWS of version 2
/// (`PromotionalOfferV2SignatureCreator`: ES256, header `kid`, audience "promotional-offer").
public enum PromotionalOfferSigning {
    /// What version 1 signs: bundle id, key id, product, offer, application username
    /// (lowercased, may be empty), nonce (lowercased) and timestamp, joined by U+2063.
    public static func message(bundleID: String, keyID: String, productID: String, offerID: String,
                               applicationUsername: String?, nonce: String, timestamp: Int64) -> String {
        [bundleID, keyID, productID, offerID, (applicationUsername ?? "").lowercased(), nonce.lowercased(), String(timestamp)]
            .joined(separator: "\u{2063}")
    }

    /// A version 1 signature made with `key` at `date`, with a new nonce: what the sample app's
    /// server hands the app for a payment.
    public static func signV1(with key: SubscriptionOffersKey, bundleID: String, productID: String, offerID: String,
                              applicationUsername: String?, at date: Date) throws -> PaymentDiscount {
        let nonce = UUID().uuidString.lowercased()
        let timestamp = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        let text = message(bundleID: bundleID, keyID: key.keyID, productID: productID, offerID: offerID,
                           applicationUsername: applicationUsername, nonce: nonce, timestamp: timestamp)
        let signature = try key.privateKey.signature(for: Data(text.utf8)).derRepresentation.base64EncodedString()
        return PaymentDiscount(offerID: offerID, signature: .v1(keyIdentifier: key.keyID, nonce: nonce, timestamp: timestamp,
                                                                signature: signature))
    }

    /// The audience a version 2 JWS is for.
    public static let audience = "promotional-offer"
}

/// The App Store's check of a payment's promotional offer with the app's key: the app's
/// bundle id and key, as App Store Connect holds them.
public struct PromotionalOfferKeyCheck: PromotionalOfferKeys {
    public let key: SubscriptionOffersKey
    public let bundleID: String

    public init(key: SubscriptionOffersKey, bundleID: String) {
        self.key = key
        self.bundleID = bundleID
    }

    public func check(_ discount: PaymentDiscount, productID: String, applicationUsername: String?) -> PromotionalOfferSignatureCheck {
        switch discount.signature {
        case .v1(let keyID, let nonce, let timestamp, let signature):
            return checkV1(offerID: discount.offerID, keyID: keyID, nonce: nonce, timestamp: timestamp, signature: signature,
                           productID: productID, applicationUsername: applicationUsername)
        case .jws(let jws):
            return checkJWS(jws, offerID: discount.offerID, productID: productID)
        }
    }

    private func checkV1(offerID: String, keyID: String, nonce: String, timestamp: Int64, signature: String, productID: String,
                         applicationUsername: String?) -> PromotionalOfferSignatureCheck {
        guard !keyID.isEmpty, UUID(uuidString: nonce) != nil, timestamp > 0, !signature.isEmpty else {
            return PromotionalOfferSignatureCheck(outcome: .missingParams)
        }
        let signedAt = Date(timeIntervalSince1970: Double(timestamp) / 1000)
        let text = PromotionalOfferSigning.message(bundleID: bundleID, keyID: keyID, productID: productID, offerID: offerID,
                                                   applicationUsername: applicationUsername, nonce: nonce, timestamp: timestamp)
        let verifies = keyID == key.keyID
            && (Data(base64Encoded: signature).flatMap { try? P256.Signing.ECDSASignature(derRepresentation: $0) })
                .map { key.privateKey.publicKey.isValidSignature($0, for: Data(text.utf8)) } == true
        return PromotionalOfferSignatureCheck(outcome: verifies ? .verified : .invalidSignature, nonce: nonce.lowercased(),
                                              signedAt: signedAt)
    }

    private struct Header: Decodable {
        var alg: String?
        var kid: String?
    }

    private struct Claims: Decodable {
        var productId: String?
        var offerIdentifier: String?
        var bid: String?
        var aud: String?
        var iat: Double?
        var nonce: String?
    }

    /// The JWS's claims must name this bundle, product and offer, for this audience, signed
    /// by the key its header names.
    private func checkJWS(_ jws: String, offerID: String, productID: String) -> PromotionalOfferSignatureCheck {
        let parts = jws.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let headerData = Base64URL.decode(parts[0]), let claimsData = Base64URL.decode(parts[1]),
              let header = try? JSONDecoder().decode(Header.self, from: headerData),
              let claims = try? JSONDecoder().decode(Claims.self, from: claimsData),
              let nonce = claims.nonce, let iat = claims.iat, header.kid != nil else {
            return PromotionalOfferSignatureCheck(outcome: .missingParams)
        }
        let signedAt = Date(timeIntervalSince1970: iat)
        let input = Data("\(parts[0]).\(parts[1])".utf8)
        let verifies = header.alg == "ES256" && header.kid == key.keyID
            && (Base64URL.decode(parts[2]).flatMap { try? P256.Signing.ECDSASignature(rawRepresentation: $0) })
                .map { key.privateKey.publicKey.isValidSignature($0, for: input) } == true
        let names = claims.bid == bundleID && claims.productId == productID && claims.offerIdentifier == offerID
            && claims.aud == PromotionalOfferSigning.audience
        return PromotionalOfferSignatureCheck(outcome: verifies && names ? .verified : .invalidSignature, nonce: nonce.lowercased(),
                                              signedAt: signedAt)
    }
}

/// The data directory's subscription-offers key (`SubscriptionOffersKeyFile`) for the app of
/// `bundleID`, read when a payment carries an offer, or the key a .storekit file gives
/// (`given`): a directory whose key cannot be read accepts no signature.
public struct DataDirectoryOfferKeys: PromotionalOfferKeys {
    public let directory: DataDirectory
    public let bundleID: String
    public let given: SubscriptionOffersKey?

    public init(directory: DataDirectory, bundleID: String, given: SubscriptionOffersKey? = nil) {
        self.directory = directory
        self.bundleID = bundleID
        self.given = given
    }

    /// The key offers are signed and checked with.
    public func key() throws -> SubscriptionOffersKey {
        try given ?? SubscriptionOffersKeyFile.loadOrMake(in: directory)
    }

    public func check(_ discount: PaymentDiscount, productID: String, applicationUsername: String?) -> PromotionalOfferSignatureCheck {
        guard let key = try? key() else {
            return PromotionalOfferSignatureCheck(outcome: .invalidSignature)
        }
        return PromotionalOfferKeyCheck(key: key, bundleID: bundleID).check(discount, productID: productID,
                                                                            applicationUsername: applicationUsername)
    }

    /// A signature made now with the directory's key, as the sample app's own server makes
    /// one for an offer it presents: version 1, a new nonce, the store's time `date`.
    public func sign(productID: String, offerID: String, applicationUsername: String?, at date: Date) throws -> PaymentDiscount {
        try PromotionalOfferSigning.signV1(with: key(), bundleID: bundleID,
                                           productID: productID, offerID: offerID, applicationUsername: applicationUsername, at: date)
    }
}
