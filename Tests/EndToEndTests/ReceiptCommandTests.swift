import Foundation
import Testing

/// The App Store receipt through the binary: `receipt` after purchases, read by Apple's own
/// library (app-store-server-library's ReceiptUtility); `verify-receipt` answering it, and any
/// bytes, as Apple's endpoint did; `receipt --refresh` failing as App Store Sync is set to.
@Suite(.ownThreads) final class ReceiptCommandTests {
    let cli = BinaryRunner()
    static let premium = "com.storefront.premium"
    static let monthly = "com.storefront.pro.monthly"
    static let script = BrowserCheck.root.appendingPathComponent("Tests/AppleLibrary/receipt_transaction_id.py")

    deinit { cli.cleanUp() }

    private func history() throws -> [String] {
        let history = try #require(try cli.command("state", "--json").json()["history"] as? [[String: Any]])
        return history.compactMap { $0["transactionID"] as? String ?? $0["id"] as? String }
    }

    private func python(_ receipt: String) throws -> (status: Int32, stdout: String, stderr: String) {
        let file = cli.dataDirectory.appendingPathComponent("receipt.b64")
        try cli.write(receipt, to: file)
        return try AppleLibrary.run([Self.script.path, file.path], input: Data())
    }

    @Test(.appleLibrary) func applesLibraryReadsATransactionIdOfTheStoreFromTheReceipt() throws {
        try #require(AppleLibrary.missing == nil, Comment(rawValue: AppleLibrary.missing ?? ""))
        try cli.command("set", "latency", "0")
        try cli.command("buy", Self.premium)
        try cli.command("buy", Self.monthly)
        let receipt = try cli.command("receipt").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let read = try python(receipt)
        #expect(read.status == 0, "\(read.stderr)")
        let id = read.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(!id.isEmpty)
        #expect(try history().contains(id), "\(id) not in the store's history")
    }

