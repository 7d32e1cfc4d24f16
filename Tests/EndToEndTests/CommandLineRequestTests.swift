import Foundation
import AppStoreCore
import Testing

/// What the store does with a purchase repeated, killed midway, bought again, or made by
/// another Apple Account, through the binary.
@Suite(.ownThreads) final class CommandLineRequestTests {
    let cli = BinaryRunner()

    init() throws {
        #expect(try cli.run("set", "latency", "0").status == 0)
    }

    deinit {
        cli.cleanUp()
    }

    private func history() throws -> [[String: Any]] {
        try #require(try cli.state()["history"] as? [[String: Any]])
    }

    @Test func aRepeatedAskToBuyRequestMergesIntoTheWaitingOne() throws {
        try cli.run("set", "ask-to-buy", "on")
        let first = try cli.run("buy", "com.storefront.premium", "--json")
        #expect(first.status == 3, "\(first.summary)")
        let id = try #require(try first.transaction()["id"] as? String)
        #expect(try first.json()["merged"] as? Bool == false)

        let again = try cli.run("buy", "com.storefront.premium", "--json")
        #expect(again.status == 3, "3: still waiting for approval, \(again.summary)")
        let output = try again.json()
        #expect(output["merged"] as? Bool == true)
        #expect(try again.transaction()["id"] as? String == id)
        #expect(try again.transaction()["state"] as? String == "deferred")
        #expect(try again.transaction()["requestDate"] is String)
        let text = try cli.run("buy", "com.storefront.premium")
        #expect(text.status == 3)
        #expect(text.stdout.contains("merged into transaction \(id)"), "\(text.summary)")
        #expect(text.stdout.contains("Approve it with `\(cli.hint("approve \(id)"))`."), "the hint acts on this store: \(text.summary)")
        #expect(try history().count == 1, "no second request")

        #expect(try cli.run("approve", id).status == 0)
        let launch = try cli.run("launch", "--json").json()
        #expect((launch["delivered"] as? [[String: Any]])?.map { $0["id"] as? String } == [id], "delivered once")
        #expect(try history().filter { $0["state"] as? String == "purchased" }.count == 1)
    }

    @Test func aRepeatedPurchaseOfAnInterruptedOneBringsItBack() throws {
        try cli.run("set", "interrupted", "on")
        let first = try cli.run("buy", "com.storefront.pass.yearly", "--json")
        #expect(first.status == 4)
        let id = try #require(try first.transaction()["id"] as? String)
        let again = try cli.run("buy", "com.storefront.pass.yearly")
        #expect(again.status == 4, "\(again.summary)")
        #expect(again.stdout.contains("merged into transaction \(id). Resolve it with `\(cli.hint("resolve \(id)"))`"), "\(again.summary)")
        #expect(try history().count == 1)
    }

    @Test func aPurchaseKilledInFlightIsLabelledAtTheNextLaunch() throws {
        try cli.run("set", "latency", "6000")
        // Killed after Buy, while the store takes its time to answer.
        let killed = try cli.run(arguments: ["--data-dir", cli.dataDirectory.path, "buy", "com.storefront.premium"], killAfter: 2)
        #expect(killed.killed, "\(killed.summary)")
        let left = try #require(try cli.state()["queue"] as? [[String: Any]])
        #expect(left.map { $0["state"] as? String } == ["purchasing"], "confirmed, not yet answered")
        let id = try #require(left.first?["id"] as? String)

        let launch = try cli.run("launch")
        #expect(launch.status == 0, "\(launch.summary)")
        #expect(launch.stdout.contains("\(id) purchased  com.storefront.premium  (redelivered at launch)"), "\(launch.summary)")
        #expect(try cli.userDefaults()["com.storefront.premium"] as? Bool == true)
    }

    @Test func anotherAccountSeesNoneOfThePurchases() throws {
        try cli.run("buy", "com.storefront.premium")
        try cli.run("reset", "--app-only")
        try cli.run("set", "account", "other@example.com")
        let restore = try cli.run("restore", "--json")
        #expect(restore.status == 0, "\(restore.summary)")
        #expect((try restore.json()["restored"] as? [Any])?.isEmpty == true, "not this account's to restore")
        let bought = try cli.run("buy", "com.storefront.premium", "--json")
        #expect(try bought.transaction()["reason"] as? String == "purchase", "a purchase, not a re-download")
        #expect(try bought.transaction()["account"] as? String == "other@example.com")

        try cli.run("reset", "--app-only")
        try cli.run("set", "account", Settings.defaultAccount)
        let back = try cli.run("restore", "--json")
        let restored = try #require(try back.json()["restored"] as? [[String: Any]])
        #expect(restored.map { $0["account"] as? String } == [Settings.defaultAccount])
        let state = try cli.run("state")
        #expect(state.stdout.contains("account other@example.com"), "another account's purchases are named: \(state.summary)")
    }

    @Test func withTheNetworkOffABuyFailsAfterPurchasing() throws {
        try cli.run("set", "network", "off")
        let bought = try cli.run("buy", "com.storefront.credits.5")
        #expect(bought.status == 4)
        #expect(bought.stdout.contains("purchasing  com.storefront.credits.5"), "\(bought.summary)")
        #expect(bought.stdout.contains("failed  com.storefront.credits.5"), "\(bought.summary)")
    }
}
