import CatalogFiles
import Foundation
import AppStoreCore
import Testing
@testable import Walkthroughs

/// `promotional-offer PRODUCT OFFER`: the app presents an offer its server signed, and the App
/// Store's sheet opens at its terms; `expect offer PRODUCT OFFER eligible|ineligible`: whether
/// the signed-in account may have it now.
@Suite struct WalkthroughPromotionalOfferTests {
    let catalog = try! CatalogLoader.defaultCatalog()
    static let pro = "com.storefront.pro.monthly"

    func parse(_ text: String) throws -> Walkthrough {
        try WalkthroughParser(catalog: catalog).parse(text, file: "demo.walk")
    }

    func errors(_ text: String) -> [String] {
        do {
            _ = try WalkthroughParser(catalog: catalog).parse(text, file: "demo.walk")
            return []
        } catch {
            return error.errors.map(\.description)
        }
    }

    @Test func theStepsNameTheSubscriptionAndItsOffer() throws {
        let steps = try parse("""
            promotional-offer "Pro Monthly" comeback
            expect offer com.storefront.pro.monthly COMEBACK eligible
            expect offer "Pro Monthly" FRIENDMONTH ineligible
            """).steps.map(\.action)
        #expect(steps == [
            .promotionalOffer(productID: Self.pro, offerID: "COMEBACK"),
            .expect(.offer(productID: Self.pro, offer: "COMEBACK", eligible: true)),
            .expect(.offer(productID: Self.pro, offer: "FRIENDMONTH", eligible: false)),
        ])
    }

    @Test func anOfferTheSubscriptionDoesNotHaveIsASyntaxErrorWithASuggestion() {
        #expect(errors("promotional-offer \"Pro Monthly\" COMEBAK") == [
            "demo.walk:1:33: expected an offer of com.storefront.pro.monthly (its offers: COMEBACK, FRIENDMONTH); did you mean 'promotional-offer \"Pro Monthly\" COMEBACK'?",
        ])
        #expect(errors("expect offer \"Pro Monthly\" COMEBACK elligible").first?
            .contains("did you mean 'expect offer \"Pro Monthly\" COMEBACK eligible'") == true)
    }

    @Test func aCustomerWhoNeverSubscribedIsRefusedAtTheSheet() throws {
        let walkthrough = try parse("""
            expect offer "Pro Monthly" COMEBACK ineligible
            promotional-offer "Pro Monthly" COMEBACK
            expect screen "$2.99/month for 3 months"
            press "Subscribe"
            expect transaction state failed
            expect transaction error ineligibleForOffer
            """)
        let result = WalkthroughRunner(catalog: catalog).run(walkthrough)
        #expect(result.passed, "\(result.failures)")
    }

    @Test func aLapsedSubscriberBuysAtTheOffersTerms() throws {
        let walkthrough = try parse("""
            open "Pro Monthly"
            press "Subscribe"
            press "OK"
            expire "Pro Monthly"
            expect offer "Pro Monthly" COMEBACK eligible
            promotional-offer "Pro Monthly" COMEBACK
            press "Subscribe"
            expect transaction state purchased
            expect screen "Renews Feb 1, 2030 · $2.99/month for 2"
            """)
        let result = WalkthroughRunner(catalog: catalog).run(walkthrough)
        #expect(result.passed, "\(result.failures)")
    }
}
