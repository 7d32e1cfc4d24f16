import Foundation
import Testing

/// An active subscriber's offer code from the command line, through the binary: what
/// `subscriptions` says the renewal will charge.
@Suite(.ownThreads) final class OfferCodeCommandTests {
    let cli = BinaryRunner()

    deinit { cli.cleanUp() }

    /// During a free trial renewing to another plan, the code's terms are what the renewal
    /// charges, then the plan's price; not the plan's price alone.
    @Test func aWaitingCodeIsWhatTheTrialsRenewalCharges() throws {
        try cli.command("set", "latency", "0")
        try cli.command("buy", "com.storefront.pro.monthly")
        try cli.command("redeem-code", "LOYALYEAR")
        let text = try cli.command("subscriptions").stdout
        #expect(text.contains("then Pro Yearly (com.storefront.pro.yearly) at $24.99/year for 1 year, then $49.99/year"), "\(text)")
    }
}
