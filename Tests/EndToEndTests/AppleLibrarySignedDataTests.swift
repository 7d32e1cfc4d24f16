import AppStoreSigning
import Foundation
import Testing

/// Apple's App Store Server Library (Python, its SignedDataVerifier: OpenSSL with X509_STRICT)
/// is the judge of what storefront signs: it accepts a transaction, a renewal info and an app
/// transaction signed with a data directory's chain against that directory's root, and refuses
/// them once a byte of the payload or the signature changed, or signed by another directory.
@Suite(.appleLibrary, .ownThreads) final class AppleLibrarySignedDataTests {
    static let script = BrowserCheck.root.appendingPathComponent("Tests/AppleLibrary/verify_jws.py")
    static let bundleID = "com.example.storefront"

    let cli = BinaryRunner()
    let other = BinaryRunner()
    var scratch: URL { cli.dataDirectory.appendingPathComponent("scratch") }

    deinit {
        cli.cleanUp()
        other.cleanUp()
    }

    /// Hand-made payloads with what the library checks: bundle id, environment Sandbox,
    /// signedDate in milliseconds (2030-01-01T09:00:00Z).
    static let payloads: [(kind: String, json: String)] = [
        ("transaction", """
            {"bundleId":"com.example.storefront","environment":"Sandbox","inAppOwnershipType":"PURCHASED",\
            "originalPurchaseDate":1893488400000,"originalTransactionId":"1000000001","productId":"com.storefront.premium",\
            "purchaseDate":1893488400000,"quantity":1,"signedDate":1893488400000,"storefront":"USA","storefrontId":"143441",\
            "transactionId":"1000000001","transactionReason":"PURCHASE","type":"Non-Consumable"}
            """),
        ("renewal", """
            {"autoRenewProductId":"com.storefront.pro.monthly","autoRenewStatus":1,"environment":"Sandbox",\
            "originalTransactionId":"1000000002","productId":"com.storefront.pro.monthly","recentSubscriptionStartDate":1893488400000,\
            "renewalDate":1896166800000,"signedDate":1893488400000}
            """),
        ("app", """
            {"appTransactionId":"704289200000000001","applicationVersion":"1.0","bundleId":"com.example.storefront",\
            "originalApplicationVersion":"1.0","originalPurchaseDate":1893488400000,"receiptCreationDate":1893488400000,\
            "receiptType":"Sandbox","requestDate":1893488400000,"signedDate":1893488400000,"originalPlatform":"iOS"}
            """),
    ]

    /// The library's answer: exit 0 and the decoded payload, or 1 and its VerificationStatus.
    /// `bundleID`: the app the library expects (the built-in app's for what the binary signs).
    func judge(_ jws: String, kind: String, root: URL, bundleID: String = bundleID) throws -> (status: Int32, output: String) {
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let file = scratch.appendingPathComponent("\(UUID().uuidString).jws")
        try Data(jws.utf8).write(to: file)
        let result = try AppleLibrary.run([Self.script.path, root.path, kind, bundleID, file.path], input: Data())
        #expect(result.status != 2, "\(result.stdout)\(result.stderr)")
        return (result.status, result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) + result.stderr)
    }

    func chain(_ runner: BinaryRunner) throws -> (identity: SigningIdentity, root: URL) {
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let root = scratch.appendingPathComponent("root-\(UUID().uuidString).der")
        _ = try runner.command("certificate", "--root", root.path)
        let identity = try #require(try SigningChainFile.load(from: runner.dataDirectory.appendingPathComponent("signing.pem")))
        return (identity, root)
    }

    @Test(arguments: payloads.map(\.kind))
    func theLibraryAcceptsWhatIsSignedAndRefusesItChanged(kind: String) throws {
        let json = try #require(Self.payloads.first { $0.kind == kind }).json
        let (identity, root) = try chain(cli)
        let jws = try JWSSigner(identity: identity).sign(payload: Data(json.utf8))

        let accepted = try judge(jws, kind: kind, root: root)
        #expect(accepted.status == 0, "\(kind): \(accepted.output)")
        let decoded = try #require(try JSONSerialization.jsonObject(with: Data(accepted.output.utf8)) as? [String: Any], "\(accepted.output)")
        // The library's AppTransaction keeps receiptCreationDate, its other payloads signedDate.
        #expect(decoded[kind == "app" ? "receiptCreationDate" : "signedDate"] as? Int == 1_893_488_400_000, "\(decoded)")

        let parts = jws.split(separator: ".").map(String.init)
        var payload = [UInt8](try #require(Data(base64URL: parts[1])))
        payload[payload.count / 2] ^= 0x01
        let changedPayload = "\(parts[0]).\(Data(payload).base64URL).\(parts[2])"
        var signature = [UInt8](try #require(Data(base64URL: parts[2])))
        signature[10] ^= 0x01
        let changedSignature = "\(parts[0]).\(parts[1]).\(Data(signature).base64URL)"
        for (what, changed) in [("a payload byte", changedPayload), ("a signature byte", changedSignature)] {
            let refused = try judge(changed, kind: kind, root: root)
            #expect(refused.status == 1, "\(kind), \(what) changed: \(refused.output)")
            #expect(refused.output == "VERIFICATION_FAILURE", "\(kind), \(what) changed: \(refused.output)")
        }

        let elsewhere = try JWSSigner(identity: try chain(other).identity).sign(payload: Data(json.utf8))
        let refused = try judge(elsewhere, kind: kind, root: root)
        #expect(refused.status == 1, "\(kind), another directory's chain: \(refused.output)")
        #expect(refused.output == "VERIFICATION_FAILURE", "\(refused.output)")
    }

    /// The same bytes through storefront's own verifier, from the binary: what the library
    /// accepts, `storefront verify` accepts, told as the same kind.
    @Test func storefrontVerifyAgreesOnEachKind() throws {
        let (identity, _) = try chain(cli)
        for (kind, json) in Self.payloads {
            let file = scratch.appendingPathComponent("\(kind).jws")
            try Data(try JWSSigner(identity: identity).sign(payload: Data(json.utf8)).utf8).write(to: file)
            let result = try cli.command("verify", file.path, "--json")
            let told = try result.json()["kind"] as? String
            #expect(told == ["transaction": "transaction", "renewal": "renewal info", "app": "app transaction"][kind], "\(result.summary)")
        }
    }
}

extension Data {
    init?(base64URL text: String) {
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        standard += String(repeating: "=", count: (4 - standard.count % 4) % 4)
        self.init(base64Encoded: standard)
    }

    var base64URL: String {
        base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
