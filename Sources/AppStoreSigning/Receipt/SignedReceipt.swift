import Crypto
import Foundation
import SwiftASN1
@_spi(CMS) import X509

/// The App Store receipt as a device holds it: PKCS#7 (CMS) SignedData with the receipt inside
/// as an OCTET STRING, signed by the leaf's key, carrying the chain's certificates.
public struct SignedReceipt: Sendable {
    /// The whole PKCS#7 envelope: the receipt file's bytes.
    public let bytes: [UInt8]
    /// The receipt's DER, inside the envelope.
    public let content: [UInt8]
    let signature: [UInt8]
    let certificates: [Certificate]

    /// `receipt` signed by `identity`'s leaf key.
    public static func sign(_ receipt: AppReceipt, with identity: SigningIdentity) throws -> SignedReceipt {
        let content = try receipt.derEncoded()
        // No signing time: the receipt says when it was made (attribute 12), and the leaf then
        // signs the content itself, as a verifier without signed attributes checks it.
        let bytes = try CMS.sign(content, signatureAlgorithm: .ecdsaWithSHA256,
                                 additionalIntermediateCertificates: [identity.intermediate, identity.root],
                                 certificate: identity.leaf, privateKey: Certificate.PrivateKey(identity.leafKey),
                                 detached: false)
        return try SignedReceipt(bytes: bytes)
    }

    /// The envelope in `bytes` opened, not yet verified: anything that is not one storefront
    /// signs is refused with what is wrong, never a crash.
    public init(bytes: [UInt8]) throws {
        self.bytes = bytes
        let parsed: (content: [UInt8], signature: [UInt8], certificates: [Certificate])
        do {
            parsed = try Self.parse(DER.parse(bytes))
        } catch let error as ReceiptDecodingError {
            throw error
        } catch {
            throw ReceiptDecodingError("not a PKCS#7 signed receipt")
        }
        (content, signature, certificates) = parsed
    }

    /// The receipt inside.
    public func receipt() throws -> AppReceipt { try AppReceipt(derEncoded: content) }

    /// Whether its signature is the leaf's, a leaf with Apple's receipt-signer marker issued by an
    /// intermediate that `root` issued: what a receipt from this data directory's App Store is.
    public func isSigned(under root: Certificate) -> Bool {
        guard let leaf = certificates.first(where: {
            $0.extensions[oid: SigningIdentity.leafMarker] != nil
                && $0.publicKey.isValidSignature(signature, for: content, signatureAlgorithm: .ecdsaWithSHA256)
        }) else { return false }
        guard let intermediate = certificates.first(where: {
            $0 != leaf && $0.subject == leaf.issuer && $0.publicKey.isValidSignature(leaf.signature, for: leaf)
        }) else { return false }
        return intermediate.issuer == root.subject && root.publicKey.isValidSignature(intermediate.signature, for: intermediate)
    }

    static let signedDataOID: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 7, 2]
    static let dataOID: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 7, 1]

    /// ContentInfo { signedData, [0] SignedData { version, digestAlgorithms, encapContentInfo
    /// { data, [0] OCTET STRING }, [0] certificates, signerInfos } }.
    private static func parse(_ node: ASN1Node) throws -> (content: [UInt8], signature: [UInt8], certificates: [Certificate]) {
        try DER.sequence(node, identifier: .sequence) { nodes in
            guard try ASN1ObjectIdentifier(derEncoded: &nodes) == signedDataOID else { throw ReceiptDecodingError("not PKCS#7 signed data") }
            return try DER.explicitlyTagged(&nodes, tagNumber: 0, tagClass: .contextSpecific) { signedData in
                try DER.sequence(signedData, identifier: .sequence) { nodes in
                    _ = try Int(derEncoded: &nodes)
                    guard let digests = nodes.next(), digests.identifier == .set else { throw ReceiptDecodingError("no digest algorithms") }
                    guard let encapsulated = nodes.next() else { throw ReceiptDecodingError("no content") }
                    let content = try self.content(of: encapsulated)
                    let certificates = try certificateSet(&nodes)
                    let signature = try signerSignature(&nodes)
                    return (content, signature, certificates)
                }
            }
        }
    }

    private static func content(of encapsulated: ASN1Node) throws -> [UInt8] {
        try DER.sequence(encapsulated, identifier: .sequence) { nodes in
            guard try ASN1ObjectIdentifier(derEncoded: &nodes) == dataOID else { throw ReceiptDecodingError("the signed content is not data") }
            return try DER.explicitlyTagged(&nodes, tagNumber: 0, tagClass: .contextSpecific) { node in
                Array(try ASN1OctetString(derEncoded: node).bytes)
            }
        }
    }

    private static func certificateSet(_ nodes: inout ASN1NodeCollection.Iterator) throws -> [Certificate] {
        var copy = nodes
        guard let node = copy.next(), node.identifier == ASN1Identifier(tagWithNumber: 0, tagClass: .contextSpecific) else { return [] }
        nodes = copy
        guard case .constructed(let children) = node.content else { throw ReceiptDecodingError("the certificates are not a set") }
        return try children.map { try Certificate(derEncoded: $0) }
    }

    /// The one signer's signature; a signer with signed attributes is not one storefront makes.
    private static func signerSignature(_ nodes: inout ASN1NodeCollection.Iterator) throws -> [UInt8] {
        guard let set = nodes.next(), set.identifier == .set, case .constructed(let signers) = set.content else {
            throw ReceiptDecodingError("no signer")
        }
        var iterator = signers.makeIterator()
        guard let signer = iterator.next(), iterator.next() == nil else { throw ReceiptDecodingError("not one signer") }
        return try DER.sequence(signer, identifier: .sequence) { nodes in
            var signature: [UInt8]?
            while let node = nodes.next() {
                if node.identifier == ASN1Identifier(tagWithNumber: 0, tagClass: .contextSpecific) {
                    throw ReceiptDecodingError("the signer has signed attributes")
                }
                if node.identifier == .octetString { signature = Array(try ASN1OctetString(derEncoded: node).bytes) }
            }
            guard let signature else { throw ReceiptDecodingError("the signer has no signature") }
            return signature
        }
    }
}
