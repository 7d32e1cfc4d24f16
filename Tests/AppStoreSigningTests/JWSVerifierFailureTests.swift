import AppStoreCore
import Crypto
import Foundation
import Testing
import X509
@testable import AppStoreSigning

/// Each check of the verifier refuses by name, with StoreKit's VerificationError for it.
@Suite struct JWSVerifierFailureTests {
    static let identity = try! SigningIdentity.make(label: "failures")
    static let other = try! SigningIdentity.make(label: "another directory")
    let verifier = JWSVerifier(trustedRoot: identity.root)

    func failure(_ text: String) -> JWSFailure? {
        failure(Data(text.utf8))
    }

    func failure(_ bytes: Data) -> JWSFailure? {
        do { _ = try verifier.verify(bytes); return nil } catch { return error }
    }

    var header: [String: Any] { ["alg": "ES256", "x5c": TestJWS.x5c(Self.identity.chain)] }

    @Test func anInputPastTheLimitIsRefusedBySize() {
        #expect(failure(Data(repeating: 0x41, count: JWSVerifier.maximumBytes + 1)) == .tooLarge(limit: JWSVerifier.maximumBytes))
    }

    @Test func notThreePartsNotBase64URLAndNotJSONAreInvalidEncoding() throws {
        #expect(failure("") == .notThreeParts(found: 1))
        #expect(failure("a.b") == .notThreeParts(found: 2))
        #expect(failure("a.b.c.d") == .notThreeParts(found: 4))
        let jws = try JWSSigner(identity: Self.identity).sign(payload: TestJWS.payload)
        let parts = jws.split(separator: ".").map(String.init)
        #expect(failure("\(parts[0])=.\(parts[1]).\(parts[2])") == .notBase64URL(part: "header"))
        #expect(failure("\(parts[0]).\(parts[1])+.\(parts[2])") == .notBase64URL(part: "payload"))
        #expect(failure("\(parts[0]).\(parts[1]).\(parts[2])/") == .notBase64URL(part: "signature"))
        #expect(failure("\(Base64URL.encode(Data("[1]".utf8))).\(parts[1]).\(parts[2])") == .headerNotJSON)
        for code in [JWSFailure.notThreeParts(found: 1), .notBase64URL(part: "header"), .headerNotJSON, .payloadNotJSONObject] {
            #expect(code.code == .invalidEncoding)
        }
    }

