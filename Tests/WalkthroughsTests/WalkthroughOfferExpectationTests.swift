import CatalogFiles
import Foundation
import AppStoreCore
import Testing
@testable import Walkthroughs

/// `expect offer PRODUCT OFFER eligible|ineligible`: whether the signed-in customer may have a
/// subscription's offer now, as the store decides it (an offer code by its eligibility).
@Suite struct WalkthroughOfferExpectationTests {
    let catalog = try! CatalogLoader.defaultCatalog()
    static let yearly = "com.storefront.pro.yearly"

    func errors(_ text: String) -> [String] {
        do {
            _ = try WalkthroughParser(catalog: catalog).parse(text, file: "demo.walk")
            return []
        } catch {
            return error.errors.map(\.description)
        }
    }

    func summaries(_ text: String) throws -> [String] {
        let walkthrough = try WalkthroughParser(catalog: catalog).parse(text, file: "demo.walk")
        return WalkthroughRunner(catalog: catalog).run(walkthrough).failures.map { $0.summary(file: "demo.walk") }
    }

    @Test func theOfferIsNamedAsTheCatalogNamesIt() throws {
        let steps = try WalkthroughParser(catalog: catalog).parse("""
            expect offer "Pro Yearly" loyalyear eligible
            expect offer "Pro Monthly" introductory ineligible
            """, file: "demo.walk").steps.map(\.action)
        #expect(steps == [.expect(.offer(productID: Self.yearly, offer: "LOYALYEAR", eligible: true)),
                          .expect(.offer(productID: "com.storefront.pro.monthly", offer: "introductory", eligible: false))])
        #expect(errors("expect offer \"Pro Yearly\" LOYALYAER eligible") == [
            "demo.walk:1:27: expected an offer of the subscription: LOYALYEAR; did you mean 'expect offer \"Pro Yearly\" LOYALYEAR eligible'?",
        ])
        #expect(errors("expect offer \"Pro Yearly\" LOYALYEAR maybe") == [
            "demo.walk:1:37: expected eligible or ineligible; did you mean 'expect offer \"Pro Yearly\" LOYALYEAR eligible'?",
        ])
    }

    /// A code for existing and expired subscribers: not for a customer new to the group, then
    /// for the subscriber, and not again while the one redeemed waits for the renewal.
    @Test func aCodesEligibilityFollowsTheCustomer() throws {
        #expect(try summaries("""
            expect offer "Pro Yearly" LOYALYEAR ineligible
            expect offer "Pro Monthly" FRIENDMONTH eligible
            buy-outside "Pro Monthly" offer none
            expect offer "Pro Yearly" LOYALYEAR eligible
            expect offer "Pro Monthly" FRIENDMONTH ineligible
            redeem-code LOYALYEAR
            expect offer "Pro Yearly" LOYALYEAR eligible
            """) == [
            "demo.walk:7: expect offer \"Pro Yearly\" LOYALYEAR eligible — expected the offer LOYALYEAR of com.storefront.pro.yearly eligible, saw ineligible, as an existing customer of the group",
        ])
    }

    /// Pro Monthly with a win-back offer for anyone churned, and one for those gone a month or more.
    static let winBackCatalog: Catalog = {
        var catalog = try! CatalogLoader.defaultCatalog()
        let i = catalog.products.firstIndex { $0.id == "com.storefront.pro.monthly" }!
        catalog.products[i].subscription?.winBackOffers = [
            SubscriptionOffer(id: "winback.now", paymentMode: .payUpFront, period: SubscriptionPeriod(value: 3, unit: .month), price: 9.99),
            SubscriptionOffer(id: "winback.later", paymentMode: .freeTrial, period: SubscriptionPeriod(value: 1, unit: .month),
                              winBackRules: WinBackOfferRules(monthsSinceLastSubscribed: 1...12)),
        ]
        return catalog
    }()

    /// Not while subscribed nor with auto-renew off before the period ends; once churned, by
    /// each offer's rules.
    @Test func aWinBackOfferIsForAChurnedSubscriberByItsRules() throws {
        let catalog = Self.winBackCatalog
        let walkthrough = try WalkthroughParser(catalog: catalog).parse("""
            expect offer "Pro Monthly" winback.now ineligible
            buy-outside "Pro Monthly" offer none
            expect offer "Pro Monthly" winback.now ineligible
            auto-renew "Pro Monthly" off
            expect offer "Pro Monthly" winback.now ineligible
            advance 32d
            expect subscription "Pro Monthly" state expired
            expect offer "Pro Monthly" WINBACK.NOW eligible
            expect offer "Pro Monthly" winback.later ineligible
            advance 1mo
            expect offer "Pro Monthly" winback.later eligible
            expect offer "Pro Monthly" winback.now ineligible
            """, file: "demo.walk")
        let failures = WalkthroughRunner(catalog: catalog).run(walkthrough).failures.map { $0.summary(file: "demo.walk") }
        #expect(failures.count == 1 && failures.first?.hasPrefix("demo.walk:12:") == true, "\(failures)")
    }
}
