import Foundation
import Testing

/// `storefront promote`: a purchase started on the product's App Store page waits for the app,
/// which hears of it at its launch and continues it by buying; an open storefront opens its sheet.
@Suite(.ownThreads) struct PromotedPurchaseCommandTests {
    let cli = BinaryRunner()

    @Test func itWaitsUntilTheAppBuysIt() throws {
        defer { cli.cleanUp() }
        try cli.run("set", "latency", "0")
        let promoted = try cli.run("promote", "com.storefront.premium", "--json")
        #expect(promoted.status == 0, "\(promoted.stderr)")
        let intent = try #require(promoted.json()["purchaseIntent"] as? [String: Any])
        #expect(intent["productID"] as? String == "com.storefront.premium" && intent["account"] as? String == "sandbox.user@example.com")
        let heard = "App Store product page: Buy com.storefront.premium (a promoted purchase)"
        #expect(try cli.run("launch").stdout.contains(heard))
        #expect(try cli.run("launch").stdout.contains(heard), "still waiting: told at each launch")
        #expect(try cli.run("buy", "com.storefront.premium").status == 0)
        #expect(try !cli.run("launch").stdout.contains(heard), "continued: the store forgot it")
        let refused = try cli.run("promote", "com.example.nothing")
        #expect(refused.status == 64 && refused.stderr.contains("no product com.example.nothing"), "\(refused.stderr)")
    }

    @Test func anOpenStorefrontOpensItsSheet() throws {
        defer { cli.cleanUp() }
        let tty = try TmuxSession(cli)
        defer { tty.kill() }
        try tty.waitFor("Your credits: 0")
        #expect(try cli.run("promote", "com.storefront.premium").status == 0)
        try tty.waitFor("The app continues the purchase of Premium Quotes", seconds: 8)
        try tty.waitFor("[ Buy ]", seconds: 8)
    }
}
