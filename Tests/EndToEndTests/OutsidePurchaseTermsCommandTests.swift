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
        #expect(code.status == 0 && code.stdout.contains("is purchased at 1 month free; does not renew; expires 20"),
                "\(code.stdout)")
    }

    /// Not renewing, only the first period is charged: the confirmation states that alone, as
    /// the storefront's terms sheet does, with no "then" price and no periods never reached.
    /// Failed before: "1 week free, then $4.99/month; does not renew" and "$1.99/month for 2 months, then …".
    @Test func notRenewingStatesOnlyWhatIsCharged() throws {
        defer { cli.cleanUp() }
        let trial = try cli.run("buy-outside", Self.pro, "--no-auto-renew")
        #expect(trial.status == 0 && trial.stdout.contains("is purchased at 1 week free; does not renew; expires 20"), "\(trial.summary)")
        #expect(try cli.run("expire", Self.pro).status == 0)
        let code = try cli.run("--catalog", Self.offersCatalog, "buy-outside", Self.pro, "--offer-code", "CODEPAYG", "--no-auto-renew")
        #expect(code.status == 0 && code.stdout.contains("is purchased at $1.99/month for 1 month; does not renew; expires 20"),
                "\(code.summary)")
    }

    /// The plan the account has, bought again outside the app with auto-renew off, is refused
    /// as the Transaction Manager refuses it, nothing written.
    @Test func theCurrentPlanBoughtAgainIsRefused() throws {
        defer { cli.cleanUp() }
        #expect(try cli.run("buy-outside", Self.pro, "--no-auto-renew").status == 0)
        let history = try #require(try cli.state()["history"] as? [Any]).count
        let again = try cli.run("buy-outside", Self.pro)
        #expect(again.status == 4 && again.stderr.contains("You're currently subscribed to this"), "\(again.summary)")
        #expect(try #require(try cli.state()["history"] as? [Any]).count == history, "nothing written")
    }

    /// The built-in catalog with offers priced per storefront and a pay-as-you-go offer code.
    static let offersCatalog = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("StoreKitSimTests/Fixtures/Catalog/offers-per-storefront.json").path

    /// A plan change bought outside the app is told as `buy` tells it: a downgrade only sets the
    /// plan the next renewal is for, nothing bought; an upgrade replaces the old plan now, its
    /// unused time refunded. Dates read as every other line writes them.
    @Test func aPlanChangeIsToldAsBuyTellsIt() throws {
        defer { cli.cleanUp() }
        let yearly = "com.storefront.pro.yearly", lite = "com.storefront.lite.monthly"
        let dateTime = try Regex(#"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d [+-]\d\d:\d\d"#)
        #expect(try cli.run("buy-outside", yearly).status == 0)
        let down = try cli.run("buy-outside", lite)
        #expect(down.status == 0, "\(down.summary)")
        #expect(down.stdout.contains("Downgrade: Pro Yearly (\(yearly)) goes on until ")
                && down.stdout.contains(", then renews as Lite Monthly (\(lite)) (nothing charged now)."), "\(down.stdout)")
        #expect(!down.stdout.contains("transaction") && down.stdout.contains(dateTime), "\(down.stdout)")
        let back = try cli.run("buy-outside", yearly, "--json")
        #expect(back.status == 0, "\(back.summary)")
        let change = try #require(try back.json()["planChange"] as? [String: Any], "\(back.stdout)")
        #expect(change["toProductID"] as? String == yearly && change["takesEffect"] as? String == "renewal", "\(back.stdout)")

        #expect(try cli.run("expire", yearly).status == 0)
        #expect(try cli.run("buy-outside", lite).status == 0)
        let up = try cli.run("buy-outside", Self.pro)
        #expect(up.status == 0, "\(up.summary)")
        #expect(up.stdout.contains("Upgrade: Pro Monthly (\(Self.pro)) starts now, replacing Lite Monthly (\(lite)), the unused time refunded ("),
                "\(up.stdout)")
        #expect(up.stdout.contains("is purchased at $4.99/month; renews ") && up.stdout.contains(dateTime) && !up.stdout.contains("Z."),
                "\(up.stdout)")
    }

    /// The status of group "pro" in `subscriptions --json`, and its renewal info.
    private func pro() throws -> (status: [String: Any], renewal: [String: Any]) {
        let output = try cli.run("subscriptions", "--json").json()
        let groups = try #require(output["subscriptions"] as? [[String: Any]])
        let status = try #require(groups.first { $0["groupID"] as? String == "pro" }?["status"] as? [String: Any], "\(output)")
        return (status, try #require(status["renewalInfo"] as? [String: Any]))
    }

    /// An upgrade bought outside the app is a plan change at once: auto-renew off applies to
    /// the plan it starts, which ends with its first period instead of renewing.
    @Test func anUpgradeBoughtWithAutoRenewOffEndsWithItsFirstPeriod() throws {
        defer { cli.cleanUp() }
        let lite = "com.storefront.lite.monthly"
        #expect(try cli.run("buy-outside", lite).status == 0)
        let up = try cli.run("buy-outside", Self.pro, "--no-auto-renew")
        #expect(up.status == 0, "\(up.summary)")
        #expect(up.stdout.contains("Upgrade: Pro Monthly (\(Self.pro)) starts now, replacing Lite Monthly (\(lite))"), "\(up.stdout)")
        #expect(up.stdout.contains("is purchased at $4.99/month; does not renew; expires 20"), "\(up.stdout)")
        let (status, renewal) = try pro()
        #expect(status["state"] as? String == "subscribed" && renewal["currentProductID"] as? String == Self.pro, "\(status)")
        #expect(renewal["willAutoRenew"] as? Bool == false && renewal["autoRenewPreference"] as? String == Self.pro, "\(renewal)")
        #expect(try cli.run("advance", "1mo").status == 0)
        let (ended, endedRenewal) = try pro()
        #expect(ended["state"] as? String == "expired" && endedRenewal["currentProductID"] as? String == Self.pro, "\(ended)")
        #expect(endedRenewal["expirationReason"] as? String == "autoRenewDisabled", "\(endedRenewal)")
    }

    /// A downgrade (or a crossgrade to another period) bought outside the app changes only the
    /// plan the next renewal is for: it starts by renewing, so auto-renew off is refused, as
    /// the Transaction Manager's sheet offers no auto-renew for it, and nothing is written.
    /// Failed before: the current plan was cancelled, never to renew as the lower plan, while
    /// the command said it "then renews as Lite Monthly".
    @Test func aDowngradeBoughtWithAutoRenewOffIsRefused() throws {
        defer { cli.cleanUp() }
        let yearly = "com.storefront.pro.yearly", lite = "com.storefront.lite.monthly"
        #expect(try cli.run("buy-outside", yearly).status == 0)
        let events = try #require(try cli.run("events", "--json").json()["events"] as? [Any]).count
        for plan in [lite, Self.pro] {
            let down = try cli.run("buy-outside", plan, "--no-auto-renew")
            #expect(down.status == 4, "\(down.summary)")
            #expect(down.stderr.contains("\(plan) takes the place of \(yearly) at its next renewal, so it starts by renewing")
                    && down.stderr.contains("auto-renew \(yearly) off"), "\(down.stderr)")
            #expect(!down.stdout.contains("renews as"), "\(down.stdout)")
        }
        let (status, renewal) = try pro()
        #expect(status["state"] as? String == "subscribed", "\(status)")
        #expect(renewal["willAutoRenew"] as? Bool == true && renewal["autoRenewPreference"] as? String == yearly, "\(renewal)")
        #expect(try (cli.run("events", "--json").json()["events"] as? [Any])?.count == events, "nothing written by the refusals")
        // Renewing, it is the downgrade it always was.
        let renewing = try cli.run("buy-outside", lite)
        #expect(renewing.status == 0 && renewing.stdout.contains("then renews as Lite Monthly (\(lite))"), "\(renewing.summary)")
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
