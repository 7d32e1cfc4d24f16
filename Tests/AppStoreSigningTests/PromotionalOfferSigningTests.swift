import AppStoreCore
import Crypto
import Foundation
import Testing
@testable import AppStoreSigning

/// A promotional offer's signature as the App Store checks it with the app's key: version 1
/// over the offer's fields, and a version 2 JWS; anything not the key's, or not over this
/// payment, is invalid.
@Suite struct PromotionalOfferSigningTests {
    let key = SubscriptionOffersKey.make()
    var keys: PromotionalOfferKeyCheck { PromotionalOfferKeyCheck(key: key, bundleID: "com.example.app") }
    let date = Date(timeIntervalSince1970: 1_893_488_400)

    func signed(productID: String = "pro", offerID: String = "COMEBACK", username: String? = nil,
                with other: SubscriptionOffersKey? = nil, bundleID: String = "com.example.app") throws -> PaymentDiscount {
        try PromotionalOfferSigning.signV1(with: other ?? key, bundleID: bundleID, productID: productID, offerID: offerID,
                                           applicationUsername: username, at: date)
    }

    @Test func theMessageIsApplesFieldsJoinedByTheInvisibleSeparator() {
        let text = PromotionalOfferSigning.message(bundleID: "b", keyID: "K", productID: "p", offerID: "o", applicationUsername: "ABC",
                                                   nonce: "A1B2", timestamp: 42)
        #expect(text == "b\u{2063}K\u{2063}p\u{2063}o\u{2063}abc\u{2063}a1b2\u{2063}42")
    }

    @Test func aSignatureOfTheKeyVerifiesWithItsNonceAndTime() throws {
        let discount = try signed(username: "8D7A1C2E-0000-4000-8000-000000000001")
        let check = keys.check(discount, productID: "pro", applicationUsername: "8D7A1C2E-0000-4000-8000-000000000001")
        #expect(check.outcome == .verified)
        guard case .v1(_, let nonce, let timestamp, _) = discount.signature else { Issue.record("not v1"); return }
        #expect(check.nonce == nonce && check.signedAt == Date(timeIntervalSince1970: Double(timestamp) / 1000))
        #expect(timestamp == 1_893_488_400_000)
    }

    @Test func aSignatureOverAnythingElseIsInvalid() throws {
        #expect(keys.check(try signed(), productID: "other", applicationUsername: nil).outcome == .invalidSignature)
        #expect(keys.check(try signed(offerID: "OTHER"), productID: "pro", applicationUsername: nil).outcome == .verified)
        var renamed = try signed()
        renamed.offerID = "OTHER"
        #expect(keys.check(renamed, productID: "pro", applicationUsername: nil).outcome == .invalidSignature)
        #expect(keys.check(try signed(username: "me"), productID: "pro", applicationUsername: "you").outcome == .invalidSignature)
        #expect(keys.check(try signed(with: .make()), productID: "pro", applicationUsername: nil).outcome == .invalidSignature)
        #expect(keys.check(try signed(bundleID: "com.other"), productID: "pro", applicationUsername: nil).outcome == .invalidSignature)
    }

    @Test func missingFieldsAreMissingParams() {
        let empty = PaymentDiscount(offerID: "COMEBACK", signature: .v1(keyIdentifier: "", nonce: "", timestamp: 0, signature: ""))
        #expect(keys.check(empty, productID: "pro", applicationUsername: nil).outcome == .missingParams)
        let notAJWS = PaymentDiscount(offerID: "COMEBACK", signature: .jws("not.a jws"))
        #expect(keys.check(notAJWS, productID: "pro", applicationUsername: nil).outcome == .missingParams)
    }

    /// A JWS made as PromotionalOfferV2SignatureCreator makes it.
    func jws(claims: [String: Any], kid: String? = nil, with other: SubscriptionOffersKey? = nil) throws -> String {
        let header = try JSONSerialization.data(withJSONObject: ["alg": "ES256", "typ": "JWT", "kid": kid ?? key.keyID])
        let payload = try JSONSerialization.data(withJSONObject: claims)
        let input = Base64URL.encode(header) + "." + Base64URL.encode(payload)
        let signature = try (other ?? key).privateKey.signature(for: Data(input.utf8))
        return input + "." + Base64URL.encode(signature.rawRepresentation)
    }

    var claims: [String: Any] {
        ["productId": "pro", "offerIdentifier": "COMEBACK", "bid": "com.example.app", "iss": "issuer", "aud": "promotional-offer",
         "iat": 1_893_488_400, "nonce": "0F0E0D0C-0000-4000-8000-000000000002"]
    }

    @Test func aJWSOfTheKeyNamingThisOfferVerifies() throws {
        let check = keys.check(PaymentDiscount(offerID: "COMEBACK", signature: .jws(try jws(claims: claims))), productID: "pro",
                               applicationUsername: nil)
        #expect(check == PromotionalOfferSignatureCheck(outcome: .verified, nonce: "0f0e0d0c-0000-4000-8000-000000000002", signedAt: date))
        for (name, value) in [("productId", "other"), ("offerIdentifier", "OTHER"), ("bid", "com.other"), ("aud", "advanced-commerce-api")] {
            var changed = claims
            changed[name] = value
            let outcome = keys.check(PaymentDiscount(offerID: "COMEBACK", signature: .jws(try jws(claims: changed))), productID: "pro",
                                     applicationUsername: nil).outcome
            #expect(outcome == .invalidSignature, "\(name)")
        }
        let otherKey = keys.check(PaymentDiscount(offerID: "COMEBACK", signature: .jws(try jws(claims: claims, with: .make()))),
                                  productID: "pro", applicationUsername: nil)
        #expect(otherKey.outcome == .invalidSignature)
    }
}
