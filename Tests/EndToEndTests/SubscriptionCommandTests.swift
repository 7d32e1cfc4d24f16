import Foundation
import Testing

/// A subscription's life from the command line, through the binary: `subscriptions`, the
/// store-side operations (auto-renew, expire, renew, fix-billing, price-increase, agree-price),
/// `events`, plan changes bought with `buy`, and what the store refuses.
@Suite(.ownThreads) final class SubscriptionCommandTests {
    let cli = BinaryRunner()
    static let monthly = "com.storefront.pro.monthly"
    static let yearly = "com.storefront.pro.yearly"
    static let lite = "com.storefront.lite.monthly"

    deinit { cli.cleanUp() }

    /// The status of group "pro" in `subscriptions --json`.
    private func pro(sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        let output = try cli.command("subscriptions", "--json", sourceLocation: sourceLocation).json()
        let groups = try #require(output["subscriptions"] as? [[String: Any]], sourceLocation: sourceLocation)
        let group = try #require(groups.first { $0["groupID"] as? String == "pro" }, sourceLocation: sourceLocation)
        return try #require(group["status"] as? [String: Any], "not subscribed: \(output)", sourceLocation: sourceLocation)
    }

    private func renewalInfo(_ status: [String: Any]) throws -> [String: Any] {
        try #require(status["renewalInfo"] as? [String: Any])
    }

    private func events() throws -> [[String: Any]] {
        try #require(try cli.command("events", "--json").json()["events"] as? [[String: Any]])
    }

