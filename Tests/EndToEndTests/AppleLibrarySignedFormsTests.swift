import Foundation
import GRDB
import Testing

/// What the binary prints as the App Store's signed forms, judged by Apple's App Store Server
/// Library: with the environment set to Sandbox, a consumable, a non-consumable, a renewal,
/// an upgraded plan, a refunded purchase and a family-shared one each carry a
/// `jwsRepresentation` the library's SignedDataVerifier accepts against the directory's root,
/// with the fields as the store holds them; so do the subscription's `signedRenewalInfo` and
/// the app transaction. One byte changed, or another directory's root, and it refuses them.
/// Each form is signed once: read twice, the same JWS; a refund makes a new one and the first stays.
@Suite(.appleLibrary, .ownThreads) final class AppleLibrarySignedFormsTests {
    static let credits = "com.storefront.credits.5"
    static let premium = "com.storefront.premium"
    static let lite = "com.storefront.lite.monthly"
    static let yearly = "com.storefront.pro.yearly"
    static let parent = "parent@example.com"
    static let kid = "kid@example.com"
    static let account = "sandbox.user@example.com"
    /// The built-in app's (assets/catalog.app.json), which the binary signs for.
    static let bundleID = "com.storefront.quotes"

    let cli = BinaryRunner()
    let other = BinaryRunner()
    let judge = AppleLibrarySignedDataTests()

    deinit {
        cli.cleanUp()
        other.cleanUp()
    }

    func rootFile(_ runner: BinaryRunner) throws -> URL {
        try FileManager.default.createDirectory(at: judge.scratch, withIntermediateDirectories: true)
        let root = judge.scratch.appendingPathComponent("root-\(UUID().uuidString).der")
        try runner.command("certificate", "--root", root.path)
        return root
    }

    func state() throws -> [String: Any] { try cli.command("state", "--json").json() }

    func history(_ state: [String: Any]) throws -> [String: [String: Any]] {
        let list = try #require(state["history"] as? [[String: Any]])
        return Dictionary(list.map { ($0["id"] as? String ?? "", $0) }) { first, _ in first }
    }

    /// The library's decoded payload, or a recorded issue.
    func accepted(_ jws: String?, kind: String, root: URL, _ what: String) throws -> [String: Any] {
        let jws = try #require(jws, "\(what) has a signed form")
        let answer = try judge.judge(jws, kind: kind, root: root, bundleID: Self.bundleID)
        #expect(answer.status == 0, "\(what): \(answer.output)")
        return try #require(try JSONSerialization.jsonObject(with: Data(answer.output.utf8)) as? [String: Any], "\(what): \(answer.output)")
    }

