import CatalogFiles
import Foundation
import SampleApp
import AppStoreCore
import StorefrontUI
import Testing
import Walkthroughs

/// The store-side steps on a subscription act on the storefront's own store, and
/// `expect subscription …` reads the status the store keeps: each holds when it should and,
/// when it does not, says what it saw.
@Suite struct WalkthroughSubscriptionTests {
    let catalog = try! CatalogLoader.defaultCatalog()

    func run(_ text: String) throws -> WalkthroughResult {
        let walkthrough = try WalkthroughParser(catalog: catalog).parse(text, file: "demo.walk")
        return WalkthroughRunner(catalog: catalog).run(walkthrough)
    }

    /// Subscribes to Pro Monthly (its week's free trial) from the store screen.
    static let subscribe = """
        open "Pro Monthly"
        key Enter
        key Enter
        """

    func summaries(_ result: WalkthroughResult) -> [String] {
        result.failures.map { $0.summary(file: "demo.walk") }
    }

    @Test func everyExpectationHoldsOnANewSubscription() throws {
        let result = try run(Self.subscribe + """

            expect subscription "Pro Monthly" state subscribed
            expect subscription "Pro Monthly" plan com.storefront.pro.monthly
            expect subscription "Pro Monthly" auto-renew on
            expect subscription "Pro Monthly" expiration-reason none
            expect subscription "Pro Monthly" renews-to com.storefront.pro.monthly
            expect subscription "Pro Monthly" price-increase none
            expect subscription "Lite Monthly" state subscribed   # the group's status, read by any of its plans
            """)
        #expect(result.passed, "\(result.failures)")
        #expect(result.stepsRun == 10)
    }

