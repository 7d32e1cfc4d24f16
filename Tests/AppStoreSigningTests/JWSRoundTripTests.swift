import Crypto
import Foundation
import Testing
import X509
@testable import AppStoreSigning

@Suite struct JWSRoundTripTests {
    static let identity = try! SigningIdentity.make(label: "round trip")

    @Test func aSignedPayloadVerifiesToItsBytesDateKindAndChain() throws {
        let jws = try JWSSigner(identity: Self.identity).sign(payload: TestJWS.payload)
        let verified = try JWSVerifier(trustedRoot: Self.identity.root).verify(Data(jws.utf8))
        #expect(verified.payload == TestJWS.payload)
        #expect(verified.signedDate == Date(timeIntervalSince1970: 1_893_488_400))
        #expect(verified.kind == .transaction)
        #expect(verified.chain == Self.identity.chain)
    }

    @Test func theHeaderIsES256WithTheChainLeafFirstInStandardBase64AndTheSignatureRawRS() throws {
        let jws = try JWSSigner(identity: Self.identity).sign(payload: TestJWS.payload)
        let parts = jws.split(separator: ".", omittingEmptySubsequences: false)
        #expect(parts.count == 3)
        #expect(!jws.contains("="))
        let header = try #require(JSONSerialization.jsonObject(with: Base64URL.decode(parts[0])!) as? [String: Any])
        #expect(header["alg"] as? String == "ES256")
        #expect(header["x5c"] as? [String] == TestJWS.x5c(Self.identity.chain))
        #expect(Base64URL.decode(parts[1]) == TestJWS.payload)
        let signature = try #require(Base64URL.decode(parts[2]))
        #expect(signature.count == 64)
        let raw = try P256.Signing.ECDSASignature(rawRepresentation: signature)
        #expect(Self.identity.leafKey.publicKey.isValidSignature(raw, for: Data((parts[0] + "." + parts[1]).utf8)))
    }

    @Test func eachKindIsToldFromItsFields() throws {
        let signer = JWSSigner(identity: Self.identity)
        let verifier = JWSVerifier(trustedRoot: Self.identity.root)
        let payloads: [(String, SignedPayloadKind)] = [
            (#"{"originalTransactionId":"1","autoRenewStatus":1,"signedDate":1893488400000}"#, .renewalInfo),
            (#"{"appTransactionId":"7","receiptCreationDate":1893488400000,"signedDate":1893488400000}"#, .appTransaction),
            (#"{"transactionId":"1","originalTransactionId":"1","signedDate":1893488400000}"#, .transaction),
            (#"{"signedDate":1893488400000}"#, .unknown),
        ]
        for (json, kind) in payloads {
            let verified = try verifier.verify(Data(try signer.sign(payload: Data(json.utf8)).utf8))
            #expect(verified.kind == kind, "\(json)")
        }
    }

    /// Measured, not asserted: printed for the record.
    @Test func signingTakesWellUnderAMillisecond() throws {
        let signer = JWSSigner(identity: Self.identity)
        let count = 2000
        let start = ContinuousClock.now
        for _ in 0..<count { _ = try signer.sign(payload: TestJWS.payload) }
        let each = (ContinuousClock.now - start) / count
        print("JWS signing: \(each) each, over \(count)")
        #expect(try JWSVerifier(trustedRoot: Self.identity.root).verify(Data(signer.sign(payload: TestJWS.payload).utf8)).kind == .transaction)
    }
}
