import AppStoreCore
import Foundation
import Crypto
import SwiftASN1
import X509

/// The App Store's signing identity for one data directory, as Apple's is for the real store: a
/// root certificate, an intermediate and a leaf, the leaf's key signing every JWS and receipt.
/// The root's and the intermediate's keys sign the chain once and are not kept: nothing but
/// the leaf ever signs again, so a chain a backend trusts stays the one it trusts.
/// (`@unchecked`: swift-crypto's keys are immutable values that do not say `Sendable` on Linux.)
public struct SigningIdentity: @unchecked Sendable {
    public let root: Certificate
    public let intermediate: Certificate
    public let leaf: Certificate
    public let leafKey: P256.Signing.PrivateKey

    public init(root: Certificate, intermediate: Certificate, leaf: Certificate, leafKey: P256.Signing.PrivateKey) {
        self.root = root
        self.intermediate = intermediate
        self.leaf = leaf
        self.leafKey = leafKey
    }

    /// The chain as a JWS's `x5c` header carries it: leaf first, root last.
    public var chain: [Certificate] { [leaf, intermediate, root] }

    /// The extensions Apple's verifiers look for: the leaf is an App Store receipt signer, the
    /// intermediate Apple's worldwide developer relations CA.
    public static let leafMarker: ASN1ObjectIdentifier = [1, 2, 840, 113635, 100, 6, 11, 1]
    public static let intermediateMarker: ASN1ObjectIdentifier = [1, 2, 840, 113635, 100, 6, 2, 1]

    /// Valid from 2000 to the end of 9999 (RFC 5280's "no well-defined expiration"): the store's
    /// clock may be anchored or run centuries away from today, up to the last time it can show
    /// (`StoreTimes.range`), and a verifier (the app's, each delivery) checks the chain at the
    /// date a payload was signed.
    static let validity = (from: Date(timeIntervalSince1970: 946_684_800), to: StoreTimes.range.upperBound)

    /// A new chain with fresh keys, its names carrying `label` (the data directory's own, so two
    /// directories' chains tell apart).
    public static func make(label: String) throws -> SigningIdentity {
        let rootKey = P256.Signing.PrivateKey()
        let intermediateKey = P256.Signing.PrivateKey()
        let leafKey = P256.Signing.PrivateKey()
        let rootName = try name("storefront Root CA", label)
        let intermediateName = try name("storefront Worldwide Developer Relations", label)
        let leafName = try name("storefront App Store Signing", label)

        let root = try certificate(
            subject: rootName, issuer: rootName, key: .init(rootKey.publicKey), issuerKey: .init(rootKey),
            extensions: try caExtensions(key: .init(rootKey.publicKey), issuerKey: .init(rootKey.publicKey), marker: nil))
        let intermediate = try certificate(
            subject: intermediateName, issuer: rootName, key: .init(intermediateKey.publicKey), issuerKey: .init(rootKey),
            extensions: try caExtensions(key: .init(intermediateKey.publicKey), issuerKey: .init(rootKey.publicKey), marker: intermediateMarker))
        let leaf = try certificate(
            subject: leafName, issuer: intermediateName, key: .init(leafKey.publicKey), issuerKey: .init(intermediateKey),
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                SubjectKeyIdentifier(hash: .init(leafKey.publicKey))
                AuthorityKeyIdentifier(keyIdentifier: SubjectKeyIdentifier(hash: .init(intermediateKey.publicKey)).keyIdentifier)
                Certificate.Extension(oid: leafMarker, critical: false, value: [0x05, 0x00])
            })
        return SigningIdentity(root: root, intermediate: intermediate, leaf: leaf, leafKey: leafKey)
    }

    private static func name(_ commonName: String, _ label: String) throws -> DistinguishedName {
        try DistinguishedName {
            CommonName(commonName)
            OrganizationalUnitName(label)
            OrganizationName("storefront")
            CountryName("US")
        }
    }

    private static func caExtensions(key: Certificate.PublicKey, issuerKey: Certificate.PublicKey,
                                     marker: ASN1ObjectIdentifier?) throws -> Certificate.Extensions {
        var extensions = try Certificate.Extensions {
            Critical(BasicConstraints.isCertificateAuthority(maxPathLength: nil))
            Critical(KeyUsage(keyCertSign: true, cRLSign: true))
            SubjectKeyIdentifier(hash: key)
            AuthorityKeyIdentifier(keyIdentifier: SubjectKeyIdentifier(hash: issuerKey).keyIdentifier)
        }
        if let marker { try extensions.append(Certificate.Extension(oid: marker, critical: false, value: [0x05, 0x00])) }
        return extensions
    }

    private static func certificate(subject: DistinguishedName, issuer: DistinguishedName, key: Certificate.PublicKey,
                                    issuerKey: Certificate.PrivateKey, extensions: Certificate.Extensions) throws -> Certificate {
        try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: key,
            notValidBefore: validity.from, notValidAfter: validity.to,
            issuer: issuer, subject: subject, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: extensions, issuerPrivateKey: issuerKey)
    }
}
