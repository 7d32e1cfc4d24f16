import Foundation
import Testing

/// A promotional offer Apple's library signed, with one byte of what the payment carries
/// changed, bought through the binary: each is refused, and the untouched one is then bought.
/// A changed signature, nonce or timestamp no longer verifies (12 invalidSignature); a
/// changed offer id names no offer of the product (11 invalidOfferIdentifier), or, inside a
/// version 2 JWS, no longer verifies (12).
extension AppleLibraryPromotionalOfferTests {
    /// `text` with the character at `offset` (from the end when negative) replaced by another
    /// of the same alphabet, so the field still parses.
    static func changingOneCharacter(of text: String, at offset: Int) -> String {
        var characters = Array(text)
        let index = offset >= 0 ? offset : characters.count + offset
        // Never a letter into its other case: a version 1 nonce is signed lowercased.
        switch characters[index] {
        case "0": characters[index] = "1"
        case "a": characters[index] = "b"
        case "A": characters[index] = "B"
        case let c where c.isNumber: characters[index] = "0"
        case let c where c.isLowercase: characters[index] = "a"
        default: characters[index] = "A"
        }
        return String(characters)
    }

    /// The signature file with `field` changed by `change`.
    func tampered(_ file: URL, _ field: String, _ change: (Any) -> Any) throws -> URL {
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        object[field] = change(try #require(object[field]))
        let out = scratch.appendingPathComponent("\(UUID().uuidString).signature")
        try JSONSerialization.data(withJSONObject: object).write(to: out)
        return out
    }

    @Test func aVersion1SignatureWithOneByteChangedIsRefused() throws {
        let key = try exportedKey()
        try lapse()
        let signature = try signed("v1", key.p8.path, key.keyID, Self.bundleID, Self.monthly, "COMEBACK", "", String(Self.start))
        let cases: [(name: String, file: URL, offer: String, error: String)] = [
            ("signature", try tampered(signature, "signature") { Self.changingOneCharacter(of: "\($0)", at: 20) }, "COMEBACK",
             "error 12 invalidSignature"),
            ("nonce", try tampered(signature, "nonce") { Self.changingOneCharacter(of: "\($0)", at: 0) }, "COMEBACK",
             "error 12 invalidSignature"),
            ("timestamp", try tampered(signature, "timestamp") { (($0 as? NSNumber)?.int64Value ?? 0) + 1 }, "COMEBACK",
             "error 12 invalidSignature"),
            ("offer id", signature, "COMEBACL", "error 11 invalidOfferIdentifier"),
        ]
        for tamper in cases {
            let refused = try cli.command("buy", Self.monthly, "--offer", tamper.offer, "--signature", tamper.file.path, status: 4)
            #expect(refused.stdout.contains(tamper.error), "\(tamper.name): \(refused.summary)")
        }
        let bought = try cli.command("buy", Self.monthly, "--offer", "COMEBACK", "--signature", signature.path, "--json").json()
        #expect(((bought["transaction"] as? [String: Any])?["offer"] as? [String: Any])?["id"] as? String == "COMEBACK", "\(bought)")
    }

    /// The JWS's claims changed and encoded again, its signature kept.
    static func changingClaims(of jws: String, _ change: (String) -> String) throws -> String {
        var parts = jws.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".").map(String.init)
        var base64 = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        let claims = change(String(decoding: try #require(Data(base64Encoded: base64)), as: UTF8.self))
        parts[1] = Data(claims.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        return parts.joined(separator: ".")
    }

    /// The value of `name` in the claims' JSON text changed by one character.
    static func changingClaim(_ name: String, in claims: String) -> String {
        guard let range = claims.range(of: "\"\(name)\":") else { return claims }
        let valueStart = claims[range.upperBound...].firstIndex { $0 != " " && $0 != "\"" } ?? range.upperBound
        let offset = claims.distance(from: claims.startIndex, to: valueStart) + 1
        return changingOneCharacter(of: claims, at: offset)
    }

    /// The store's clock runs from real time here, as the JWS's `iat` is real time.
    @Test func aVersion2JWSWithOneByteChangedIsRefused() throws {
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let p8 = scratch.appendingPathComponent("SubscriptionKey.p8")
        let keyID = try #require(try cli.run("offer-key", "--p8", p8.path, "--json").json()["keyID"] as? String)
        #expect(try cli.run("buy", Self.monthly).status == 0)
        #expect(try cli.run("expire", Self.monthly).status == 0)
        let file = try signed("v2", p8.path, keyID, Self.bundleID, Self.monthly, "COMEBACK")
        let jws = try String(contentsOf: file, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        var cases: [(name: String, jws: String)] = [("signature", Self.changingOneCharacter(of: jws, at: -20))]
        for claim in ["nonce", "iat", "offerIdentifier"] {
            let changed = try Self.changingClaims(of: jws) { Self.changingClaim(claim, in: $0) }
            #expect(changed != jws, "\(claim) changed")
            cases.append((claim, changed))
        }
        for tamper in cases {
            let out = scratch.appendingPathComponent("\(UUID().uuidString).jws")
            try Data(tamper.jws.utf8).write(to: out)
            let refused = try cli.run("buy", Self.monthly, "--offer", "COMEBACK", "--jws", out.path)
            #expect(refused.status == 4 && refused.stdout.contains("error 12 invalidSignature"), "\(tamper.name): \(refused.summary)")
        }
        let otherOffer = try cli.run("buy", Self.monthly, "--offer", "COMEBACL", "--jws", file.path)
        #expect(otherOffer.status == 4 && otherOffer.stdout.contains("error 11 invalidOfferIdentifier"), "\(otherOffer.summary)")
        let bought = try cli.run("buy", Self.monthly, "--offer", "COMEBACK", "--jws", file.path, "--json")
        #expect(bought.status == 0, "\(bought.summary)")
        #expect(((try bought.json()["transaction"] as? [String: Any])?["offer"] as? [String: Any])?["id"] as? String == "COMEBACK")
    }
}
