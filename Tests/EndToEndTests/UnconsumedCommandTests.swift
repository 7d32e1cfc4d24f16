import Foundation
import Testing

/// The unconsumed purchases from the command line, through the binary: `unconsumed` lists
/// them oldest first, `consume` takes a purchase or units oldest first, their JSON and their
/// refusals; and in the open storefront, the panel (u) showing and consuming them.
@Suite(.ownThreads) final class UnconsumedCommandTests {
    let cli = BinaryRunner()
    static let credits5 = "com.storefront.credits.5"
    static let credits10 = "com.storefront.credits.10"

    deinit { cli.cleanUp() }

    private func purchases() throws -> [[String: Any]] {
        try #require(try cli.command("unconsumed", "--json").json()["purchases"] as? [[String: Any]])
    }

    @Test func theListShowsEachPurchaseOldestFirstAndConsumeTakesThem() throws {
        try cli.command("set", "latency", "0")
        #expect(try cli.command("unconsumed").stdout.contains("Nothing unconsumed."))
        try cli.command("buy", Self.credits5, "--quantity", "2")
        try cli.command("buy", Self.credits10)
        let listed = try purchases()
        #expect(listed.map { $0["transactionID"] as? String } == ["1000000001", "1000000002"])
        #expect(listed.first?["productID"] as? String == Self.credits5 && listed.first?["quantity"] as? Int == 2)
        #expect(listed.first?["delivered"] as? Int == 10 && listed.first?["remaining"] as? Int == 10)
        #expect(listed.first?["purchaseDate"] as? String == "2030-01-01T09:00:00.000Z")
        let balances = try #require(try cli.command("unconsumed", "--json").json()["balances"] as? [String: [String: Int]])
        #expect(balances["credits"] == ["total": 20, "earlier": 0])
        let text = try cli.command("unconsumed").stdout
        #expect(text.contains("1000000001  com.storefront.credits.5 ×2  bought 2030-01-01 09:00  10 credits of 10 left"), "\(text)")
        #expect(text.contains("credits: 20 in all"), "\(text)")

        // One unit by product, oldest first; then a whole purchase by its id.
        let one = try cli.command("consume", Self.credits10)
        #expect(one.stdout.contains("1000000002 consumed  -1 credit (balance 19)  (9 left unconsumed)"), "\(one.summary)")
        let whole = try cli.command("consume", "1000000001", "--json").json()
        let consumed = try #require(whole["consumed"] as? [[String: Any]])
        #expect(consumed.map { $0["transactionID"] as? String } == ["1000000001"])
        #expect(consumed.first?["units"] as? Int == 10 && consumed.first?["left"] as? Int == 0 && consumed.first?["balanceAfter"] as? Int == 9)
        #expect(try purchases().map { $0["transactionID"] as? String } == ["1000000002"], "a consumed purchase leaves the list")
        #expect(try cli.command("state", "--json").json()["credits"] as? Int == 9, "the balance goes with it")
        try cli.command("consume", "credits", "--quantity", "9")
        #expect(try purchases().isEmpty)
    }

    @Test func refusalsConsumeNothing() throws {
        try cli.command("set", "latency", "0")
        try cli.command("buy", Self.credits5)
        #expect(try cli.command("consume", "999", status: 64).stderr.contains("999: nothing unconsumed to consume"))
        let tooMany = try cli.command("consume", Self.credits5, "--quantity", "6", "--json", status: 4).json()
        let error = try #require(tooMany["error"] as? [String: Any])
        #expect((error["message"] as? String)?.contains("only 5 unconsumed, cannot consume 6") == true, "\(error)")
        #expect(try cli.command("consume", Self.credits5, "--quantity", "0", status: 64).stderr.contains("quantity must be 1 or more"))
        #expect(try purchases().first?["remaining"] as? Int == 5, "nothing was consumed")
    }

    /// A damaged list is refused by its path and left as it is.
    @Test func aDamagedListIsRefusedByName() throws {
        try cli.command("set", "latency", "0")
        try cli.command("buy", Self.credits5)
        let url = cli.dataDirectory.appendingPathComponent("UserDefaults.json")
        let damaged = #"{"credits": 5, "unconsumedPurchases": [{"transactionID": "1000000001"}]}"#
        try Data(damaged.utf8).write(to: url)
        let listed = try cli.command("unconsumed", status: 65)
        #expect(listed.stderr.contains("$.unconsumedPurchases[0].productID"), "\(listed.summary)")
        #expect(try cli.command("consume", "credits", status: 65).stderr.contains("unconsumedPurchases"))
        #expect(try String(contentsOf: url, encoding: .utf8) == damaged)
    }

    /// The open storefront: u opens the list, Enter consumes the selected purchase, the log
    /// says so and the purchase leaves the list.
    @Test func theOpenStorefrontShowsAndConsumesThem() throws {
        try cli.run("set", "latency", "0")
        #expect(try cli.run("buy", Self.credits5, "--quantity", "2").status == 0)
        #expect(try cli.run("buy", Self.credits10).status == 0)
        let tty = try TmuxSession(cli)
        defer { tty.kill() }
        try tty.waitFor("20 credits")
        try tty.send("u")
        var screen = try tty.waitFor("Unconsumed Purchases")
        #expect(screen.contains("1000000001    5 Monkey Credits"), "\(screen)")
        #expect(screen.contains("1000000002    10 Monkey Credits"), "\(screen)")
        try tty.send("Enter")
        screen = try tty.waitFor("1000000001 consumed  -10 credits (balance 10)")
        #expect(!screen.contains("1000000001    5 Monkey Credits"), "off the list: \(screen)")
        try tty.send("1")
        try tty.waitFor("1000000002 consumed  -1 credit (balance 9)")
        try tty.send("Escape")
        try tty.waitForAbsence("Unconsumed Purchases")
        let listed = try cli.run(arguments: ["--data-dir", cli.dataDirectory.path, "unconsumed"])
        #expect(listed.stdout.contains("1000000002  com.storefront.credits.10 ×1") && listed.stdout.contains("9 credits of 10 left"),
                "\(listed.summary)")
    }
}
