import CatalogFiles
import Foundation
import AppStoreCore
import Testing
@testable import Walkthroughs

/// `buy-outside PRODUCT … offer …, offer-code …, auto-renew off`: a subscription bought
/// outside the app at the terms the step chooses, as `storefront buy-outside` buys it.
@Suite struct WalkthroughOutsidePurchaseTests {
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

    @Test func theStepChoosesTheOfferAndWhetherItRenews() throws {
        let steps = try parse("""
            buy-outside "Pro Monthly" offer none auto-renew off
            buy-outside "Pro Monthly" offer introductory
            buy-outside "Pro Monthly" offer-code FRIENDMONTH
            buy-outside "10 Monkey Credits" 2
            """).steps.map(\.action)
        #expect(steps == [
            .operation(.buyOutsideApp(productID: Self.pro, quantity: 1, terms: .init(offer: .none, autoRenew: false))),
            .operation(.buyOutsideApp(productID: Self.pro, quantity: 1, terms: .init(offer: .introductory))),
            .operation(.buyOutsideApp(productID: Self.pro, quantity: 1, terms: .init(offer: .code("FRIENDMONTH")))),
            .operation(.buyOutsideApp(productID: "com.storefront.credits.10", quantity: 2)),
        ])
    }

    @Test func whatTheStepCannotChooseIsASyntaxErrorWithASuggestion() {
        #expect(errors("buy-outside \"Pro Monthly\" offer introductry") == [
            "demo.walk:1:33: expected introductory or none after offer (an offer code: offer-code CODE); did you mean 'buy-outside \"Pro Monthly\" offer introductory'?",
        ])
        #expect(errors("buy-outside \"Pro Monthly\" autorenew off").first?.contains("did you mean 'buy-outside \"Pro Monthly\" auto-renew off'") == true)
        #expect(errors("buy-outside \"10 Monkey Credits\" auto-renew off").first?
            .contains("com.storefront.credits.10 is not an auto-renewable subscription") == true)
    }

    /// `plan monthly`: the yearly plan's monthly plan with a 12-month commitment; a plan with none is refused.
    @Test func theStepChoosesTheMonthlyPlan() throws {
        let steps = try parse("buy-outside \"Pro Yearly\" plan monthly").steps.map(\.action)
        #expect(steps == [.operation(.buyOutsideApp(productID: "com.storefront.pro.yearly", quantity: 1,
                                                    terms: .init(billingPlanType: BillingPlan.monthly)))])
        #expect(errors("buy-outside \"Pro Monthly\" plan monthly").first?.contains("has no monthly plan with a commitment: com.storefront.pro.yearly has one") == true)
        #expect(errors("buy-outside \"Pro Yearly\" plan montly").first?.contains("did you mean 'buy-outside \"Pro Yearly\" plan monthly'") == true)
        let walkthrough = try parse("""
            buy-outside "Pro Yearly" plan monthly
            expect subscription "Pro Yearly" state subscribed
            expect subscription "Pro Yearly" renews 2030-02-01
            advance 31d
            expect transaction "Pro Yearly" reason renewal
            expect subscription "Pro Yearly" renews 2030-03-01
            """)
        let result = WalkthroughRunner(catalog: catalog).run(walkthrough)
        #expect(result.passed, "\(result.failures)")
    }

    @Test func boughtWithAutoRenewOffTheSubscriptionWillNotRenew() throws {
        let walkthrough = try parse("""
            buy-outside "Pro Monthly" offer none auto-renew off
            expect subscription "Pro Monthly" state subscribed
            expect subscription "Pro Monthly" auto-renew off
            expect transaction "Pro Monthly" reason outsideApp
            """)
        let result = WalkthroughRunner(catalog: catalog).run(walkthrough)
        #expect(result.passed, "\(result.failures)")
    }
}
