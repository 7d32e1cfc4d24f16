import AppStoreSigning
import Foundation
import Testing

/// Promotional offers from the command line, through the binary: `products --json` gives each
/// with the signed-in customer's eligibility, `buy --offer` is refused with StoreKit's error
/// where the store refuses it and bought where it may be, and a damaged key file is refused
/// with exit 65 and left as it is.
@Suite(.ownThreads) final class PromotionalOfferCommandTests {
    let cli = BinaryRunner()
    static let monthly = "com.storefront.pro.monthly"

    deinit { cli.cleanUp() }

    /// Pro Monthly's promotional offers in `products --json`.
    func offers() throws -> [[String: Any]] {
        let products = try #require(try cli.command("products", "--json").json()["products"] as? [[String: Any]])
        let monthly = try #require(products.first { $0["id"] as? String == Self.monthly })
        return try #require(monthly["promotionalOffers"] as? [[String: Any]], "\(monthly)")
    }

    @Test func productsGiveEachOfferWithTheCustomersEligibility() throws {
        let before = try offers()
        #expect(before.map { $0["id"] as? String } == ["COMEBACK"])
        #expect(before.first?["formattedPrice"] as? String == "$2.99" && before.first?["periods"] as? Int == 3, "\(before)")
        #expect(before.first?["eligible"] as? Bool == false, "never subscribed")
        let refused = try cli.command("buy", Self.monthly, "--offer", "COMEBACK", status: 4)
        #expect(refused.stdout.contains("error 18 ineligibleForOffer: The user is not eligible for the subscription offer."), "\(refused.summary)")
        try cli.command("buy", Self.monthly)
        #expect(try offers().first?["eligible"] as? Bool == true, "an existing subscriber")
        try cli.command("expire", Self.monthly)
        #expect(try offers().first?["eligible"] as? Bool == true, "a lapsed subscriber")
        let bought = try cli.command("buy", Self.monthly, "--offer", "COMEBACK", "--json").json()
        let transaction = try #require(bought["transaction"] as? [String: Any])
        #expect(transaction["price"] as? String == "2.99" && (transaction["offer"] as? [String: Any])?["id"] as? String == "COMEBACK",
                "\(transaction)")
        try cli.command("expire", Self.monthly)
        let unknown = try cli.command("buy", Self.monthly, "--offer", "NOPE", status: 4)
        #expect(unknown.stdout.contains("error 11 invalidOfferIdentifier"), "\(unknown.summary)")
    }

    /// A .storekit file's `subscriptionOffersKeyPair` holding a P-256 key is the one offers are
    /// signed and checked with; the fixtures' stand-in keys are no keys, and the data
    /// directory's is used.
    @Test func aStoreKitFilesKeyPairIsUsedWhenItHoldsAKey() throws {
        try FileManager.default.createDirectory(at: cli.dataDirectory, withIntermediateDirectories: true)
        let fixture = URL(fileURLWithPath: CatalogCommandTests.fixture("TeaGarden-v2"))
        var file = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: fixture)) as? [String: Any])
        let key = SubscriptionOffersKey.make()
        file["subscriptionOffersKeyPair"] = ["id": "XCODE12345", "privateKey": key.privateKey.derRepresentation.base64EncodedString()]
        let catalog = cli.dataDirectory.appendingPathComponent("Tea.storekit")
        try JSONSerialization.data(withJSONObject: file).write(to: catalog)
        let out = cli.dataDirectory.appendingPathComponent("key.p8")
        let exported = try cli.command("offer-key", "--catalog", catalog.path, "--p8", out.path, "--json").json()
        #expect(exported["keyID"] as? String == "XCODE12345", "\(exported)")
        #expect(String(decoding: try Data(contentsOf: out), as: UTF8.self) == key.p8, "the file's key, as a .p8")
        #expect(!FileManager.default.fileExists(atPath: cli.dataDirectory.appendingPathComponent("subscription-offers-key.json").path))

        let standIn = try cli.command("offer-key", "--catalog", fixture.path, "--p8", out.path, "--json").json()
        #expect(standIn["keyID"] as? String != "4A8BFEED", "the fixture's stand-in is no key: \(standIn)")
    }

    @Test func aDamagedKeyIsRefusedWithItsRemedyAndLeftAsItIs() throws {
        try FileManager.default.createDirectory(at: cli.dataDirectory, withIntermediateDirectories: true)
        let file = cli.dataDirectory.appendingPathComponent("subscription-offers-key.json")
        try Data("my notes\n".utf8).write(to: file)
        let out = cli.dataDirectory.appendingPathComponent("key.p8")
        let refused = try cli.command("offer-key", "--p8", out.path, status: 65)
        #expect(refused.stderr.contains("subscription-offers-key.json"), "\(refused.summary)")
        #expect(refused.stderr.contains("storefront leaves it untouched. Move it aside and storefront makes a new subscription-offers key"),
                "\(refused.summary)")
        try cli.command("buy", Self.monthly)
        try cli.command("expire", Self.monthly)
        try cli.command("buy", Self.monthly, "--offer", "COMEBACK", status: 65)
        #expect(try Data(contentsOf: file) == Data("my notes\n".utf8))
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }
}