    @Test func everyExpectationThatDoesNotHoldSaysWhatItSaw() throws {
        let result = try run(Self.subscribe + """

            expect subscription "Pro Monthly" state expired
            expect subscription "Pro Monthly" plan com.storefront.lite.monthly
            expect subscription "Pro Monthly" auto-renew off
            expect subscription "Pro Monthly" expiration-reason autoRenewDisabled
            expect subscription "Pro Monthly" renews-to "Lite Monthly"
            expect subscription "Pro Monthly" price-increase pending
            """)
        #expect(summaries(result) == [
            "demo.walk:4: expect subscription \"Pro Monthly\" state expired — expected state expired, saw state subscribed (com.storefront.pro.monthly)",
            "demo.walk:5: expect subscription \"Pro Monthly\" plan com.storefront.lite.monthly — expected plan com.storefront.lite.monthly, saw plan com.storefront.pro.monthly",
            "demo.walk:6: expect subscription \"Pro Monthly\" auto-renew off — expected auto-renew off, saw auto-renew on (com.storefront.pro.monthly)",
            "demo.walk:7: expect subscription \"Pro Monthly\" expiration-reason autoRenewDisabled — expected expiration-reason autoRenewDisabled, saw expiration-reason none (com.storefront.pro.monthly)",
            "demo.walk:8: expect subscription \"Pro Monthly\" renews-to \"Lite Monthly\" — expected renews-to com.storefront.lite.monthly, saw renews-to com.storefront.pro.monthly (com.storefront.pro.monthly)",
            "demo.walk:9: expect subscription \"Pro Monthly\" price-increase pending — expected price-increase pending, saw price-increase none (com.storefront.pro.monthly)",
        ])
    }

    @Test func withNoSubscriptionEveryExpectationSaysSo() throws {
        let result = try run("expect subscription \"Pro Yearly\" state subscribed\nexpect subscription \"Pro Yearly\" auto-renew off")
        #expect(summaries(result) == [
            "demo.walk:1: expect subscription \"Pro Yearly\" state subscribed — expected state subscribed, saw no subscription in group pro",
            "demo.walk:2: expect subscription \"Pro Yearly\" auto-renew off — expected auto-renew off, saw no subscription in group pro",
        ])
    }

    /// auto-renew off: it runs to its end and expires (autoRenewDisabled); expire ends it now
    /// (unknown); renew makes the renewal at once, which the open app hears and finishes.
    @Test func theStepsChangeTheSubscriptionAndTheAppHearsAtOnce() throws {
        let result = try run(Self.subscribe + """

            renew "Pro Monthly"
            expect transaction reason renewal
            expect transaction state purchased
            expect queue empty
            auto-renew "Pro Monthly" off
            expect subscription "Pro Monthly" auto-renew off
            auto-renew "Pro Monthly" on
            expect subscription "Pro Monthly" auto-renew on
            expire "Pro Monthly"
            expect subscription "Pro Monthly" state expired
            expect subscription "Pro Monthly" expiration-reason unknown
            """)
        #expect(result.passed, "\(result.failures)")
        #expect(result.stepsRun == 14)
    }

    @Test func billingIsFixedByTheStep() throws {
        let result = try run("set billing-retry on\n" + Self.subscribe + """

            advance 8d
            expect subscription "Pro Monthly" state inBillingRetryPeriod
            fix-billing "Pro Monthly"
            expect subscription "Pro Monthly" state subscribed
            expect transaction reason renewal
            """)
        #expect(result.passed, "\(result.failures)")
    }

    /// Without consent or no-consent, consent is needed for a rise (as the command line decides);
    /// a fall never needs it, even asked for (the store takes a lower price as it is).
    @Test func aPriceIncreaseNeedsConsentWhenThePriceRises() throws {
        let rise = try run(Self.subscribe + """

            price-increase "Pro Monthly" 5.99
            expect subscription "Pro Monthly" price-increase pending
            agree-price "Pro Monthly"
            expect subscription "Pro Monthly" price-increase agreed
            """)
        #expect(rise.passed, "\(rise.failures)")
        let fall = try run(Self.subscribe + """

            price-increase "Pro Monthly" 3.99
            expect subscription "Pro Monthly" price-increase none
            price-increase "Pro Monthly" 2.99 consent
            expect subscription "Pro Monthly" price-increase none
            """)
        #expect(fall.passed, "\(fall.failures)")
        // Against the price as it is when the step runs, not the catalog's: 4.49 after 3.99 is a rise.
        let again = try run(Self.subscribe + """

            price-increase "Pro Monthly" 3.99 no-consent
            price-increase "Pro Monthly" 4.49
            expect subscription "Pro Monthly" price-increase pending
            """)
        #expect(again.passed, "\(again.failures)")
    }

    /// Declined (SKTestSession.declinePriceIncreaseForTransaction): auto-renew off, nothing
    /// waiting, and the plan expires at its period's end.
    @Test func aDeclinedPriceIncreaseExpiresAtThePeriodsEnd() throws {
        let result = try run(Self.subscribe + """

            price-increase "Pro Monthly" 5.99
            decline-price "Pro Monthly"
            expect subscription "Pro Monthly" price-increase none
            expect subscription "Pro Monthly" auto-renew off
            expect subscription "Pro Monthly" state subscribed
            advance 8d
            expect subscription "Pro Monthly" state expired
            expect subscription "Pro Monthly" expiration-reason autoRenewDisabled
            """)
        #expect(result.passed, "\(result.failures)")
    }

    /// The offer is the latest transaction's: the trial's, then none once it renews at the
    /// plan's price; an offer code's is a code, whatever its payment mode.
    @Test func theOfferIsTheCurrentPeriods() throws {
        let result = try run(Self.subscribe + """

            expect subscription "Pro Monthly" offer freeTrial
            expect subscription "Pro Monthly" offer introductory
            expect subscription "Pro Monthly" offer none
            advance 7d
            expect subscription "Pro Monthly" offer none
            expect subscription "Pro Monthly" offer freeTrial
            """)
        #expect(summaries(result) == [
            "demo.walk:6: expect subscription \"Pro Monthly\" offer none — expected offer none, saw offer freeTrial (1000000001, com.storefront.pro.monthly)",
            "demo.walk:9: expect subscription \"Pro Monthly\" offer freeTrial — expected offer freeTrial, saw offer none (1000000002, com.storefront.pro.monthly)",
        ])
        let code = try run("""
            redeem-code FRIENDMONTH
            expect subscription "Pro Monthly" offer code
            expect subscription "Pro Monthly" offer freeTrial
            """)
        #expect(summaries(code) == [
            "demo.walk:3: expect subscription \"Pro Monthly\" offer freeTrial — expected offer freeTrial, saw offer code FRIENDMONTH (1000000001, com.storefront.pro.monthly)",
        ])
    }

    /// Each date holds on its own day, and one that does not says what comes instead and when:
    /// with auto-renew off, an expiry rather than a renewal, and nothing to renew to.
    @Test func theDatesSayWhatComesAndWhen() throws {
        let result = try run(Self.subscribe + """

            expect subscription "Pro Monthly" renews 2030-01-08
            expect subscription "Pro Monthly" renews 2030-01-09
            expect subscription "Pro Monthly" expires 2030-01-08
            expect subscription "Pro Monthly" grace-until 2030-01-08
            auto-renew "Pro Monthly" off
            expect subscription "Pro Monthly" expires 2030-01-08
            expect subscription "Pro Monthly" renews 2030-01-08
            expect subscription "Pro Monthly" renews-to none
            expect subscription "Pro Monthly" renews-to "Pro Monthly"
            advance 7d
            expect subscription "Pro Monthly" expires 2030-01-08
            expect subscription "Pro Monthly" renews-to none
            expect subscription "Pro Monthly" renews 2030-02-08
            """)
        #expect(summaries(result) == [
            "demo.walk:5: expect subscription \"Pro Monthly\" renews 2030-01-09 — expected renews 2030-01-09, saw renews 2030-01-08 (com.storefront.pro.monthly)",
            "demo.walk:6: expect subscription \"Pro Monthly\" expires 2030-01-08 — expected expires 2030-01-08, saw renews 2030-01-08 (com.storefront.pro.monthly)",
            "demo.walk:7: expect subscription \"Pro Monthly\" grace-until 2030-01-08 — expected grace-until 2030-01-08, saw renews 2030-01-08 (com.storefront.pro.monthly)",
            "demo.walk:10: expect subscription \"Pro Monthly\" renews 2030-01-08 — expected renews 2030-01-08, saw auto-renew off, expires 2030-01-08 (com.storefront.pro.monthly)",
            "demo.walk:12: expect subscription \"Pro Monthly\" renews-to \"Pro Monthly\" — expected renews-to com.storefront.pro.monthly, saw renews-to none: auto-renew off, expires 2030-01-08 (com.storefront.pro.monthly)",
            "demo.walk:16: expect subscription \"Pro Monthly\" renews 2030-02-08 — expected renews 2030-02-08, saw expired 2030-01-08 (com.storefront.pro.monthly)",
        ])
    }

    /// A pending downgrade reads as cancelled once auto-renew is off: nothing renews, though
    /// the renewal info keeps the plan it would renew to (as Apple's autoRenewProductId does).
    @Test func aDowngradeCancelledWithAutoRenewRenewsToNothing() throws {
        let result = try run(Self.subscribe + """

            open "Lite Monthly"
            key Enter
            key Enter
            expect subscription "Pro Monthly" renews-to "Lite Monthly"
            expect subscription "Pro Monthly" renews 2030-01-08
            auto-renew "Pro Monthly" off
            expect subscription "Pro Monthly" renews-to none
            expect subscription "Pro Monthly" renews-to "Lite Monthly"
            """)
        #expect(summaries(result) == [
            "demo.walk:11: expect subscription \"Pro Monthly\" renews-to \"Lite Monthly\" — expected renews-to com.storefront.lite.monthly, saw renews-to none: auto-renew off, expires 2030-01-08 (com.storefront.pro.monthly)",
        ])
    }

    /// In grace, the day access ends unless the payment goes through; no renewal date.
    @Test func theGracePeriodsEnd() throws {
        let result = try run("set billing-retry on\nset grace-period 16d\n" + Self.subscribe + """

            advance 8d
            expect subscription "Pro Monthly" grace-until 2030-01-24
            expect subscription "Pro Monthly" renews 2030-01-08
            expect subscription "Pro Monthly" renews-to "Pro Monthly"   # the renewal retried
            fix-billing "Pro Monthly"
            expect subscription "Pro Monthly" renews 2030-02-08
            expect subscription "Pro Monthly" grace-until 2030-01-24
            """)
        #expect(summaries(result) == [
            "demo.walk:8: expect subscription \"Pro Monthly\" renews 2030-01-08 — expected renews 2030-01-08, saw inGracePeriod until 2030-01-24 (com.storefront.pro.monthly)",
            "demo.walk:12: expect subscription \"Pro Monthly\" grace-until 2030-01-24 — expected grace-until 2030-01-24, saw renews 2030-02-08 (com.storefront.pro.monthly)",
        ])
    }

    /// What the store refuses stops the walkthrough there, in the store's words.
    @Test func aRefusedStepStopsTheWalkthrough() throws {
        let never = try run("expire \"Pro Monthly\"\nexpect credits 0")
        #expect(never.stepsRun == 1)
        #expect(summaries(never) == [
            "demo.walk:1: expire \"Pro Monthly\" — expected the store to expire com.storefront.pro.monthly, saw \(StoreAdminError.notSubscribed("com.storefront.pro.monthly").text(.english))",
        ])
        let nothingToFix = try run(Self.subscribe + "\nfix-billing \"Pro Monthly\"")
        #expect(nothingToFix.failures.first?.expected == "the store to fix the billing issue of com.storefront.pro.monthly")
        #expect(nothingToFix.failures.first?.saw == StoreAdminError.noBillingIssue("com.storefront.pro.monthly").text(.english))
        let notSold = try run(Self.subscribe + "\nprice-increase \"Pro Monthly\" 5.99 in FRA")
        #expect(notSold.failures.first?.saw == StoreAdminError.notSoldIn("com.storefront.pro.monthly", storefront: "FRA").text(.english))
    }
}
