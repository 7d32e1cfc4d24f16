import Foundation
import Testing
@testable import AppStoreSigning

/// Whatever bytes come, the verifier answers with a failure, never a crash, and accepts only
/// the JWS exactly as signed.
@Suite struct JWSFuzzTests {
    static let identity = try! SigningIdentity.make(label: "fuzz")
    static let jws = try! JWSSigner(identity: identity).sign(payload: TestJWS.payload)
    let verifier = JWSVerifier(trustedRoot: identity.root)

    func accepts(_ bytes: Data) -> Bool { (try? verifier.verify(bytes)) != nil }

    @Test(arguments: 0..<4 as Range<UInt64>)
    func seededRandomBytesAreRefused(seed: UInt64) {
        var random = SplitMix64(state: seed)
        for _ in 0..<500 {
            let count = Int.random(in: 0...600, using: &random)
            let bytes = Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &random) })
            #expect(!accepts(bytes))
            // Random text of the JWS alphabet and dots, closer to the real shape.
            let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.".utf8)
            let text = Data((0..<count).map { _ in alphabet.randomElement(using: &random)! })
            #expect(!accepts(text))
        }
    }

    @Test func everyTruncationIsRefused() {
        let bytes = Data(Self.jws.utf8)
        #expect(accepts(bytes))
        for length in 0..<bytes.count {
            #expect(!accepts(bytes.prefix(length)), "the first \(length) bytes")
        }
    }

    @Test func aFlippedBitInAnyByteOfAnyPartIsRefused() {
        let parts = Self.jws.split(separator: ".").map { Base64URL.decode($0)! }
        for part in 0..<3 {
            for offset in parts[part].indices {
                #expect(!accepts(Data(TestJWS.flipping(Self.jws, part: part, offset: offset).utf8)), "part \(part), byte \(offset)")
            }
        }
    }

    @Test func aChangedCharacterOfTheTextIsRefused() {
        var random = SplitMix64(state: 42)
        let bytes = [UInt8](Self.jws.utf8)
        for _ in 0..<500 {
            var changed = bytes
            let at = Int.random(in: 0..<changed.count, using: &random)
            changed[at] = UInt8.random(in: 0...255, using: &random)
            guard changed != bytes else { continue }
            // base64url is read only in its one canonical spelling, so any change is another JWS.
            #expect(!accepts(Data(changed)), "byte \(at) set to \(changed[at])")
        }
    }
}
