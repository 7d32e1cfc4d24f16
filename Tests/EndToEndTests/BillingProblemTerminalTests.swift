import Foundation
import Testing

/// StoreKit's Billing Problem message in the open storefront: a renewal that fails while it
/// is open brings the sheet by itself, and its button fixes the payment method.
@Suite(.ownThreads) struct BillingProblemTerminalTests {
    let cli = BinaryRunner()

    @Test func aRenewalFailingFromAnotherTerminalShowsTheSheetAndContinueRecovers() throws {
        defer { cli.cleanUp() }
        try cli.run("set", "latency", "300")
        let bought = try cli.run("buy", "com.storefront.pro.monthly")
        #expect(bought.status == 0, "\(bought.stderr)")
        let tty = try TmuxSession(cli)
        defer { tty.kill() }
        try tty.waitFor("Pro Monthly")
        try tty.waitFor("$49.99")
        #expect(!(try tty.screen()).contains("Billing Problem"))

        // Another terminal: billing retry on, then store time past the trial's end.
        #expect(try cli.run("set", "billing-retry", "on").status == 0)
        let advanced = try cli.run("advance", "8d")
        #expect(advanced.status == 0, "\(advanced.stderr)")
        // No key is pressed: the storefront notices the failed renewal and shows the message.
        let sheet = try tty.waitFor("Billing Problem", seconds: 10)
        #expect(sheet.contains("There is a problem with your current payment method."), "\(sheet)")
        #expect(sheet.contains("[ Continue ]"), "\(sheet)")
        #expect(try cli.userDefaults()["com.storefront.pro.monthly.state"] as? String == "inBillingRetryPeriod")

        try tty.send("Enter")
        try tty.waitFor("Pro Monthly: billing problem fixed, renewed", seconds: 10)
        #expect(!(try tty.screen()).contains("There is a problem with your current payment method."))
        #expect(try cli.userDefaults()["com.storefront.pro.monthly.state"] as? String == "subscribed")
    }
}
