import Foundation
import Testing

/// `storefront buy-outside` at the terms chosen (`--offer`, `--offer-code`, `--no-auto-renew`),
/// as Xcode's "+" sheet in the Transaction Manager chooses them: the confirmation states the
/// terms applied, and what cannot apply is refused with nothing written.
@Suite(.ownThreads) struct OutsidePurchaseTermsCommandTests {
    let cli = BinaryRunner()
    static let pro = "com.storefront.pro.monthly"

    @Test func theConfirmationStatesTheTermsApplied() throws {
        defer { cli.cleanUp() }
        let trial = try cli.run("buy-outside", Self.pro)
        #expect(trial.status == 0 && trial.stdout.contains("is purchased at 1 week free, then $4.99/month; renews 20"), "\(trial.stdout)")
        #expect(try cli.run("expire", Self.pro).status == 0)
        let full = try cli.run("buy-outside", Self.pro, "--offer", "none", "--no-auto-renew", "--json")
        #expect(full.status == 0, "\(full.stderr)")
        let t = try #require(full.json()["transaction"] as? [String: Any])
        #expect(t["price"] as? String == "4.99" && t["offer"] == nil)
        let statuses = try cli.run("subscriptions", "--json")
        #expect(statuses.stdout.contains("\"willAutoRenew\" : false") || statuses.stdout.contains("\"willAutoRenew\": false"), "\(statuses.stdout)")
        #expect(try cli.run("expire", Self.pro).status == 0)
        let code = try cli.run("buy-outside", Self.pro, "--offer-code", "friendmonth", "--no-auto-renew")
        #expect(code.status == 0 && code.stdout.contains("is purchased at 1 month free, then $4.99/month; does not renew; expires 20"),
                "\(code.stdout)")
    }

    @Test func whatCannotApplyIsRefused() throws {
        defer { cli.cleanUp() }
        let noOffer = try cli.run("buy-outside", "com.storefront.pro.yearly", "--offer", "introductory")
        #expect(noOffer.status == 4 && noOffer.stderr.contains("com.storefront.pro.yearly has no introductory offer"), "\(noOffer.stderr)")
        let consumable = try cli.run("buy-outside", "com.storefront.credits.5", "--no-auto-renew")
        #expect(consumable.status == 4 && consumable.stderr.contains("is not an auto-renewable subscription"), "\(consumable.stderr)")
        let both = try cli.run("buy-outside", Self.pro, "--offer", "none", "--offer-code", "FRIENDMONTH")
        #expect(both.status == 64 && both.stderr.contains("give one of them"), "\(both.stderr)")
        #expect(try cli.run("buy-outside", Self.pro).status == 0)
        #expect(try cli.run("expire", Self.pro).status == 0)
        let used = try cli.run("buy-outside", Self.pro, "--offer", "introductory")
        #expect(used.status == 4 && used.stderr.contains("has had an introductory offer in the group of \(Self.pro) already"), "\(used.stderr)")
        let history = try #require(try cli.state()["history"] as? [Any])
        #expect(history.count == 1, "nothing written by the refusals")
    }
}
