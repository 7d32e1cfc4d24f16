import Foundation
import Testing

/// A purchase made outside the app (another device of the account, the App Store), from
/// another terminal: the open storefront hears of it by itself; a closed one at its launch.
@Suite(.ownThreads) struct OutsidePurchaseTerminalTests {
    let cli = BinaryRunner()

    @Test func aPurchaseMadeElsewhereReachesTheOpenStorefrontWithABanner() throws {
        defer { cli.cleanUp() }
        let tty = try TmuxSession(cli)
        defer { tty.kill() }
        try tty.waitFor("Your credits: 0")
        let bought = try cli.run("buy-outside", "com.storefront.credits.10", "--quantity", "2", "--json")
        #expect(bought.status == 0, "\(bought.stderr)")
        let id = try #require((bought.json()["transaction"] as? [String: Any])?["id"] as? String)
        // No key is pressed: the storefront notices the purchase by itself.
        try tty.waitFor("✓ Bought outside the app: 10 Monkey Credits ×2 — delivered", seconds: 8)
        try tty.waitFor("\(id) purchased  com.storefront.credits.10 ×2  (bought outside the app)", seconds: 8)
        try tty.waitFor("· 20 credits", seconds: 8)
        #expect(try (cli.state()["queue"] as? [Any])?.isEmpty == true, "the app finished it")
    }

    @Test func aClosedStorefrontGetsItAtItsLaunchWithABanner() throws {
        defer { cli.cleanUp() }
        #expect(try cli.run("buy-outside", "com.storefront.premium").status == 0)
        let tty = try TmuxSession(cli)
        defer { tty.kill() }
        try tty.waitFor("✓ Bought outside the app: Premium Quotes — delivered")
        try tty.waitFor("purchased  com.storefront.premium  (bought outside the app, delivered")
        #expect(try (cli.state()["queue"] as? [Any])?.isEmpty == true)
    }
}
