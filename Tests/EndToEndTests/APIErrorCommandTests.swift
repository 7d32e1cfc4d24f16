import Foundation
import Testing

/// `storefront set fail API ERROR`: each StoreKit API fails on its own from the command line,
/// and a .storekit file's `_storeKitErrors` starts a store with them and is written back.
@Suite(.ownThreads) final class APIErrorCommandTests {
    let cli = BinaryRunner()

    init() throws {
        #expect(try cli.run("set", "latency", "0").status == 0)
    }

    deinit {
        cli.cleanUp()
    }

    private func set(_ arguments: String..., says line: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = try cli.run(arguments: ["--data-dir", cli.dataDirectory.path, "set"] + arguments)
        #expect(result.status == 0, "\(result.summary)", sourceLocation: sourceLocation)
        #expect(result.stdout == line + "\n", sourceLocation: sourceLocation)
    }

    private func run(_ arguments: String..., status: Int32, sourceLocation: SourceLocation = #_sourceLocation) throws -> BinaryRunner.Result {
        let result = try cli.run(arguments: ["--data-dir", cli.dataDirectory.path] + arguments + ["--json"])
        #expect(result.status == status, "\(result.summary)", sourceLocation: sourceLocation)
        return result
    }

    private var settings: [String: Any] {
        get throws { try #require(try cli.state()["settings"] as? [String: Any]) }
    }

    @Test func eachAPIFailsAloneTheOthersUnaffected() throws {
        try set("fail", "load-products", "networkError", says: "fail-load-products = networkError")
        let products = try run("products", status: 4).error()
        #expect(products["domain"] as? String == "StoreKit.StoreKitError")
        #expect(products["name"] as? String == "networkError")
        #expect(try run("buy", "com.storefront.premium", status: 0).transaction()["state"] as? String == "purchased")
        _ = try run("restore", status: 0)
        #expect(try settings["failLoadProducts"] as? String == "networkError")
        try set("fail", "load-products", "off", says: "fail-load-products = off")
        _ = try run("products", status: 0)

        try set("fail", "purchase", "purchaseLimitExceeded", says: "fail-with = purchaseLimitExceeded")
        let limited = try run("buy", "com.storefront.credits.5", status: 4)
        #expect(try limited.error()["code"] as? Int == 18)
        #expect(try limited.error()["name"] as? String == "purchaseLimitExceeded")
        #expect(try limited.transaction()["state"] as? String == "failed")
        #expect(try settings["failWith"] as? String == "purchaseLimitExceeded")
        _ = try run("products", status: 0)
        _ = try run("restore", status: 0)
        try set("fail-with", "4", says: "fail-with = 4 paymentNotAllowed")
        #expect(try settings["failWith"] as? Int == 4, "kept as the code it always was")
        try set("fail", "purchase", "off", says: "fail-with = off")

        try set("fail", "app-store-sync", "unknown", says: "fail-app-store-sync = unknown")
        let restore = try run("restore", status: 4)
        #expect(try restore.error()["name"] as? String == "unknown")
        #expect(try restore.error()["domain"] as? String == "StoreKit.StoreKitError")
        #expect(try run("buy", "com.storefront.credits.5", status: 0).transaction()["state"] as? String == "purchased")
        #expect(try cli.userDefaults()["credits"] as? Int == 5)
    }

    @Test func anAPIStorefrontDoesNotHaveYetIsKept() throws {
        try set("fail", "refund-request", "duplicateRequest", says: "fail-refund-request = duplicateRequest")
        #expect(try settings["failRefundRequest"] as? String == "duplicateRequest")
        #expect(try run("buy", "com.storefront.premium", status: 0).transaction()["state"] as? String == "purchased")
        let state = try cli.run("--data-dir", cli.dataDirectory.path, "state")
        #expect(state.stdout.contains("  fail-refund-request duplicateRequest\n"), "\(state.stdout)")
    }

    @Test(arguments: [
        (["fail", "bogus", "unknown"], "fail takes a StoreKit API (load-products, purchase,"),
        (["fail", "load-products"], "fail load-products takes its error, or off: unknown, userCancelled, networkError,"),
        (["fail", "load-products", "paymentNotAllowed"], "fail-load-products takes off or one of its errors: unknown,"),
        (["fail-with", "2", "3"], "fail-with takes one value, not also \"3\""),
        (["fail-app-store-sync", "purchaseLimitExceeded"], "fail-app-store-sync takes off or one of its errors"),
    ])
    func aBadAPIOrErrorIsAUsageErrorAndChangesNothing(arguments: [String], message: String) throws {
        let result = try cli.run(arguments: ["--data-dir", cli.dataDirectory.path, "set"] + arguments)
        #expect(result.status == 64, "\(result.summary)")
        #expect(result.stderr.hasPrefix("storefront: \(message)"), "\(result.summary)")
        let settings = try settings
        for name in ["failWith", "failLoadProducts", "failAppStoreSync"] {
            #expect(settings[name] is NSNull, "\(name)")
        }
    }

    /// A .storekit file's errors per API start a new store, `catalog check` shows them, and
    /// `catalog export` writes them back as they were.
    @Test func aStoreKitFilesErrorsPerAPIStartTheStoreAndRoundTrip() throws {
        try FileManager.default.createDirectory(at: cli.dataDirectory, withIntermediateDirectories: true)
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("StoreKitSimTests/Fixtures/StoreKit/HarborRadio-v3.storekit")
        var top = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: fixture)) as? [String: Any])
        var settings = top["settings"] as? [String: Any] ?? [:]
        settings["_storeKitErrors"] = [
            ["name": "Load Products", "enabled": true, "current": ["index": 2, "type": "generic"]],
            ["name": "Purchase", "enabled": false, "current": NSNull()],
            ["name": "Refund Request Sheet", "enabled": true, "current": ["index": 1, "type": "refundRequest"]],
        ]
        top["settings"] = settings
        let catalog = cli.dataDirectory.appendingPathComponent("Harbor.storekit").path
        try JSONSerialization.data(withJSONObject: top).write(to: URL(fileURLWithPath: catalog))
        let expected = ["load-products": "networkError", "refund-request": "failed"]

        let check = try cli.run("catalog", "check", catalog, "--json").json()
        #expect((check["conditions"] as? [String: Any])?["failures"] as? [String: String] == expected)
        #expect((check["notes"] as? [String])?.contains { $0.contains("Refund Request Sheet") } != true, "the refund request sheet fails as the file says")

        let out = cli.dataDirectory.appendingPathComponent("out.storekit").path
        #expect(try cli.run("--catalog", catalog, "catalog", "export", "--storekit", out).status == 0)
        let written = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out))) as? [String: Any])
        let entries = try #require((written["settings"] as? [String: Any])?["_storeKitErrors"] as? [[String: Any]])
        #expect(entries.map { $0["name"] as? String } == ["Load Products", "Purchase", "Verification", "App Store Sync", "Subscription Status",
                                                           "App Transaction", "Manage Subscriptions Sheet", "Refund Request Sheet",
                                                           "Offer Code Redeem Sheet"])
        #expect(entries.filter { $0["enabled"] as? Bool == true }.map { $0["name"] as? String } == ["Load Products", "Refund Request Sheet"])
        let again = try cli.run("catalog", "check", out, "--json").json()
        #expect((again["conditions"] as? [String: Any])?["failures"] as? [String: String] == expected)

        let fresh = cli.dataDirectory.appendingPathComponent("fresh").path
        let products = try cli.run("--data-dir", fresh, "--catalog", catalog, "products", "--json")
        #expect(products.status == 4, "a new store starts with the file's errors: \(products.summary)")
        #expect(try products.error()["name"] as? String == "networkError")
    }
}
