import Foundation
import Testing
@_spi(CMS) import X509
@testable import AppStoreSigning

@Suite struct SignedReceiptTests {
    @Test func theEnvelopeHoldsTheReceiptAndVerifiesWithTheLeafUnderItsRootOnly() throws {
        let identity = try SigningIdentity.make(label: "test")
        let signed = try SignedReceipt.sign(AppReceiptEncodingTests.full, with: identity)
        let opened = try SignedReceipt(bytes: signed.bytes)
        #expect(opened.content == (try AppReceiptEncodingTests.full.derEncoded()))
        #expect(try opened.receipt() == AppReceiptEncodingTests.full)
        #expect(opened.isSigned(under: identity.root))
        #expect(opened.certificates.contains(identity.leaf))
        #expect(identity.leaf.publicKey.isValidSignature(opened.signature, for: opened.content, signatureAlgorithm: .ecdsaWithSHA256))
        #expect(!opened.isSigned(under: try SigningIdentity.make(label: "other").root))
    }

    @Test func everyTruncationAndEveryFlippedByteIsRefusedOrUnverifiedNeverACrash() throws {
        let identity = try SigningIdentity.make(label: "test")
        let bytes = try SignedReceipt.sign(AppReceiptEncodingTests.full, with: identity).bytes
        for length in 0..<bytes.count {
            #expect(throws: ReceiptDecodingError.self) { try SignedReceipt(bytes: Array(bytes.prefix(length))) }
        }
        for index in bytes.indices {
            var flipped = bytes
            flipped[index] ^= 0x01
            if let opened = try? SignedReceipt(bytes: flipped), opened.isSigned(under: identity.root) {
                // A flip that verifies changed nothing signed: an unsigned part of the envelope.
                #expect(opened.content == (try AppReceiptEncodingTests.full.derEncoded()), "byte \(index)")
            }
        }
    }
}

extension SignedReceiptTests {
    /// `content` in a PKCS#7 envelope signed by `identity`, whatever it is.
    static func signedBytes(content: [UInt8], identity: SigningIdentity) throws -> [UInt8] {
        try CMS.sign(content, signatureAlgorithm: .ecdsaWithSHA256, additionalIntermediateCertificates: [identity.intermediate, identity.root],
                     certificate: identity.leaf, privateKey: Certificate.PrivateKey(identity.leafKey), detached: false)
    }
}