    @Test func theReceiptListsThePurchasesAndIsKeptUntilTheRecordsChange() throws {
        try cli.command("set", "latency", "0")
        try cli.command("buy", Self.premium)
        let json = try cli.command("receipt", "--json").json()
        let purchases = try #require(json["inAppPurchases"] as? [[String: Any]])
        #expect(purchases.map { $0["productID"] as? String } == [Self.premium])
        // The signing environment's: Xcode's by default, the sandbox's once set.
        #expect(json["environment"] as? String == "Xcode")
        #expect(json["bundleID"] as? String == "com.storefront.quotes" && json["appVersion"] as? String == "1.0")
        let first = try cli.command("receipt").stdout
        #expect(try cli.command("receipt", "--base64").stdout == first)
        try cli.command("buy", Self.monthly)
        try cli.command("set", "signing-environment", "sandbox")
        let after = try cli.command("receipt", "--json").json()
        #expect(after["environment"] as? String == "ProductionSandbox")
        #expect((after["inAppPurchases"] as? [[String: Any]])?.map { $0["productID"] as? String } == [Self.premium, Self.monthly])
        let output = cli.dataDirectory.appendingPathComponent("receipt.der")
        try cli.command("receipt", "--output", output.path)
        #expect(try Data(contentsOf: output).base64EncodedString() == (try cli.command("receipt").stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    @Test func verifyReceiptAnswersTheReceiptAndEachMistakeWithItsStatus() throws {
        try cli.command("set", "latency", "0")
        try cli.command("buy", Self.monthly)
        let receipt = try cli.command("receipt").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let body = cli.dataDirectory.appendingPathComponent("body.json")
        func status(_ text: String, _ extra: String...) throws -> Int? {
            try cli.write(text, to: body)
            let result = try cli.run(arguments: ["--data-dir", cli.dataDirectory.path, "verify-receipt", body.path] + extra,
                                     environment: BinaryRunner.fixedStart)
            let status = try result.json()["status"] as? Int
            #expect(result.status == (status == 0 ? 0 : 4), "\(result.summary)")
            return status
        }
        try cli.write("{\"receipt-data\": \"\(receipt)\", \"password\": \"storefront-shared-secret\"}", to: body)
        let answer = try cli.command("verify-receipt", body.path).json()
        #expect(answer["status"] as? Int == 0)
        #expect(answer["environment"] as? String == "Sandbox")
        #expect((answer["latest_receipt_info"] as? [[String: Any]])?.first?["product_id"] as? String == Self.monthly)
        #expect((answer["pending_renewal_info"] as? [[String: Any]])?.first?["auto_renew_status"] as? String == "1")
        #expect(try status(receipt) == 0)
        #expect(try status(receipt, "--environment", "production") == 21007)
        #expect(try status("{\"receipt-data\": \"\(receipt)\", \"password\": \"nope\"}") == 21004)
        #expect(try status("%%%") == 21002)
        #expect(try status("{\"receipt-data\": ") == 21000)
        // Another data directory's receipt does not verify to this one's root.
        let other = BinaryRunner()
        defer { other.cleanUp() }
        let foreign = try other.command("receipt").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try status(foreign) == 21003)
    }

    /// The shared secret is the app description's: a request with it verifies, one with the
    /// default the description replaced is refused as Apple refuses a wrong one.
    @Test func verifyReceiptChecksThePasswordAgainstTheAppDescriptionsSharedSecret() throws {
        let shop = cli.dataDirectory.appendingPathComponent("shop")
        try FileManager.default.createDirectory(at: shop, withIntermediateDirectories: true)
        let catalog = shop.appendingPathComponent("catalog.json")
        try FileManager.default.copyItem(at: CommandLineInputTests.assetCatalog, to: catalog)
        let builtInApp = CommandLineInputTests.assetCatalog.deletingPathExtension().appendingPathExtension("app.json")
        var app = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: builtInApp)) as? [String: Any])
        app["sharedSecret"] = "0123456789abcdef0123456789abcdef"
        try JSONSerialization.data(withJSONObject: app).write(to: shop.appendingPathComponent("catalog.app.json"))
        func command(_ arguments: String...) throws -> BinaryRunner.Result {
            try cli.run(arguments: ["--data-dir", cli.dataDirectory.path, "--catalog", catalog.path] + arguments)
        }
        #expect(try command("set", "latency", "0").status == 0)
        #expect(try command("buy", Self.monthly).status == 0)
        let receipt = try command("receipt").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let body = cli.dataDirectory.appendingPathComponent("body.json")
        for (password, status) in [("0123456789abcdef0123456789abcdef", 0), ("storefront-shared-secret", 21004)] {
            try cli.write("{\"receipt-data\": \"\(receipt)\", \"password\": \"\(password)\"}", to: body)
            let answer = try command("verify-receipt", body.path)
            #expect(try answer.json()["status"] as? Int == status, "\(password): \(answer.summary)")
        }
    }

    @Test func a100MegabyteBodyIsRefusedWithoutBeingReadWhole() throws {
        let big = cli.dataDirectory.appendingPathComponent("big.json")
        try FileManager.default.createDirectory(at: cli.dataDirectory, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: big.path, contents: nil))
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: 100 * 1024 * 1024)
        try handle.close()
        let fromFile = try cli.command("verify-receipt", big.path, status: 4)
        #expect(fromFile.stderr.contains("is larger than verify-receipt reads (8 MiB)"), "\(fromFile.summary)")
        let fromStdin = try cli.run(arguments: ["--data-dir", cli.dataDirectory.path, "verify-receipt"],
                                    stdin: try FileHandle(forReadingFrom: big))
        #expect(fromStdin.status == 4 && fromStdin.stderr.contains("The request on stdin is larger"), "\(fromStdin.summary)")
    }

    @Test func refreshMakesAFreshReceiptOrFailsAsAppStoreSyncIsSetTo() throws {
        try cli.command("set", "latency", "0")
        try cli.command("buy", Self.premium)
        #expect(try cli.command("receipt", "--refresh", "--json").json()["inAppPurchases"] as? [[String: Any]] != nil)
        try cli.command("set", "fail", "app-store-sync", "unknown")
        let refused = try cli.command("receipt", "--refresh", status: 4)
        #expect(!refused.stderr.isEmpty, "\(refused.summary)")
    }
}
