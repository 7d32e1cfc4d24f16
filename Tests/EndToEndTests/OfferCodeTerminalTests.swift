import Foundation
import Testing

/// Offer codes redeemed in the App Store: through the app's offer code sheet in the real
/// binary, and from another terminal (`storefront redeem-code`).
@Suite(.ownThreads) struct OfferCodeTerminalTests {
    let cli = BinaryRunner()

    @Test func theSheetRedeemsATypedCodeAndTheAppHearsIt() throws {
        defer { cli.cleanUp() }
        let tty = try TmuxSession(cli)
        defer { tty.kill() }
        try tty.waitFor("Your credits: 0")
        try tty.send("o")
        try tty.waitFor("Redeem Code")
        try tty.type("friendmonth")
        try tty.waitFor("› friendmonth▏")
        try tty.send("Enter")
        try tty.waitFor("✓ Offer code redeemed: Pro Monthly — delivered", seconds: 8)
        try tty.waitFor("purchased  com.storefront.pro.monthly  (offer code FRIENDMONTH redeemed)", seconds: 8)
        let transactions = try #require(try cli.state()["history"] as? [[String: Any]])
        let offer = try #require(transactions.last?["offer"] as? [String: Any])
        #expect(offer["type"] as? String == "code" && offer["id"] as? String == "FRIENDMONTH")
        #expect(try (cli.state()["queue"] as? [Any])?.isEmpty == true, "the app finished it")
    }

    @Test func theCommandRedeemsOnceAndRefusesWhatCannotApply() throws {
        defer { cli.cleanUp() }
        let redeemed = try cli.run("redeem-code", "FRIENDMONTH", "--json")
        #expect(redeemed.status == 0, "\(redeemed.stderr)")
        let t = try #require(redeemed.json()["transaction"] as? [String: Any])
        #expect(t["productID"] as? String == "com.storefront.pro.monthly" && t["price"] as? String == "0" && t["reason"] as? String == "outsideApp")
        let again = try cli.run("redeem-code", "FRIENDMONTH")
        #expect(again.status == 4 && again.stderr.contains("is subscribed to com.storefront.pro.monthly in its group"), "\(again.stderr)")
        let unknown = try cli.run("redeem-code", "NOPE", "--product", "com.storefront.pro.yearly")
        #expect(unknown.status == 4 && unknown.stderr.contains("com.storefront.pro.yearly has no offer code \"NOPE\""), "\(unknown.stderr)")
        // A closed storefront hears of the redeemed one at its launch.
        let tty = try TmuxSession(cli)
        defer { tty.kill() }
        try tty.waitFor("✓ Offer code redeemed: Pro Monthly — delivered")
    }
}
