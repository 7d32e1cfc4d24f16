import Foundation

/// The promotional offer a payment asks for, signed by the app's server: SK1's
/// `SKPaymentDiscount`, StoreKit 2's `.promotionalOffer(offerID:keyID:nonce:signature:timestamp:)`
/// and `.promotionalOffer(_:compactJWS:)`.
public struct PaymentDiscount: Codable, Equatable, Sendable {
    public enum Signature: Codable, Equatable, Sendable {
        /// Apple's first signature: the key's id, a one-time UUID, the UNIX time in
        /// milliseconds it was signed at, and the ECDSA signature (DER, base64) over the
        /// offer's fields (`PromotionalOfferSignatureV1`).
        case v1(keyIdentifier: String, nonce: String, timestamp: Int64, signature: String)
        /// A compact JWS signed with the key (`PromotionalOfferV2SignatureCreator`): the
        /// product, offer, nonce and time are its claims.
        case jws(String)
    }

    /// The promotional offer's identifier (App Store Connect's; a .storekit file's `offerID`).
    public var offerID: String
    public var signature: Signature

    public init(offerID: String, signature: Signature) {
        self.offerID = offerID
        self.signature = signature
    }
}

/// What the App Store makes of a payment's signature with the app's subscription-offers key,
/// before its rules: whether it verifies, and the one-time nonce and time it was signed with.
public struct PromotionalOfferSignatureCheck: Equatable, Sendable {
    public enum Outcome: Equatable, Sendable {
        case verified
        /// Not signed by the app's key, or not over this payment's product and offer.
        case invalidSignature
        /// A field the signature needs is empty or not of its form.
        case missingParams
    }

    public var outcome: Outcome
    /// Lowercased, as signed.
    public var nonce: String
    /// When the server signed it; the signature is good for 24 hours of store time from then.
    public var signedAt: Date

    public init(outcome: Outcome, nonce: String = "", signedAt: Date = .distantPast) {
        self.outcome = outcome
        self.nonce = nonce
        self.signedAt = signedAt
    }
}

/// The app's subscription-offers keys, as the App Store knows them from App Store Connect:
/// what checks a payment's promotional offer signature (`AppStore.promotionalOfferKeys`).
public protocol PromotionalOfferKeys: Sendable {
    func check(_ discount: PaymentDiscount, productID: String, applicationUsername: String?) -> PromotionalOfferSignatureCheck
}

/// A payment's promotional offer, redeemed: its nonce is used up, and the transaction it was
/// given is completed with the offer (store.sqlite's `promotionalOfferRedemptions`).
public struct PromotionalOfferRedemption: Codable, Hashable, Sendable {
    /// Lowercased: each is good for one payment.
    public var nonce: String
    public var transactionID: String
    public var offerID: String
    /// When the server signed it (store time).
    public var signedAt: Date

    public init(nonce: String, transactionID: String, offerID: String, signedAt: Date) {
        self.nonce = nonce
        self.transactionID = transactionID
        self.offerID = offerID
        self.signedAt = signedAt
    }
}
