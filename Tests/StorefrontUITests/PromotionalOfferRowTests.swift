import Foundation
import AppStoreCore
import SampleApp
import Testing
@testable import StorefrontUI

/// The promotional offer the app description presents: a row under its subscription for the
/// customers it is for, whose detail states the offer's terms and whose Enter opens the sheet.
@Suite struct PromotionalOfferRowTests {
    static let monthly = "com.storefront.pro.monthly"
    static let comeback = StoreRow.promotionalOffer(productID: monthly, offerID: "COMEBACK")

    /// Pro Monthly bought, then ended by the store: a lapsed subscriber.
    private func lapsed(width: Int = 100, height: Int = 30, japanese: Bool = false,
                        app: AppDescription = .builtIn) throws -> UITestHarness {
        let ui = try UITestHarness(width: width, height: height, appDescription: app) { if japanese { UITestHarness.useJapanese(&$0) } }
        try ui.buy("Pro Monthly")
        ui.runtime.perform(onPlanOf: Self.monthly) { .expire(originalTransactionID: $0) }
        ui.wait()
        return ui
    }

    @Test func aCustomerWhoNeverSubscribedIsOfferedNothing() throws {
        let ui = try UITestHarness()
        #expect(!ui.state.rows.contains(Self.comeback))
        #expect(!ui.screen.contains("Special offer"))
    }

    @Test func aLapsedSubscriberSeesTheOfferUnderItsPlan() throws {
        let ui = try lapsed()
        let rows = ui.state.rows
        let plan = try #require(rows.firstIndex(of: .product(Self.monthly)))
        #expect(rows[plan + 1] == Self.comeback, "\(rows)")
        let line = try #require(ui.screen.split(separator: "\n").first { $0.contains("★ Special offer") })
        #expect(line.contains("$2.99/month for 3 months"), "\(ui.screen)")
    }

    @Test func anActiveSubscriberIsNotOfferedWhatTheAppKeepsForLapsedOnes() throws {
        let ui = try UITestHarness()
        try ui.buy("Pro Monthly")
        #expect(!ui.state.rows.contains(Self.comeback))
        var app = AppDescription.builtIn
        app.promotionalOffers[0].audience = .existing
        let existing = try UITestHarness(appDescription: app)
        try existing.buy("Pro Monthly")
        #expect(existing.state.rows.contains(Self.comeback))
    }

    @Test func theDetailStatesTheOffersTermsAndEnterOpensItsSheet() throws {
        let ui = try lapsed()
        try ui.select("★ Special offer")
        let detail = DetailPane.offerLines("COMEBACK", of: Self.monthly, state: ui.state).map(\.text)
        #expect(detail.contains("$2.99/month for 3 months"), "\(detail)")
        #expect(detail.contains { $0.hasPrefix("then $4.99/month starting") }, "\(detail)")
        #expect(ui.screen.contains("Enter to see the offer"), "\(ui.screen)")
        ui.press(.enter)
        guard case .sheet(let sheet) = ui.state.mode else { Issue.record("no sheet: \(ui.state.mode)"); return }
        #expect(sheet.productID == Self.monthly && sheet.promotionalOfferID == "COMEBACK")
    }

    /// Failed before: the selection went to the row that took the offer's place (Pro Yearly).
    @Test func anOfferNoLongerPresentedLeavesTheSelectionOnItsSubscription() throws {
        let ui = try lapsed()
        try ui.select("★ Special offer")
        try ui.changeSettings { $0.account = "someone.else@example.com" }
        #expect(!ui.state.rows.contains(Self.comeback), "another account, never subscribed")
        #expect(ui.state.selectedRow == .product(Self.monthly))
    }

    @Test func inJapaneseTheRowReadsAsTheJapaneseAppStoreWritesIt() throws {
        let ui = try lapsed(japanese: true)
        let line = try #require(ui.screen.split(separator: "\n").first { $0.contains("★ 特別オファー") }, "\(ui.screen)")
        #expect(line.contains("3か月間 ¥480/月"), "\(line)")
    }

    @Test(arguments: [false, true])
    func onANarrowScreenTheRowKeepsItsTitle(japanese: Bool) throws {
        let ui = try lapsed(width: 70, height: 20, japanese: japanese)
        try ui.select(japanese ? "★ 特別オファー" : "★ Special offer")
        #expect(ui.screen.contains(japanese ? "★ 特別オファー" : "★ Special offer"), "\(ui.screen)")
    }
}
