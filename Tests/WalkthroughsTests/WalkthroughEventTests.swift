import CatalogFiles
import Foundation
import AppStoreCore
import Testing
import Walkthroughs

/// `expect event` reads what the store logged since the previous one read its events, the
/// expectations side by side reading the same; one that does not hold lists what was logged.
@Suite struct WalkthroughEventTests {
    let catalog = try! CatalogLoader.defaultCatalog()

    func summaries(_ text: String) throws -> [String] {
        let walkthrough = try WalkthroughParser(catalog: catalog).parse(text, file: "demo.walk")
        return WalkthroughRunner(catalog: catalog).run(walkthrough).failures.map { $0.summary(file: "demo.walk") }
    }

    static let subscribe = """
        open "Pro Monthly"
        key Enter
        key Enter
        """

    @Test func eachHoldsOnWhatCameSinceThePreviousOne() throws {
        #expect(try summaries(Self.subscribe + """

            expect event subscribed "Pro Monthly"
            expect event subscribed             # side by side: the same events
            expect no event renewed
            advance 7d
            expect event renewed com.storefront.pro.monthly
            expect no event subscribed          # told before
            advance 1h
            expect no event renewed             # nothing since
            """) == [])
    }

    @Test func oneThatDoesNotHoldListsWhatWasLogged() throws {
        #expect(try summaries(Self.subscribe + """

            expect event expired
            expect no event subscribed
            expect event renewed "Lite Monthly"
            advance 1h
            expect event subscribed
            """) == [
            "demo.walk:4: expect event expired — expected an event expired, saw only subscribed com.storefront.pro.monthly",
            "demo.walk:5: expect no event subscribed — expected no event subscribed, saw subscribed com.storefront.pro.monthly (event 1, 2030-01-01)",
            "demo.walk:6: expect event renewed \"Lite Monthly\" — expected an event renewed for com.storefront.lite.monthly, saw only subscribed com.storefront.pro.monthly",
            "demo.walk:8: expect event subscribed — expected an event subscribed since line 6, saw no events since line 6",
        ])
    }

    /// A plan change's event is of either plan: the one left and the one chosen.
    @Test func aPlanChangeIsOfBothPlans() throws {
        #expect(try summaries(Self.subscribe + """

            open "Lite Monthly"
            key Enter
            key Enter
            expect event renewalPreferenceChanged "Lite Monthly"
            expect event renewalPreferenceChanged "Pro Monthly"
            expect no event renewalPreferenceChanged "Pro Yearly"
            """) == [])
    }

    /// Only the events' last few are listed, after how many came before them.
    @Test func aLongLogIsListedFromItsEnd() throws {
        let steps = Array(repeating: "renew \"Pro Monthly\"", count: 13).joined(separator: "\n")
        let failures = try summaries(Self.subscribe + "\n" + steps + "\nexpect event expired")
        #expect(failures == [
            "demo.walk:17: expect event expired — expected an event expired, saw only 2 earlier, then "
                + Array(repeating: "renewed com.storefront.pro.monthly", count: 12).joined(separator: ", "),
        ])
    }
}
