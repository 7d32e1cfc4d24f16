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
}