    @Test func anAlgorithmOtherThanES256IsRefusedByName() throws {
        for alg in ["none", "HS256", "ES384"] {
            var header = header
            header["alg"] = alg
            let jws = try TestJWS.make(header: header, key: Self.identity.leafKey)
            #expect(failure(jws) == .algorithm(alg))
        }
        // alg none as an attacker sends it: no signature at all.
        let none = Base64URL.encode(Data(#"{"alg":"none"}"#.utf8)) + "." + Base64URL.encode(TestJWS.payload) + "."
        #expect(failure(none) == .algorithm("none"))
        #expect(failure(none)?.code == .invalidSignature)
        var noAlg = header
        noAlg["alg"] = nil
        #expect(failure(try TestJWS.make(header: noAlg, key: Self.identity.leafKey)) == .algorithm(nil))
    }

    @Test func x5cMustBeThreeCertificatesThatParse() throws {
        var header = header
        header["x5c"] = nil
        #expect(failure(try TestJWS.make(header: header, key: Self.identity.leafKey)) == .x5cMissing)
        header["x5c"] = TestJWS.x5c([Self.identity.leaf])
        #expect(failure(try TestJWS.make(header: header, key: Self.identity.leafKey)) == .x5cCount(1))
        header["x5c"] = TestJWS.x5c(Self.identity.chain + [Self.identity.root])
        #expect(failure(try TestJWS.make(header: header, key: Self.identity.leafKey)) == .x5cCount(4))
        header["x5c"] = [TestJWS.x5c([Self.identity.leaf])[0], "bm90IGEgY2VydGlmaWNhdGU=", TestJWS.x5c([Self.identity.root])[0]]
        let refused = failure(try TestJWS.make(header: header, key: Self.identity.leafKey))
        #expect(refused == .certificateDoesNotParse("intermediate"))
        #expect(refused?.code == .invalidCertificateChain)
    }

    @Test func aChainOutOfOrderOrMixedIsRefused() throws {
        var header = header
        header["x5c"] = TestJWS.x5c([Self.identity.intermediate, Self.identity.leaf, Self.identity.root])
        #expect(failure(try TestJWS.make(header: header, key: Self.identity.leafKey)) == .chain("the leaf is not signed by the intermediate"))
        header["x5c"] = TestJWS.x5c([Self.identity.leaf, Self.other.intermediate, Self.identity.root])
        #expect(failure(try TestJWS.make(header: header, key: Self.identity.leafKey)) == .chain("the leaf is not signed by the intermediate"))
        header["x5c"] = TestJWS.x5c([Self.identity.leaf, Self.identity.intermediate, Self.other.root])
        #expect(failure(try TestJWS.make(header: header, key: Self.identity.leafKey)) == .chain("the intermediate is not signed by the root"))
    }

    @Test func anotherDirectorysChainIsNotTrusted() throws {
        let jws = try JWSSigner(identity: Self.other).sign(payload: TestJWS.payload)
        #expect(failure(jws) == .untrustedRoot)
        #expect(failure(jws)?.code == .invalidCertificateChain)
    }

    @Test func aChainWithoutApplesMarkersIsRefused() throws {
        // The same names and keys, the leaf's marker left out.
        let intermediateKey = P256.Signing.PrivateKey(), leafKey = P256.Signing.PrivateKey(), rootKey = P256.Signing.PrivateKey()
        let name = try DistinguishedName { CommonName("no markers") }
        let root = try Certificate(version: .v3, serialNumber: .init(), publicKey: .init(rootKey.publicKey),
                                   notValidBefore: SigningIdentity.validity.from, notValidAfter: SigningIdentity.validity.to,
                                   issuer: name, subject: name, signatureAlgorithm: .ecdsaWithSHA256,
                                   extensions: try .init { Critical(BasicConstraints.isCertificateAuthority(maxPathLength: nil)) },
                                   issuerPrivateKey: .init(rootKey))
        let intermediate = try Certificate(version: .v3, serialNumber: .init(), publicKey: .init(intermediateKey.publicKey),
                                           notValidBefore: SigningIdentity.validity.from, notValidAfter: SigningIdentity.validity.to,
                                           issuer: name, subject: name, signatureAlgorithm: .ecdsaWithSHA256,
                                           extensions: try .init { Critical(BasicConstraints.isCertificateAuthority(maxPathLength: nil)) },
                                           issuerPrivateKey: .init(rootKey))
        let leaf = try Certificate(version: .v3, serialNumber: .init(), publicKey: .init(leafKey.publicKey),
                                   notValidBefore: SigningIdentity.validity.from, notValidAfter: SigningIdentity.validity.to,
                                   issuer: name, subject: name, signatureAlgorithm: .ecdsaWithSHA256,
                                   extensions: Certificate.Extensions(), issuerPrivateKey: .init(intermediateKey))
        let jws = try TestJWS.make(header: ["alg": "ES256", "x5c": TestJWS.x5c([leaf, intermediate, root])], key: leafKey)
        let refused = try #require(JWSVerifier(trustedRoot: root).verify(Data(jws.utf8), orFailure: ()))
        #expect(refused == .chain("the leaf lacks Apple's marker extension \(SigningIdentity.leafMarker)"))
    }

    @Test func aChangedSignatureOrPayloadIsAnInvalidSignature() throws {
        let jws = try JWSSigner(identity: Self.identity).sign(payload: TestJWS.payload)
        let other = try JWSSigner(identity: Self.identity).sign(payload: Data(#"{"signedDate":1893488400000,"transactionId":"2"}"#.utf8))
        let parts = jws.split(separator: "."), otherParts = other.split(separator: ".")
        #expect(failure("\(parts[0]).\(otherParts[1]).\(parts[2])") == .signature)
        #expect(failure("\(parts[0]).\(parts[1]).\(Base64URL.encode(Data(repeating: 1, count: 64)))") == .signature)
        #expect(failure("\(parts[0]).\(parts[1]).\(Base64URL.encode(Data(repeating: 1, count: 63)))") == .signature)
        #expect(failure(TestJWS.flipping(jws, part: 2, offset: 10))?.code == .invalidSignature)
    }

    @Test func thePayloadMustBeAnObjectWithASignedDateInsideTheChainsValidity() throws {
        let signer = JWSSigner(identity: Self.identity)
        func signed(_ json: String) throws -> JWSFailure? { failure(try signer.sign(payload: Data(json.utf8))) }
        #expect(try signed("[1, 2]") == .payloadNotJSONObject)
        #expect(try signed("not json") == .payloadNotJSONObject)
        #expect(try signed(String(repeating: "[", count: 100_000)) == .payloadNotJSONObject)
        #expect(try signed(#"{"transactionId":"1"}"#) == .noSignedDate)
        #expect(try signed(#"{"transactionId":"1"}"#)?.code == .missingRequiredProperties)
        // 1990 and the year 10000: outside 2000–9999. 2150 is inside: the store's clock runs that far.
        guard case .notValidAtSignedDate? = try signed(#"{"signedDate":631152000000}"#) else { Issue.record("1990 accepted"); return }
        guard case .notValidAtSignedDate? = try signed(#"{"signedDate":253402300800000}"#) else { Issue.record("10000 accepted"); return }
        #expect(try signed(#"{"signedDate":5680281600000}"#) == nil)
        // An app transaction's receiptCreationDate serves when there is no signedDate.
        #expect(try signed(#"{"appTransactionId":"1","receiptCreationDate":1893488400000}"#) == nil)
    }
}

extension JWSVerifier {
    /// The failure, or nil if it verified.
    func verify(_ bytes: Data, orFailure: Void) -> JWSFailure? {
        do { _ = try verify(bytes); return nil } catch { return error }
    }
}
