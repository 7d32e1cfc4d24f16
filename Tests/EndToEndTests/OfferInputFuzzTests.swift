import Foundation
import Testing

/// What an offer is given as, damaged: each is refused with a message naming the file or the
/// field, never a crash, and nothing the input held that would drive the terminal is printed
/// back.
@Suite(.ownThreads) final class OfferInputFuzzTests {
    static let monthly = "com.storefront.pro.monthly"
    let cli = BinaryRunner()
    var scratch: URL { cli.dataDirectory.appendingPathComponent("scratch") }

    deinit { cli.cleanUp() }

    func file(_ name: String, _ bytes: Data) throws -> URL {
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let url = scratch.appendingPathComponent(name)
        try bytes.write(to: url)
        return url
    }

    /// Refused as it should be: the status, and no escape character printed back.
    func expectRefused(_ result: BinaryRunner.Result, status: Int32, saying text: String,
                       sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == status && !result.killed, "\(result.summary)", sourceLocation: sourceLocation)
        #expect((result.stdout + result.stderr).contains(text), "\(result.summary)", sourceLocation: sourceLocation)
        #expect(!(result.stdout + result.stderr).contains("\u{1B}"), "\(result.summary)", sourceLocation: sourceLocation)
    }

    @Test func aMalformedOfferCodeIsRefusedAtTheCommandLine() throws {
        let cases: [(code: String, says: String)] = [
            ("", "an offer code is not empty."),
            ("FRIEND\u{1B}[2JMONTH", "an offer code holds no control characters."),
            ("FRIEND\nMONTH", "an offer code holds no control characters."),
            (String(repeating: "A", count: 10 * 1024), "an offer code is at most 256 characters, not 10240."),
        ]
        for refused in cases {
            expectRefused(try cli.command("redeem-code", refused.code, status: 64), status: 64, saying: refused.says)
        }
        // A long code that could be one is the store's to refuse, by name.
        let unknown = try cli.command("redeem-code", String(repeating: "B", count: 200), status: 4)
        expectRefused(unknown, status: 4, saying: "has the offer code")
    }

    @Test func aWalkthroughsMalformedOfferCodeIsRefusedByLine() throws {
        let notUTF8 = try file("bytes.walk", Data("redeem-code ".utf8) + Data([0xFF, 0xFE, 0x41]) + Data("\n".utf8))
        let refused = try cli.run(arguments: ["test", notUTF8.path])
        #expect(refused.status != 0 && !refused.killed && refused.status < 128, "\(refused.summary)")
        #expect((refused.stdout + refused.stderr).contains("bytes.walk"), "\(refused.summary)")
        let control = try file("control.walk", Data("redeem-code \"FRIEND\u{1B}[2JMONTH\"\n".utf8))
        let escaped = try cli.run(arguments: ["test", control.path])
        #expect(escaped.status != 0 && !escaped.killed && escaped.status < 128, "\(escaped.summary)")
        #expect((escaped.stdout + escaped.stderr).contains("control.walk"), "\(escaped.summary)")
        #expect(!(escaped.stdout + escaped.stderr).contains("\u{1B}"), "\(escaped.summary)")
    }

    @Test func anOfferIDWithControlCharactersIsRefused() throws {
        for offer in ["COME\u{1B}[31mBACK", "COME\u{7}BACK", "COMEBACK\r"] {
            expectRefused(try cli.command("buy", Self.monthly, "--offer", offer, status: 64), status: 64,
                          saying: "--offer: an offer identifier holds no control characters.")
        }
    }

    @Test func aSignatureFileThatIsNotOneIsRefusedByName() throws {
        let fields = #"{"keyIdentifier": "ABCDE12345", "nonce": "4f3c1c9e-2d65-4e4d-9d7a-3b8a1f1d2c33", "timestamp": 1893488400000, "#
        let cases: [(name: String, bytes: Data, says: String)] = [
            ("junk.signature", Data((fields + #""signature": "!!not base64!!"}"#).utf8), "junk.signature: its \"signature\" is not base64"),
            ("notes.signature", Data("my notes\n".utf8), "notes.signature is not a promotional offer signature"),
            ("bytes.signature", Data([0xFF, 0xFE, 0x00]), "bytes.signature: is not text (not UTF-8)"),
            ("wrong-types.signature", Data(#"{"keyIdentifier": 1, "nonce": [], "timestamp": "x", "signature": {}}"#.utf8),
             "wrong-types.signature is not a promotional offer signature"),
        ]
        for damaged in cases {
            let url = try file(damaged.name, damaged.bytes)
            expectRefused(try cli.command("buy", Self.monthly, "--offer", "COMEBACK", "--signature", url.path, status: 64),
                          status: 64, saying: damaged.says)
        }
        let huge = try file("huge.signature", Data())
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: 100 * 1024 * 1024)
        try handle.close()
        expectRefused(try cli.command("buy", Self.monthly, "--offer", "COMEBACK", "--signature", huge.path, status: 64), status: 64,
                      saying: "huge.signature: is 100 MiB; storefront reads at most")
        expectRefused(try cli.command("buy", Self.monthly, "--offer", "COMEBACK", "--jws", "/dev/zero", status: 64), status: 64,
                      saying: "/dev/zero: is a character device, not a regular file")
        expectRefused(try cli.command("buy", Self.monthly, "--offer", "COMEBACK", "--jws", scratch.path, status: 64), status: 64,
                      saying: "scratch: is a directory, not a file")
    }

    /// A JWS whose header says `alg: none` and carries no signature is never taken as signed.
    @Test func aJWSWithAlgNoneIsAnInvalidSignature() throws {
        let p8 = try file("key.p8", Data())
        let keyID = try #require(try cli.command("offer-key", "--p8", p8.path, "--json").json()["keyID"] as? String)
        try cli.command("buy", Self.monthly)
        try cli.command("expire", Self.monthly)
        func base64URL(_ json: String) -> String {
            Data(json.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-")
                .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        }
        let claims = #"{"bid":"com.storefront.quotes","productId":"\#(Self.monthly)","offerIdentifier":"COMEBACK","# +
            #""aud":"promotional-offer","iat":1893488400,"nonce":"4f3c1c9e-2d65-4e4d-9d7a-3b8a1f1d2c33"}"#
        for header in [#"{"alg":"none","kid":"\#(keyID)"}"#, #"{"alg":"NONE","kid":"\#(keyID)","typ":"JWT"}"#] {
            for signature in ["", "AAAA"] {
                let jws = try file("\(UUID().uuidString).jws", Data("\(base64URL(header)).\(base64URL(claims)).\(signature)".utf8))
                expectRefused(try cli.command("buy", Self.monthly, "--offer", "COMEBACK", "--jws", jws.path, status: 4), status: 4,
                              saying: "error 12 invalidSignature")
            }
        }
    }

    /// subscription-offers-key.json cut short anywhere: refused with its remedy, exit 65, left
    /// byte for byte, and no part of the key printed.
    @Test func aKeyFileCutShortIsRefusedWithItsRemedyAndNeverRewritten() throws {
        let p8 = scratch.appendingPathComponent("key.p8")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let exported = try cli.command("offer-key", "--p8", p8.path, "--json").json()
        let keyID = try #require(exported["keyID"] as? String)
        let url = cli.dataDirectory.appendingPathComponent("subscription-offers-key.json")
        let whole = try Data(contentsOf: url)
        let privateKey = try #require(try JSONSerialization.jsonObject(with: whole) as? [String: Any])["privateKey"] as? String
        let key = try #require(privateKey)
        // Every seventh cut, and the ends: each process run takes a while.
        let cuts = Set(Array(stride(from: 0, to: whole.count - 2, by: 7)) + [1, whole.count - 3])
        for cut in cuts.sorted() {
            let bytes = whole.prefix(cut)
            try bytes.write(to: url)
            let refused = try cli.command("offer-key", "--p8", p8.path, status: 65)
            #expect(refused.stderr.contains("subscription-offers-key.json") && refused.stderr.contains("Move it aside"),
                    "cut at \(cut): \(refused.summary)")
            #expect(!refused.stderr.contains(key.prefix(12)) && !refused.stderr.contains(keyID), "cut at \(cut): \(refused.summary)")
            #expect(try Data(contentsOf: url) == bytes, "cut at \(cut): left byte for byte")
        }
    }
}
