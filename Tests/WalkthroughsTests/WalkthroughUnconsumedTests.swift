import CatalogFiles
import Foundation
import AppStoreCore
import Testing
import Walkthroughs

/// `consume PRODUCT|credits [N]` and `expect unconsumed PRODUCT N`.
@Suite struct WalkthroughUnconsumedTests {
    let catalog = try! CatalogLoader.defaultCatalog()

    func parse(_ text: String) throws -> [StepAction] {
        try WalkthroughParser(catalog: catalog).parse(text, file: "demo.walk").steps.map(\.action)
    }

    func errors(_ text: String) -> [String] {
        do {
            _ = try WalkthroughParser(catalog: catalog).parse(text, file: "demo.walk")
            return []
        } catch {
            return error.errors.map(\.description)
        }
    }

    func run(_ text: String) throws -> [String] {
        let walkthrough = try WalkthroughParser(catalog: catalog).parse(text, file: "demo.walk")
        return WalkthroughRunner(catalog: catalog).run(walkthrough).failures.map { $0.summary(file: "demo.walk") }
    }

    @Test func theStepsRead() throws {
        #expect(try parse("""
            consume credits
            consume com.storefront.credits.10 4
            expect unconsumed com.storefront.credits.5 9
            """) == [
                .consume(productID: "credits", quantity: 1),
                .consume(productID: "com.storefront.credits.10", quantity: 4),
                .expect(.unconsumed(productID: "com.storefront.credits.5", units: 9)),
            ])
    }

    @Test func onlyAConsumableIsConsumed() {
        #expect(errors("consume com.storefront.premium") == [
            "demo.walk:1:9: expected a consumable's product id after consume: com.storefront.credits.5, com.storefront.credits.10, credits; did you mean 'consume com.storefront.credits.5'?",
        ])
        #expect(errors("consume credits 0").first?.contains("expected how many to consume") == true)
        #expect(errors("expect unconsumed credits 3").first?.contains("expected a consumable's product id after expect unconsumed") == true)
        #expect(errors("expect unconsumed com.storefront.credits.5").first?.contains("how many of com.storefront.credits.5") == true)
    }

    @Test func consumingMoreThanThereIsFailsTheStepInItsWords() throws {
        let failures = try run("""
            open "5 Monkey Credits"
            press "Buy"
            press "OK"
            expect unconsumed com.storefront.credits.5 5
            consume com.storefront.credits.5 2
            expect unconsumed com.storefront.credits.5 4
            consume credits 4
            """)
        #expect(failures.count == 2, "\(failures)")
        #expect(failures.first?.contains("expected 4 of com.storefront.credits.5 unconsumed, saw 3 unconsumed") == true, "\(failures)")
        #expect(failures.last?.contains("only 3 unconsumed, cannot consume 4") == true, "\(failures)")
    }
}