    func refused(_ jws: String, kind: String, root: URL, _ what: String) throws {
        let parts = jws.split(separator: ".").map(String.init)
        var payload = [UInt8](try #require(Data(base64URL: parts[1])))
        payload[payload.count / 2] ^= 0x01
        var signature = [UInt8](try #require(Data(base64URL: parts[2])))
        signature[10] ^= 0x01
        for (change, changed) in [("a payload byte", "\(parts[0]).\(Data(payload).base64URL).\(parts[2])"),
                                  ("a signature byte", "\(parts[0]).\(parts[1]).\(Data(signature).base64URL)")] {
            let answer = try judge.judge(changed, kind: kind, root: root, bundleID: Self.bundleID)
            #expect(answer.status == 1 && answer.output == "VERIFICATION_FAILURE", "\(what), \(change) changed: \(answer.output)")
        }
    }

    @Test func eachKindOfPurchaseIsSignedAsTheStoreHoldsItAndTheLibraryJudgesIt() throws {
        try cli.command("set", "signing-environment", "sandbox")
        try cli.command("buy", Self.credits)                   // 1000000001
        try cli.command("buy", Self.premium)                   // 1000000002
        try cli.command("buy", Self.lite)                      // 1000000003
        try cli.command("advance", "1mo")                      // 1000000004, its renewal
        try cli.command("buy", Self.yearly)                    // 1000000005, an upgrade: 1000000004 isUpgraded
        try cli.command("set", "account", Self.kid)
        try cli.command("family", "create", Self.parent)
        try cli.command("family", "add", Self.kid, "--to", Self.parent)
        try cli.command("family", "buy", Self.parent, Self.premium)  // 1000000006, shared with the kid as 1000000007
        try cli.command("set", "account", Self.account)
        let root = try rootFile(cli)
        let elsewhere = try rootFile(other)

        let before = try state()
        let premiumBefore = try #require(try history(before)["1000000002"]?["jwsRepresentation"] as? String)
        #expect(try history(state())["1000000002"]?["jwsRepresentation"] as? String == premiumBefore, "read twice: not signed again")
        try cli.command("refund", "1000000002")
        let after = try state()
        let transactions = try history(after)

        let expected: [(id: String, what: String, fields: [String: String])] = [
            ("1000000001", "a consumable", ["type": "Consumable", "productId": Self.credits]),
            ("1000000002", "a refunded purchase", ["type": "Non-Consumable", "revocationReason": "0"]),
            ("1000000004", "a renewal, upgraded", ["transactionReason": "RENEWAL", "type": "Auto-Renewable Subscription"]),
            ("1000000005", "the upgrade", ["productId": Self.yearly, "transactionReason": "PURCHASE"]),
            ("1000000007", "a family-shared purchase", ["inAppOwnershipType": "FAMILY_SHARED", "productId": Self.premium]),
        ]
        for (id, what, fields) in expected {
            let jws = transactions[id]?["jwsRepresentation"] as? String
            let decoded = try accepted(jws, kind: "transaction", root: root, what)
            #expect(decoded["transactionId"] as? String == id, "\(what): \(decoded)")
            #expect(decoded["environment"] as? String == "Sandbox", "\(what): \(decoded)")
            for (name, value) in fields {
                let found = decoded[name].map { String(describing: $0) }
                #expect(found == value, "\(what), \(name): \(decoded)")
            }
            try refused(try #require(jws), kind: "transaction", root: root, what)
            let answer = try judge.judge(try #require(jws), kind: "transaction", root: elsewhere, bundleID: Self.bundleID)
            #expect(answer.status == 1 && answer.output == "VERIFICATION_FAILURE", "\(what), another directory's root: \(answer.output)")
        }
        let upgraded = try accepted(transactions["1000000004"]?["jwsRepresentation"] as? String, kind: "transaction", root: root, "upgraded")
        #expect(upgraded["isUpgraded"] as? Bool == true, "\(upgraded)")
        let refunded = try accepted(transactions["1000000002"]?["jwsRepresentation"] as? String, kind: "transaction", root: root, "refunded")
        #expect(refunded["revocationDate"] != nil, "\(refunded)")
        #expect(try accepted(premiumBefore, kind: "transaction", root: root, "before the refund")["revocationDate"] == nil)

        // The subscription's status: its renewal info and its latest transaction, signed.
        let groups = try #require(after["subscriptions"] as? [[String: Any]])
        let status = try #require(groups.compactMap { $0["status"] as? [String: Any] }.first, "\(groups)")
        let renewal = try accepted(status["signedRenewalInfo"] as? String, kind: "renewal", root: root, "the renewal info")
        #expect(renewal["autoRenewProductId"] as? String == Self.yearly && renewal["originalTransactionId"] as? String == "1000000003", "\(renewal)")
        try refused(try #require(status["signedRenewalInfo"] as? String), kind: "renewal", root: root, "the renewal info")
        let latest = try accepted(status["signedTransactionInfo"] as? String, kind: "transaction", root: root, "the latest transaction")
        #expect(latest["transactionId"] as? String == "1000000005", "\(latest)")
        #expect((status["transaction"] as? [String: Any])?["jwsRepresentation"] as? String == status["signedTransactionInfo"] as? String)

        // The app transaction of the signed-in account.
        let app = try #require(after["appTransaction"] as? [String: Any], "\(after.keys)")
        let decoded = try accepted(app["jwsRepresentation"] as? String, kind: "app", root: root, "the app transaction")
        #expect(decoded["receiptType"] as? String == "Sandbox" && decoded["appTransactionId"] as? String == app["appTransactionID"] as? String,
                "\(decoded)")
        try refused(try #require(app["jwsRepresentation"] as? String), kind: "app", root: root, "the app transaction")

        // Nothing re-signed when read again; the refund's form is new and the first one stays in store.sqlite.
        let again = try state()
        #expect(try history(again).mapValues { $0["jwsRepresentation"] as? String } == transactions.mapValues { $0["jwsRepresentation"] as? String })
        #expect((again["appTransaction"] as? [String: Any])?["jwsRepresentation"] as? String == app["jwsRepresentation"] as? String)
        let kept = try DatabaseQueue(path: cli.dataDirectory.appendingPathComponent("store.sqlite").path).read { db in
            try String.fetchAll(db, sql: "SELECT jws FROM signedForms WHERE kind = 'transaction' AND id = '1000000002' ORDER BY signedDate")
        }
        #expect(kept.count == 2 && kept.first == premiumBefore && kept.last == transactions["1000000002"]?["jwsRepresentation"] as? String)
    }

    /// Killed at each write point of a first `state --json` (the chain's file, the forms kept),
    /// the directory opens as it was, and the next read signs what was lost and keeps it once.
    @Test func aKillWhileKeepingSignedFormsLosesNothing() throws {
        try cli.command("buy", Self.premium)
        let before = cli.dataDirectory.deletingLastPathComponent().appendingPathComponent("before-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: before) }
        try FileManager.default.copyItem(at: cli.dataDirectory, to: before)
        // The purchase's own form, signed when the app checked it before delivering it.
        let formsBefore = try DatabaseQueue(path: before.appendingPathComponent("store.sqlite").path)
            .read { try Int.fetchOne($0, sql: "SELECT count(*) FROM signedForms") ?? -1 }
        let counted = try cli.run(arguments: ["--data-dir", cli.dataDirectory.path, "state", "--json"],
                                  environment: BinaryRunner.fixedStart.merging(["STOREFRONT_KILL_AT_WRITE": "1000000"]) { $1 })
        #expect(counted.status == 0 && counted.writePoints >= 2, "\(counted.summary)")
        // What each write point is, in order ("after a commit to store.sqlite"): every commit keeps one form.
        let points = counted.stderr.split(separator: "\n").filter { $0.hasPrefix("storefront: write point ") }
            .map { $0.split(separator: ":", maxSplits: 2).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" }
        for point in 1...max(counted.writePoints, 1) {
            let runner = BinaryRunner()
            defer { runner.cleanUp() }
            try FileManager.default.copyItem(at: before, to: runner.dataDirectory)
            let killed = try runner.run(arguments: ["--data-dir", runner.dataDirectory.path, "state", "--json"],
                                        environment: BinaryRunner.fixedStart.merging(["STOREFRONT_KILL_AT_WRITE": "\(point)"]) { $1 })
            let context = "killed at write point \(point) of \(counted.writePoints) (\(killed.killedAt ?? "not killed: \(killed.summary)"))"
            #expect(killed.killed, "\(context)")
            let store = runner.dataDirectory.appendingPathComponent("store.sqlite").path
            let forms = try DatabaseQueue(path: store).read { try Int.fetchOne($0, sql: "SELECT count(*) FROM signedForms") ?? -1 }
            let committed = points.prefix(point).filter { $0.hasPrefix("after a commit") }.count
            #expect(forms == formsBefore + committed, "\(context): \(forms) kept, \(committed) commits passed after \(formsBefore)")
            try runner.command("doctor")
            let first = try history(try runner.command("state", "--json").json())["1000000001"]?["jwsRepresentation"] as? String
            #expect(first != nil, "\(context)")
            let second = try history(try runner.command("state", "--json").json())["1000000001"]?["jwsRepresentation"] as? String
            #expect(second == first, "\(context): signed once after recovering")
            let kept = try DatabaseQueue(path: store).read { try String.fetchAll($0, sql: "SELECT jws FROM signedForms WHERE kind = 'transaction'") }
            #expect(kept.count == 1 && kept.first == first, "\(context): \(kept.count) transaction forms kept")
        }
    }
}
