import Foundation
import AppStoreCore
import Testing
@testable import StorefrontUI

/// The store list is made once for what it is made from, and copies of a state share that:
/// each copy still gets the list of its own catalog, app, language, premium and products.
@Suite struct StoreRowsMemoTests {
    private static let premiumOffer = StoreRow.premiumOffer(productID: "com.storefront.premium")

    @Test func copiesThatDifferGetTheirOwnRowsWhicheverAsksFirst() throws {
        let locked = try UITestHarness().state
        var unlocked = locked
        unlocked.snapshot.premiumUnlocked = true
        var japanese = locked
        japanese.snapshot.settings.locale = "ja_JP"
        let lockedRows = locked.rows
        for _ in 0..<2 {
            #expect(unlocked.rows.contains(Self.premiumOffer) == false)
            #expect(unlocked.rows.contains { if case .content(_, premium: true) = $0 { true } else { false } })
            #expect(locked.rows == lockedRows)
            #expect(locked.rows.contains(Self.premiumOffer))
            #expect(japanese.rows.count == lockedRows.count)
            #expect(japanese.rows.first != lockedRows.first, "the first section's title in Japanese")
        }
    }

    @Test func theProductsRequestsUnknownIdentifiersAreListed() throws {
        var state = try UITestHarness().state
        let before = state.rows
        guard case .success(var response)? = state.snapshot.products else {
            Issue.record("the harness's products request answered")
            return
        }
        response.invalidProductIdentifiers.append("com.example.gone")
        state.snapshot.products = .success(response)
        #expect(state.rows.last == .invalid("com.example.gone"))
        #expect(state.rows.count > before.count)
    }

    @Test func twoStatesAreEqualWhateverTheirMemosHold() throws {
        let state = try UITestHarness().state
        let asked = state
        _ = asked.rows
        #expect(asked == state)
    }
}
