import Foundation
import Testing

/// The refund request sheet in the real binary: p on a purchase opens it, a reason and Submit
/// send the request, and the App Store's approval reaches the app as a refund.
@Suite(.ownThreads) struct RefundRequestTerminalTests {
    let cli = BinaryRunner()

    @Test func theSheetOpensOnAPurchaseAndSubmittingRefundsIt() throws {
        defer { cli.cleanUp() }
        #expect(try cli.run("buy", "com.storefront.credits.5").status == 0)
        let tty = try TmuxSession(cli)
        defer { tty.kill() }
        try tty.select("5 Monkey Credits")
        try tty.waitFor("· 5 credits")
        try tty.send("p")
        try tty.waitFor("Request a Refund")
        try tty.waitFor("I didn't intend to make this purchase")
        try tty.send("Down")
        try tty.waitFor("› I didn't intend to make this purchase")
        try tty.send("Enter")
        try tty.waitFor("refund requested: 5 Monkey Credits  → .success")
        try tty.waitFor("· 0 credits")
        let history = try #require(try cli.state()["history"] as? [[String: Any]])
        #expect(history.first?["revocationType"] as? String == "refundFull", "\(history)")
    }
}
