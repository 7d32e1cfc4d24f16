import Crypto
import Foundation
import SwiftASN1

/// The key an app's server signs promotional offers with, as App Store Connect makes one
/// ("In-App Purchase" key) and Xcode's test environment keeps one: a P-256 private key and
/// the key id a payment names it by. (`@unchecked`: swift-crypto's keys are immutable values
/// that do not say `Sendable` on Linux.)
public struct SubscriptionOffersKey: @unchecked Sendable {
    /// Ten characters, uppercase letters and digits, as App Store Connect's key ids are.
    public let keyID: String
    public let privateKey: P256.Signing.PrivateKey

    public init(keyID: String, privateKey: P256.Signing.PrivateKey) {
        self.keyID = keyID
        self.privateKey = privateKey
    }

    /// A key given as DER (PKCS#8, as a .storekit file holds it); nil when it is not a P-256 key.
    public init?(keyID: String, der: Data) {
        guard let key = try? P256.Signing.PrivateKey(derRepresentation: der) else { return nil }
        self.init(keyID: keyID, privateKey: key)
    }

    /// A new key with a random id.
    public static func make() -> SubscriptionOffersKey {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        let id = String((0..<10).map { _ in alphabet.randomElement()! })
        return SubscriptionOffersKey(keyID: id, privateKey: P256.Signing.PrivateKey())
    }

    /// The key as App Store Connect gives it to download: PKCS#8 PEM, a .p8 file, which
    /// Apple's App Store Server Library reads as `signing_key`.
    public var p8: String {
        PEMDocument(type: "PRIVATE KEY", derBytes: Array(privateKey.derRepresentation)).pemString + "\n"
    }
}
