import Foundation
import Testing

/// A promotional offer signed by a backend with Apple's App Store Server Library, from the key
/// `storefront offer-key` exports, bought through the binary: version 1
/// (PromotionalOfferSignatureCreator) and version 2 (PromotionalOfferV2SignatureCreator's JWS).
/// The transaction and renewal info the store signs carry the offer, as the library reads them.
@Suite(.appleLibrary, .ownThreads) final class AppleLibraryPromotionalOfferTests {
    static let signScript = BrowserCheck.root.appendingPathComponent("Tests/AppleLibrary/sign_promotional_offer.py")
    static let verifyScript = BrowserCheck.root.appendingPathComponent("Tests/AppleLibrary/verify_jws.py")
    static let monthly = "com.storefront.pro.monthly"
    static let bundleID = "com.storefront.quotes"
    /// The store time commands run at (`BinaryRunner.fixedStart`), in milliseconds.
    static let start: Int64 = 1_893_488_400_000

    let cli = BinaryRunner()
    var scratch: URL { cli.dataDirectory.appendingPathComponent("scratch") }

    deinit { cli.cleanUp() }

    /// The data directory's key as a backend is given it: the .p8 and its key id.
    func exportedKey() throws -> (p8: URL, keyID: String) {
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let p8 = scratch.appendingPathComponent("SubscriptionKey.p8")
        let output = try cli.command("offer-key", "--p8", p8.path, "--json").json()
        #expect(output["bundleID"] as? String == Self.bundleID)
        return (p8, try #require(output["keyID"] as? String))
    }

    /// What Apple's library signs, written to a file for `buy --signature` or `--jws`.
    func signed(_ arguments: String...) throws -> URL {
        let result = try AppleLibrary.run([Self.signScript.path] + arguments, input: Data())
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let file = scratch.appendingPathComponent("\(UUID().uuidString).signature")
        try Data(result.stdout.utf8).write(to: file)
        return file
    }

    /// A lapsed subscriber: subscribed once, the subscription ended.
    func lapse() throws {
        try cli.command("set", "signing-environment", "sandbox")
        try cli.command("buy", Self.monthly)
        try cli.command("expire", Self.monthly)
    }

    /// The library's decoding of a JWS the store signed, checked against the directory's root.
    func decoded(_ jws: String?, kind: String) throws -> [String: Any] {
        let root = scratch.appendingPathComponent("root.der")
        try cli.command("certificate", "--root", root.path)
        let file = scratch.appendingPathComponent("\(UUID().uuidString).jws")
        try Data(try #require(jws).utf8).write(to: file)
        let result = try AppleLibrary.run([Self.verifyScript.path, root.path, kind, Self.bundleID, file.path], input: Data())
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    @Test func aVersion1SignatureBuysTheOfferOnceAndTheSignedFormsCarryIt() throws {
        let key = try exportedKey()
        try lapse()
        let signature = try signed("v1", key.p8.path, key.keyID, Self.bundleID, Self.monthly, "COMEBACK", "", String(Self.start))
        let bought = try cli.command("buy", Self.monthly, "--offer", "COMEBACK", "--signature", signature.path, "--json").json()
        let transaction = try #require(bought["transaction"] as? [String: Any])
        #expect(transaction["state"] as? String == "purchased" && transaction["price"] as? String == "2.99", "\(transaction)")
        #expect((transaction["offer"] as? [String: Any])?["type"] as? String == "promotional", "\(transaction)")

        let status = try #require(((try cli.command("subscriptions", "--json").json()["subscriptions"] as? [[String: Any]])?.first)?["status"]
                                    as? [String: Any])
        let signedTransaction = try decoded(status["signedTransactionInfo"] as? String, kind: "transaction")
        #expect(signedTransaction["offerType"] as? Int == 2 && signedTransaction["offerIdentifier"] as? String == "COMEBACK",
                "\(signedTransaction)")
        #expect(signedTransaction["offerDiscountType"] as? String == "PAY_AS_YOU_GO" && signedTransaction["offerPeriod"] as? String == "P3M",
                "\(signedTransaction)")
        let renewal = try decoded(status["signedRenewalInfo"] as? String, kind: "renewal")
        #expect(renewal["offerType"] as? Int == 2 && renewal["offerIdentifier"] as? String == "COMEBACK", "\(renewal)")

        // The same signature again: its nonce is used up.
        try cli.command("expire", Self.monthly)
        let again = try cli.command("buy", Self.monthly, "--offer", "COMEBACK", "--signature", signature.path, status: 4)
        #expect(again.stdout.contains("error 12 invalidSignature: The signature in a payment discount is not valid."), "\(again.summary)")
    }

    @Test func aSignatureOfAnotherKeyOrProductIsInvalid() throws {
        let key = try exportedKey()
        try lapse()
        let other = BinaryRunner()
        defer { other.cleanUp() }
        let otherP8 = scratch.appendingPathComponent("Other.p8")
        let otherID = try #require(try other.command("offer-key", "--p8", otherP8.path, "--json").json()["keyID"] as? String)
        for signature in [
            try signed("v1", otherP8.path, otherID, Self.bundleID, Self.monthly, "COMEBACK", "", String(Self.start)),
            try signed("v1", key.p8.path, key.keyID, Self.bundleID, "com.storefront.pro.yearly", "COMEBACK", "", String(Self.start)),
            try signed("v1", key.p8.path, key.keyID, "com.example.other", Self.monthly, "COMEBACK", "", String(Self.start)),
        ] {
            let refused = try cli.command("buy", Self.monthly, "--offer", "COMEBACK", "--signature", signature.path, status: 4)
            #expect(refused.stdout.contains("error 12 invalidSignature"), "\(refused.summary)")
        }
        // Signed more than 24 hours before store time.
        let old = try signed("v1", key.p8.path, key.keyID, Self.bundleID, Self.monthly, "COMEBACK", "", String(Self.start - 25 * 3_600_000))
        #expect(try cli.command("buy", Self.monthly, "--offer", "COMEBACK", "--signature", old.path, status: 4).stdout
            .contains("error 12 invalidSignature"))
    }

    /// A JWS carries the time it was signed at in real time: the store's clock runs from real
    /// time here, not from the fixed start.
    @Test func aVersion2JWSBuysTheOffer() throws {
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let p8 = scratch.appendingPathComponent("SubscriptionKey.p8")
        let output = try cli.run("offer-key", "--p8", p8.path, "--json")
        let keyID = try #require(try output.json()["keyID"] as? String)
        #expect(try cli.run("buy", Self.monthly).status == 0)
        #expect(try cli.run("expire", Self.monthly).status == 0)
        let jws = try signed("v2", p8.path, keyID, Self.bundleID, Self.monthly, "COMEBACK")
        let bought = try cli.run("buy", Self.monthly, "--offer", "COMEBACK", "--jws", jws.path, "--json")
        #expect(bought.status == 0, "\(bought.summary)")
        let transaction = try #require(try bought.json()["transaction"] as? [String: Any])
        #expect((transaction["offer"] as? [String: Any])?["id"] as? String == "COMEBACK", "\(transaction)")
        #expect(try cli.run("expire", Self.monthly).status == 0)
        let wrongOffer = try cli.run("buy", Self.monthly, "--offer", "OTHER", "--jws", jws.path)
        #expect(wrongOffer.status == 4 && wrongOffer.stdout.contains("error 11 invalidOfferIdentifier"), "\(wrongOffer.summary)")
    }
}