    private func history() throws -> [[String: Any]] {
        try #require(try cli.run(arguments: ["--data-dir", cli.dataDirectory.path, "state", "--json"], environment: BinaryRunner.fixedStart)
            .json()["history"] as? [[String: Any]])
    }

    @Test func neverSubscribedSaysNone() throws {
        let text = try cli.command("subscriptions").stdout
        #expect(text.contains("Pro (group pro)\n  none: never subscribed (plans: \(Self.monthly), \(Self.yearly)"), "\(text)")
        let output = try cli.command("subscriptions", "--json").json()
        #expect(output["account"] as? String == "sandbox.user@example.com")
        let groups = try #require(output["subscriptions"] as? [[String: Any]])
        #expect(groups.map { $0["groupID"] as? String } == ["pro"])
        #expect(groups.first?["status"] == nil, "no status: \(output)")
    }

    @Test func cancelledItRunsToTheEndOfItsPeriodThenExpires() throws {
        try cli.command("buy", Self.monthly)
        let subscribed = try pro()
        #expect(subscribed["state"] as? String == "subscribed")
        #expect(try renewalInfo(subscribed)["willAutoRenew"] as? Bool == true)
        let transaction = try #require(subscribed["transaction"] as? [String: Any])
        #expect(transaction["productID"] as? String == Self.monthly)
        #expect(transaction["price"] as? String == "0", "a free trial")
        #expect((transaction["offer"] as? [String: Any])?["paymentMode"] as? String == "freeTrial")
        #expect(try cli.command("subscriptions").stdout.contains("state          subscribed: Free trial until 2030-01-08 09:00:01 +00:00, then $4.99/month"))

        let off = try cli.command("auto-renew", Self.monthly, "off")
        // During its free trial, as the App Store confirms it: the trial ends then, nothing charged.
        #expect(off.stdout.contains("Turned auto-renew off. Pro Monthly (\(Self.monthly)): "
            + "Your free trial will end on 2030-01-08 09:00:01 +00:00 and you won't be charged."), "\(off.summary)")
        #expect(off.stdout.contains("autoRenewDisabled  sandbox.user@example.com  \(Self.monthly)"), "the event it made: \(off.summary)")
        // Still in its free trial, which now ends (it read "subscribed: Expires …").
        #expect(try cli.command("subscriptions").stdout.contains("state          subscribed: Free trial ends 2030-01-08 09:00:01 +00:00"))
        let again = try cli.command("auto-renew", Self.monthly, "off", "--json").json()
        #expect((again["events"] as? [Any])?.isEmpty == true, "nothing changed: \(again)")
        #expect(try renewalInfo(try pro())["willAutoRenew"] as? Bool == false)
        #expect(try pro()["state"] as? String == "subscribed", "access until the period ends")

        try cli.command("advance", "2w")
        let expired = try pro()
        #expect(expired["state"] as? String == "expired")
        #expect(expired["givesAccess"] as? Bool == false)
        #expect(try renewalInfo(expired)["expirationReason"] as? String == "autoRenewDisabled")
        let expiry = try #require(try events().last)
        #expect(expiry["kind"] as? String == "expired")
        #expect((expiry["details"] as? [String: Any])?["expirationReason"] as? String == "autoRenewDisabled")
        let text = try cli.command("subscriptions").stdout
        #expect(text.contains("expired: Expired 2030-01-08 09:00:01 +00:00 (autoRenewDisabled: auto-renew was off)"), "\(text)")
        #expect(!(try history()).contains { $0["reason"] as? String == "renewal" }, "no renewal")

        let on = try cli.command("auto-renew", Self.monthly, "on", status: 4)
        #expect(on.stderr.contains("the subscription to \(Self.monthly) has ended: buy it again to resubscribe"), "\(on.summary)")
    }

    @Test func anUpgradeTakesEffectAtOnceAndMarksTheOldPlanUpgraded() throws {
        try cli.command("buy", Self.lite)
        try cli.command("advance", "10d")
        let bought = try cli.command("buy", Self.yearly, "--json").json()
        let change = try #require(bought["planChange"] as? [String: Any], "\(bought)")
        #expect(change["kind"] as? String == "upgrade")
        #expect(change["takesEffect"] as? String == "now")
        #expect(change["fromProductID"] as? String == Self.lite)
        let refund = try #require(Decimal(string: change["refundedAmount"] as? String ?? ""))
        #expect(refund > 0 && refund < Decimal(string: "1.99")!, "part of the month unused: \(change)")

        let status = try pro()
        #expect(try renewalInfo(status)["currentProductID"] as? String == Self.yearly)
        #expect((status["transaction"] as? [String: Any])?["price"] as? String == "49.99")
        let old = try #require(try history().first { $0["productID"] as? String == Self.lite })
        #expect(old["isUpgraded"] as? Bool == true, "\(old)")
        #expect(try events().contains { $0["kind"] as? String == "upgraded" })
        let state = try cli.command("state").stdout
        #expect(state.contains("Subscriptions\n  Pro Yearly (\(Self.yearly))  subscribed  Renews 2031-01-11"), "\(state)")
        let statuses = try #require(try cli.command("state", "--json").json()["subscriptions"] as? [[String: Any]])
        #expect((statuses.first?["status"] as? [String: Any])?["state"] as? String == "subscribed", "\(statuses)")
        #expect(state.contains("upgraded"), "\(state)")
        #expect(state.contains("paid 49.99 USD in USA"), "\(state)")
    }

    @Test func aDowngradeTakesEffectAtTheNextRenewal() throws {
        try cli.command("buy", Self.monthly)
        let bought = try cli.command("buy", Self.lite)
        #expect(bought.stdout.contains("Downgrade: Pro Monthly (\(Self.monthly)) goes on until 2030-01-08 09:00:01 +00:00, then renews as Lite Monthly (\(Self.lite))"),
                "\(bought.summary)")
        let waiting = try renewalInfo(try pro())
        #expect(waiting["currentProductID"] as? String == Self.monthly)
        #expect(waiting["autoRenewPreference"] as? String == Self.lite)
        // During Pro Monthly's free trial: the trial, then Lite Monthly at its price.
        #expect(try cli.command("subscriptions").stdout.contains(
            "subscribed: Free trial until 2030-01-08 09:00:01 +00:00, then Lite Monthly (\(Self.lite)) at $1.99/month"))

        try cli.command("advance", "2w")
        let renewed = try pro()
        #expect(try renewalInfo(renewed)["currentProductID"] as? String == Self.lite)
        let latest = try #require(renewed["transaction"] as? [String: Any])
        #expect(latest["productID"] as? String == Self.lite)
        #expect(latest["reason"] as? String == "renewal")
        #expect(latest["price"] as? String == "1.99")
        let renewal = try #require(try events().first { $0["kind"] as? String == "renewed" })
        #expect((renewal["details"] as? [String: Any])?["planChange"] as? String == "downgrade")
    }

    /// A downgrade makes no transaction: `buy --json` prints the plan change alone, with the day
    /// it takes effect and the renewal info; the app's log says it in one line, hearing no
    /// transaction; and the next purchase takes the next transaction id.
    @Test func aDowngradesAnswerIsThePlanChangeWithNoTransaction() throws {
        try cli.command("buy", Self.monthly)
        let bought = try cli.command("buy", Self.lite, "--json").json()
        #expect(bought["transaction"] == nil, "\(bought)")
        let change = try #require(bought["planChange"] as? [String: Any], "\(bought)")
        #expect(change["kind"] as? String == "downgrade" && change["toProductID"] as? String == Self.lite, "\(change)")
        #expect(change["fromProductID"] as? String == Self.monthly && change["takesEffect"] as? String == "renewal", "\(change)")
        let info = try #require(change["renewalInfo"] as? [String: Any], "\(change)")
        #expect(info["autoRenewPreference"] as? String == Self.lite && info["currentProductID"] as? String == Self.monthly, "\(info)")
        #expect(change["date"] as? String != nil && change["date"] as? String == info["expirationDate"] as? String, "\(change)")

        let back = try cli.command("buy-outside", Self.monthly, "--json").json()
        #expect(back["transaction"] == nil, "\(back)")
        let kept = try #require(back["planChange"] as? [String: Any], "\(back)")
        #expect(kept["kind"] == nil && kept["toProductID"] as? String == Self.monthly, "calling it off: \(kept)")

        let again = try cli.command("buy", Self.lite)
        #expect(again.stdout.hasPrefix("\(Self.lite) from the next renewal (2030-01-08 09:00:01 +00:00); you keep \(Self.monthly) until then\n"),
                "\(again.summary)")
        #expect(!again.stdout.contains("purchas") && !again.stdout.contains("finished"), "no transaction heard: \(again.summary)")
        let next = try cli.command("buy", "com.storefront.credits.5", "--json").json()
        #expect((next["transaction"] as? [String: Any])?["id"] as? String == "1000000002", "no id used up: \(next)")
    }

    /// Auto-renew off: no renewal is left for the downgrade to wait for, so it reads as
    /// cancelled, not as a change from the next renewal; auto-renew on brings it back.
    @Test func aWaitingDowngradeReadsAsCancelledOnceAutoRenewIsOff() throws {
        try cli.command("buy", Self.monthly)
        try cli.command("buy", Self.lite)
        try cli.command("auto-renew", Self.monthly, "off")
        let off = try cli.command("subscriptions").stdout
        #expect(off.contains("plan change    Lite Monthly (\(Self.lite)): cancelled with auto-renew (turning auto-renew on renews as it)"), "\(off)")
        #expect(!off.contains("from the next renewal"), "\(off)")
        try cli.command("auto-renew", Self.monthly, "on")
        let on = try cli.command("subscriptions").stdout
        #expect(on.contains("plan change    Lite Monthly (\(Self.lite)) from the next renewal (2030-01-08 09:00:01 +00:00)"), "\(on)")
    }

    @Test func buyingThePlanBackCancelsTheWaitingDowngrade() throws {
        try cli.command("buy", Self.monthly)
        try cli.command("buy", Self.lite)
        let back = try cli.command("buy", Self.monthly)
        #expect(back.stdout.contains("The plan change to Lite Monthly (\(Self.lite)) is cancelled: Pro Monthly (\(Self.monthly)) renews at 2030-01-08 09:00:01 +00:00"),
                "\(back.summary)")
        #expect(try renewalInfo(try pro())["autoRenewPreference"] as? String == Self.monthly)
        let again = try cli.command("buy", Self.monthly, "--json", status: 4)
        #expect(try again.error()["name"] as? String == "alreadyOwned", "the plan one has and keeps")
    }

    @Test func anotherPeriodOfTheSameLevelWaitsForTheRenewal() throws {
        try cli.command("buy", Self.monthly)
        let change = try #require(try cli.command("buy", Self.yearly, "--json").json()["planChange"] as? [String: Any])
        #expect(change["kind"] as? String == "crossgrade")
        #expect(change["takesEffect"] as? String == "renewal")
    }

    @Test func billingRetryWithGraceRecoversWhenTheBillingIsFixed() throws {
        try cli.command("set", "billing-retry", "on")
        try cli.command("set", "grace-period", "16d")
        try cli.command("buy", Self.monthly)
        let fix = try cli.command("fix-billing", Self.monthly, status: 4)
        #expect(fix.stderr.contains("the subscription to \(Self.monthly) has no billing issue to fix"), "\(fix.summary)")

        try cli.command("advance", "8d")
        let grace = try pro()
        #expect(grace["state"] as? String == "inGracePeriod")
        #expect(grace["givesAccess"] as? Bool == true)
        let info = try renewalInfo(grace)
        #expect(info["isInBillingRetry"] as? Bool == true)
        #expect(info["gracePeriodExpirationDate"] as? String == "2030-01-24T09:00:01.500Z")
        #expect(try cli.command("subscriptions").stdout.contains("inGracePeriod: In grace period until 2030-01-24 09:00:01 +00:00"))
        // The app's launch calls for StoreKit's Billing Problem message, with the command that answers it.
        let launched = try cli.command("launch")
        #expect(launched.stdout.contains("Billing Problem: the renewal of Pro Monthly (\(Self.monthly)) failed; `storefront --data-dir ")
                && launched.stdout.contains(" fix-billing \(Self.monthly)` updates the payment method."),
                "\(launched.summary)")
        let messages = try #require(try cli.command("launch", "--json").json()["messages"] as? [[String: Any]])
        #expect(messages.map { $0["reason"] as? String } == ["billingIssue"] && messages.first?["productID"] as? String == Self.monthly)
        let renew = try cli.command("renew", Self.monthly, status: 4)
        #expect(renew.stderr.contains("fix the billing issue instead of forcing a renewal"), "\(renew.summary)")

        let fixed = try cli.command("fix-billing", Self.monthly, "--json").json()
        let recovered = try #require((fixed["events"] as? [[String: Any]])?.last)
        #expect(recovered["kind"] as? String == "recovered")
        let status = try pro()
        #expect(status["state"] as? String == "subscribed")
        #expect(try renewalInfo(status)["renewalDate"] as? String == "2030-02-08T09:00:01.500Z", "recovered in grace: the billing cycle is unchanged")
    }

    /// A request for the plan made while the payment failed, approved after the billing was
    /// fixed: the store refuses it as it refuses buying the plan one has, and `approve` says so.
    @Test func aRequestApprovedAfterTheBillingIsFixedSaysItFailed() throws {
        try cli.command("set", "billing-retry", "on")
        try cli.command("buy", Self.lite)
        try cli.command("renew", Self.lite)
        try cli.command("set", "ask-to-buy", "on")
        let request = try cli.command("buy", Self.lite, "--json", status: 3).json()
        let id = try #require((request["transaction"] as? [String: Any])?["id"] as? String)
        try cli.command("fix-billing", Self.lite)
        let approved = try cli.command("approve", id)
        #expect(approved.stdout.contains("Approved \(id): \(Self.lite) failed: You're currently subscribed to this."),
                "\(approved.summary)")
        #expect(try events().last?["kind"] as? String == "purchaseFailed")
    }

    @Test func aPriceIncreaseNobodyAgreesToExpiresTheSubscription() throws {
        try cli.command("buy", Self.monthly)
        let raised = try cli.command("price-increase", Self.monthly, "5.99")
        #expect(raised.stdout.contains("is now 5.99 USD (was 4.99 USD), consent needed"), "\(raised.summary)")
        #expect(try renewalInfo(try pro())["priceIncreaseStatus"] as? String == "pending")
        #expect(try events().last?["kind"] as? String == "priceIncreasePending")
        #expect(try cli.command("subscriptions").stdout.contains("price increase pending"))
        #expect(try cli.command("launch").stdout.contains("Subscription Price Increase: Pro Monthly (\(Self.monthly)) waits for consent"))

        try cli.command("advance", "2w")
        let expired = try pro()
        #expect(expired["state"] as? String == "expired")
        #expect(try renewalInfo(expired)["expirationReason"] as? String == "didNotConsentToPriceIncrease")
        let agree = try cli.command("agree-price", Self.monthly, status: 4)
        #expect(agree.stderr.contains("has no price increase waiting for consent"), "\(agree.summary)")
    }

    /// The price charged already is no change: refused, nothing written. Failed before: it was
    /// taken as a change "now 4.99 USD (was 4.99 USD)".
    @Test func thePriceChargedAlreadyIsRefused() throws {
        try cli.command("buy", Self.monthly)
        let count = try events().count
        let same = try cli.command("price-increase", Self.monthly, "4.99", status: 4)
        #expect(same.stderr.contains("\(Self.monthly) is charged 4.99 in the USA storefront already: that price is no change"),
                "\(same.summary)")
        #expect(try events().count == count, "nothing written")
        #expect(try renewalInfo(try pro())["priceIncreaseStatus"] as? String == "noIncreasePending")
    }

    @Test func anAgreedPriceIncreaseRenewsAtTheNewPrice() throws {
        try cli.command("buy", Self.monthly)
        try cli.command("price-increase", Self.monthly, "5.99", "--storefront", "USA")
        let agreed = try cli.command("agree-price", Self.monthly)
        // The price agreed to, and the renewal that first charges it.
        #expect(agreed.stdout.contains("Agreed to $5.99/month from the renewal on 2030-01-08 09:00:01 +00:00. Pro Monthly"), "\(agreed.summary)")
        #expect(try renewalInfo(try pro())["priceIncreaseStatus"] as? String == "agreed")
        let text = try cli.command("subscriptions").stdout
        #expect(text.contains("  price increase agreed: $5.99/month from the renewal on 2030-01-08 09:00:01 +00:00\n"), "\(text)")
        try cli.command("advance", "2w")
        let renewed = try pro()
        #expect(renewed["state"] as? String == "subscribed")
        #expect((renewed["transaction"] as? [String: Any])?["price"] as? String == "5.99")
    }

    /// Once the free trial has converted, turning auto-renew off confirms the paid period's end.
    @Test func autoRenewOffAfterTheTrialConfirmsWhenItExpires() throws {
        try cli.command("buy", Self.monthly)
        try cli.command("advance", "2w")
        let off = try cli.command("auto-renew", Self.monthly, "off").stdout
        #expect(off.contains("Turned auto-renew off. Pro Monthly (\(Self.monthly)): Expires ") && !off.contains("free trial"), "\(off)")
    }

    /// A free trial reads as one while it runs, in words and in the JSON; once converted, it is not.
    @Test func aRunningFreeTrialReadsAsOne() throws {
        try cli.command("buy", Self.monthly)
        let text = try cli.command("subscriptions").stdout
        #expect(text.contains("state          subscribed: Free trial until ") && text.contains(", then $4.99/month"), "\(text)")
        #expect(try pro()["isInFreeTrial"] as? Bool == true)
        try cli.command("advance", "2w")
        #expect(try pro()["isInFreeTrial"] as? Bool == false)
        #expect(!(try cli.command("subscriptions").stdout.contains("Free trial")))
    }

    /// A pay-as-you-go offer reads as the screens read it, from the renewal terms the JSON
    /// gives: the offer's price for the periods left, then the plan's; once used, the plan's.
    @Test func aPayAsYouGoOfferReadsThePriceTheNextRenewalCharges() throws {
        try FileManager.default.createDirectory(at: cli.dataDirectory, withIntermediateDirectories: true)
        let catalog = cli.dataDirectory.appendingPathComponent("offer-catalog.json").path
        try Data("""
            {"subscriptionGroups": [{"id": "plus", "name": "Plus"}],
             "products": [{"id": "plus.monthly", "type": "autoRenewable",
              "localizations": {"en": {"title": "Plus", "description": "Plus."}}, "prices": {"USA": 4.99},
              "subscription": {"period": "P1M", "group": "plus", "level": 1, "introductoryOffer":
                {"paymentMode": "payAsYouGo", "period": "P1M", "periods": 3, "prices": {"USA": 0.99}}}}]}
            """.utf8).write(to: URL(fileURLWithPath: catalog))
        func state() throws -> String {
            let text = try cli.command("--catalog", catalog, "subscriptions").stdout
            return text.split(separator: "\n").first { $0.contains("state ") }.map(String.init) ?? text
        }
        try cli.command("--catalog", catalog, "buy", "plus.monthly")
        #expect(try state() == "  state          subscribed: Renews 2030-02-01 09:00:01 +00:00 · $0.99/month for 2 months, then $4.99/month")
        let json = try cli.command("--catalog", catalog, "subscriptions", "--json").json()
        let group = try #require((json["subscriptions"] as? [[String: Any]])?.first?["status"] as? [String: Any])
        #expect(try renewalInfo(group)["renewalPrice"] as? String == "0.99", "the one home the words read: \(group)")
        try cli.command("--catalog", catalog, "advance", "32d")
        #expect(try state() == "  state          subscribed: Renews 2030-03-01 09:00:01 +00:00 · $0.99/month for 1 month, then $4.99/month")
        try cli.command("--catalog", catalog, "advance", "30d")
        #expect(try state() == "  state          subscribed: Renews 2030-04-01 09:00:01 +00:00", "the offer's last period: the plan's price next")
    }

    /// As SKTestSession.declinePriceIncreaseForTransaction: auto-renew off, nothing waiting,
    /// and the plan runs to its period's end.
    @Test func aDeclinedPriceIncreaseCancelsTheSubscription() throws {
        try cli.command("buy", Self.monthly)
        try cli.command("price-increase", Self.monthly, "5.99")
        #expect(try cli.command("subscriptions").stdout.contains("decline-price \(Self.monthly)"))
        let declined = try cli.command("decline-price", Self.monthly)
        #expect(declined.stdout.contains("Declined the price increase: auto-renew is off."), "\(declined.summary)")
        let status = try pro()
        #expect(try renewalInfo(status)["priceIncreaseStatus"] as? String == "noIncreasePending")
        #expect(try renewalInfo(status)["willAutoRenew"] as? Bool == false && status["state"] as? String == "subscribed")
        #expect(try events().last?["kind"] as? String == "autoRenewDisabled")
        let again = try cli.command("decline-price", Self.monthly, status: 4)
        #expect(again.stderr.contains("has no price increase waiting for consent"), "\(again.summary)")
        try cli.command("advance", "2w")
        #expect(try renewalInfo(try pro())["expirationReason"] as? String == "autoRenewDisabled")
    }

    @Test func aPriceIncreaseWithoutConsentRenewsAtTheNewPrice() throws {
        try cli.command("buy", Self.monthly)
        let raised = try cli.command("price-increase", Self.monthly, "5.49", "--no-consent-needed", "--json").json()
        #expect((raised["events"] as? [[String: Any]])?.last?["kind"] as? String == "priceIncreased", "\(raised)")
        #expect(try renewalInfo(try pro())["priceIncreaseStatus"] as? String == "noIncreasePending")
        try cli.command("advance", "2w")
        #expect((try pro()["transaction"] as? [String: Any])?["price"] as? String == "5.49")
    }

    /// Consent is asked for a rise unless told otherwise, never for a fall.
    @Test func aLowerPriceNeedsNoConsent() throws {
        try cli.command("buy", Self.monthly)
        let lowered = try cli.command("price-increase", Self.monthly, "3.99")
        #expect(lowered.stdout.contains("is now 3.99 USD (was 4.99 USD), no consent needed"), "\(lowered.summary)")
        #expect(try renewalInfo(try pro())["priceIncreaseStatus"] as? String == "noIncreasePending")
    }

    @Test func expireAndRenewActAtOnce() throws {
        try cli.command("buy", Self.monthly)
        let renewed = try cli.command("renew", Self.monthly, "--json").json()
        #expect((renewed["events"] as? [[String: Any]])?.last?["kind"] as? String == "renewed", "\(renewed)")
        #expect(try history().filter { $0["reason"] as? String == "renewal" }.count == 1)

        let expired = try cli.command("expire", Self.monthly)
        #expect(expired.stdout.contains("Expired the subscription now."), "\(expired.summary)")
        #expect(expired.stdout.contains("(unknown: ended by the store)"), "\(expired.summary)")
        #expect(try pro()["state"] as? String == "expired")
        let twice = try cli.command("expire", Self.monthly, status: 4)
        #expect(twice.stderr.contains("has ended: buy it again to resubscribe"), "\(twice.summary)")
    }

    @Test func whatCannotApplyIsRefusedInTheStoresWords() throws {
        let none = try cli.command("expire", Self.monthly, "--json", status: 4)
        #expect(try none.error()["message"] as? String == "the signed-in account has no subscription in the group of \(Self.monthly): buy it first")
        let premium = try cli.command("auto-renew", "com.storefront.premium", "off", status: 4)
        #expect(premium.stderr.contains("com.storefront.premium is not an auto-renewable subscription"), "\(premium.summary)")
        let unknown = try cli.command("renew", "com.nope", status: 64)
        #expect(unknown.stderr.contains("no product com.nope in the catalog"), "\(unknown.summary)")
        let price = try cli.command("price-increase", Self.monthly, "cheap", status: 64)
        #expect(price.stderr.contains("price-increase takes a price such as 5.99, not \"cheap\""), "\(price.summary)")
        let zero = try cli.command("price-increase", Self.monthly, "0", status: 64)
        #expect(zero.stderr.contains("a price must be above zero"), "\(zero.summary)")
        let place = try cli.command("price-increase", Self.monthly, "5.99", "--storefront", "XYZ", status: 64)
        #expect(place.stderr.contains("no App Store storefront XYZ"), "\(place.summary)")
        let switchWord = try cli.command("auto-renew", Self.monthly, "maybe", status: 64)
        #expect(switchWord.stderr.contains("maybe"), "\(switchWord.summary)")
    }

    @Test func theStorefrontStaysWhileASubscriptionIsActive() throws {
        try cli.command("buy", Self.monthly)
        let refused = try cli.command("set", "storefront", "JPN", status: 4)
        #expect(refused.stderr.contains("You can't change the country or region while you have a subscription"), "\(refused.summary)")
        #expect(refused.stderr.contains("`\(cli.hint("expire \(Self.monthly)"))`"), "the remedy names it: \(refused.summary)")
        let json = try cli.command("set", "storefront", "JPN", "--json", status: 4).json()
        let error = try #require(json["error"] as? [String: Any])
        #expect(error["name"] as? String == "activeSubscription")
        #expect((error["remedy"] as? String)?.contains("auto-renew \(Self.monthly) off") == true, "\(error)")

        try cli.command("expire", Self.monthly)
        #expect(try cli.command("set", "storefront", "JPN").stdout.contains("storefront = JPN"))
    }

    /// With auto-renew off already, only the plan's end, or ending it now, is left to suggest.
    @Test func aCancelledPlanKeepingTheStorefrontIsLeftToEnd() throws {
        try cli.command("buy", Self.monthly)
        try cli.command("auto-renew", Self.monthly, "off")
        let refused = try cli.command("set", "storefront", "JPN", status: 4)
        #expect(!refused.stderr.contains("Turn auto-renew off") && !refused.stderr.contains("auto-renew \(Self.monthly) off"), "\(refused.summary)")
        #expect(refused.stderr.contains("Auto-renew is off: \(Self.monthly) ends "), "\(refused.summary)")
        #expect(refused.stderr.contains("`\(cli.hint("expire \(Self.monthly)"))`"), "\(refused.summary)")
    }

    @Test func eventsAreListedInOrderFromACursor() throws {
        try cli.command("buy", Self.monthly)
        try cli.command("auto-renew", Self.monthly, "off")
        try cli.command("auto-renew", Self.monthly, "on")
        let all = try events()
        let ids = all.compactMap { $0["id"] as? Int }
        #expect(ids == Array(1...ids.count), "\(all)")
        #expect(all.map { $0["kind"] as? String }.suffix(3) == ["subscribed", "autoRenewDisabled", "autoRenewEnabled"])
        let subscribed = try #require(all.first { $0["kind"] as? String == "subscribed" })
        #expect(subscribed["account"] as? String == "sandbox.user@example.com")
        #expect(subscribed["productID"] as? String == Self.monthly)
        let transaction = try #require(subscribed["transaction"] as? [String: Any], "\(subscribed)")
        #expect(transaction["id"] as? String == subscribed["transactionID"] as? String && transaction["productID"] as? String == Self.monthly)
        let renewal = try #require((subscribed["subscription"] as? [String: Any])?["renewalInfo"] as? [String: Any], "\(subscribed)")
        #expect(renewal["willAutoRenew"] as? Bool == true)
        let disabled = try #require((all.last { $0["kind"] as? String == "autoRenewDisabled" })?["subscription"] as? [String: Any])
        #expect((disabled["renewalInfo"] as? [String: Any])?["willAutoRenew"] as? Bool == false, "as the change left it: \(disabled)")

        let after = try #require(ids.dropLast().last)
        let page = try #require(try cli.command("events", "--after", "\(after)", "--json").json()["events"] as? [[String: Any]])
        #expect(page.map { $0["kind"] as? String } == ["autoRenewEnabled"])
        let limited = try #require(try cli.command("events", "--limit", "1", "--json").json()["events"] as? [[String: Any]])
        #expect(limited.count == 1 && limited.first?["id"] as? Int == 1)
        let text = try cli.command("events").stdout
        #expect(text.contains("  subscribed  sandbox.user@example.com  \(Self.monthly)  txn 1000000001"), "\(text)")
        #expect(try cli.command("events", "--after", "99").stdout == "No events after 99.\n")
        let bad = try cli.command("events", "--after=-1", status: 64)
        #expect(bad.stderr.contains("--after takes an event id"), "\(bad.summary)")
    }

    /// The operations are the store's side: they need no app, so they run beside an open
    /// storefront, which goes on running.
    @Test func theOperationsWorkBesideAnOpenStorefront() throws {
        try cli.run("set", "latency", "0")
        #expect(try cli.run("buy", Self.monthly).status == 0)
        let tty = try TmuxSession(cli)
        defer { tty.kill() }
        try tty.waitFor("Pro Monthly")
        let off = try cli.run("auto-renew", Self.monthly, "off")
        #expect(off.status == 0, "not busy: \(off.summary)")
        let status = try cli.run("subscriptions", "--json")
        #expect(status.stdout.contains("\"willAutoRenew\" : false"), "\(status.summary)")
        #expect(try !tty.screen().contains("EXITED"))
    }

    /// `events --follow` shows each event as another process's change stores it.
    @Test func followingListsEachEventAsItComes() throws {
        try cli.run("set", "latency", "0")
        let tty = try TmuxSession(cli, width: 200, arguments: ["--data-dir", cli.dataDirectory.path, "events", "--follow"])
        defer { tty.kill() }
        #expect(try cli.run("buy", Self.monthly).status == 0)
        try tty.waitFor("subscribed  sandbox.user@example.com  \(Self.monthly)  txn 1000000001")
        #expect(try cli.run("auto-renew", Self.monthly, "off").status == 0)
        let screen = try tty.waitFor("autoRenewDisabled  sandbox.user@example.com")
        #expect(!screen.contains("EXITED"), "it goes on: \(screen)")
    }

    /// Each command's one line of help points to the page that describes it.
    @Test func theHelpNamesEachCommandAndItsPage() throws {
        let help = try cli.command("help").stdout
        for command in ["subscriptions", "auto-renew", "expire", "renew", "fix-billing", "price-increase", "agree-price", "decline-price", "events"] {
            let line = try #require(help.split(separator: "\n").firstIndex { $0.hasPrefix("  \(command) ") }, "\(command): \(help)")
            let entry = help.split(separator: "\n")[line...].prefix(3).joined(separator: " ")
            #expect(entry.contains("(docs/command-line.md)"), "\(entry)")
        }
        let price = try cli.command("price-increase", "--help").stdout
        #expect(price.contains("--consent-needed/--no-consent-needed"), "\(price)")
        #expect(price.contains("consent is needed when the\nprice rises"), "\(price)")
    }
}
