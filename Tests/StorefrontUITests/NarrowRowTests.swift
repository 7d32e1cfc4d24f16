import CatalogFiles
import Foundation
import SampleApp
import AppStoreCore
import Testing
@testable import StorefrontUI
import Wording

/// A row keeps its name whole: its status takes a shorter form first (every status has one),
/// at 70×20 and at 100×30, in English and Japanese.
@Suite struct NarrowRowTests {
    static let monthly = "com.storefront.pro.monthly"
    static let yearly = "com.storefront.pro.yearly"

    /// The screen's line of the row titled `title`.
    private func row(_ title: String, _ ui: UITestHarness) throws -> String {
        try ui.select(title)
        let lines = ui.screen.split(separator: "\n").map(String.init)
        return try #require(lines.first { $0.hasPrefix("   \(title) ") || $0.contains(" \(title) ") }, "no whole \(title):\n\(ui.screen)")
    }

    /// Failed before: "Pro Yea… In grace period until De…".
    @Test(arguments: [false, true])
    func inGraceAt70By20TheNameStaysWhole(japanese: Bool) throws {
        let ui = try UITestHarness(width: 70, height: 20) {
            $0.gracePeriod = .sixteenDays
            $0.billingRetry = true
            if japanese { UITestHarness.useJapanese(&$0) }
        }
        let title = ui.state.title(of: Self.yearly)
        try ui.buy(title)
        ui.wait(seconds: 366 * 86_400)
        #expect(ui.state.snapshot.subscription(inGroup: "pro")?.state == .inGracePeriod)
        ui.press(.escape)  // the Billing Problem message, closed
        let line = try row(title, ui)
        #expect(line.contains(ui.state.strings.store.inGraceBrief), "\(line)")
    }

    /// Failed before: "Pro Mon… $0.99/month for 3 months" (the buy row of a pay-as-you-go offer).
    /// The shortest form keeps the offer's length, so it never reads as the plan's own price.
    @Test(arguments: [false, true])
    func aPayAsYouGoOffersBuyRowAt70By20SaysItsPricePerPeriod(japanese: Bool) throws {
        let ui = try UITestHarness(width: 70, height: 20, catalog: try OfferRenewalUITests.catalog()) {
            if japanese { UITestHarness.useJapanese(&$0) }
        }
        let title = ui.state.title(of: Self.monthly)
        let line = try row(title, ui)
        #expect(line.hasSuffix(japanese ? " ¥150/月" : " $0.99/mo for 3 mo") || line.contains(japanese ? " ¥150/月 " : " $0.99/mo for 3 mo "), "\(line)")
        #expect(line.contains(japanese ? "3か月" : "for 3 mo"), "\(line)")
    }

    /// Failed before: "…ont.credits.50 invalid identifier", "…storefront.theme.retired 無効なID".
    @Test(arguments: [false, true])
    func anInvalidIdentifierAt70By20IsWhole(japanese: Bool) throws {
        let ui = try UITestHarness(width: 70, height: 20) { if japanese { UITestHarness.useJapanese(&$0) } }
        for _ in 0..<ui.state.rows.count { ui.press(.down) }
        // English's longest identifier cannot be whole beside "invalid" at 70 columns.
        let line = try row(japanese ? "com.storefront.theme.retired" : "com.storefront.credits.50", ui)
        #expect(line.contains(ui.state.strings.store.invalidBrief), "\(line)")
    }

    /// Failed before: "…storefront.theme.retired invalid", the identifier cut for the word beside it.
    /// Where even "invalid" would cut it, a mark stands for the word (the section's title says it).
    @Test(arguments: [false, true])
    func theLongestInvalidIdentifierAt70By20IsWhole(japanese: Bool) throws {
        let ui = try UITestHarness(width: 70, height: 20) { if japanese { UITestHarness.useJapanese(&$0) } }
        for _ in 0..<ui.state.rows.count { ui.press(.down) }
        let id = "com.storefront.theme.retired"
        let line = try row(id, ui)
        #expect(line.hasPrefix("   \(id) "), "\(line)")
        #expect(line.contains(japanese ? "無効" : "✗") && !line.contains("…"), "\(line)")
        #expect(ui.screen.contains(ui.state.strings.store.invalidIdentifiers.uppercased()), "the section says what the rows are:\n\(ui.screen)")
    }

    /// Failed before: "プロ 年額プラ… ¥8,000 · 次回更新時", "ライト 月額プラ… ¥320 · 次回更新時".
    @Test func japanesePlanChangeRowsAt70By20KeepTheirNames() throws {
        let ui = try UITestHarness(width: 70, height: 20) { UITestHarness.useJapanese(&$0) }
        try ui.buy(ui.state.title(of: Self.monthly))
        for id in [Self.yearly, "com.storefront.lite.monthly"] {
            let line = try row(ui.state.title(of: id), ui)
            let price = try #require(ui.state.snapshot.product(id)?.formattedPrice)
            #expect(line.contains(price), "\(line)")
        }
    }

    /// Failed before: "Pro Month… Expired Dec 7, 2026 (ended by the store)".
    @Test(arguments: [false, true])
    func anExpiredPlanAt100By30KeepsItsName(japanese: Bool) throws {
        let ui = try UITestHarness { if japanese { UITestHarness.useJapanese(&$0) } }
        let title = ui.state.title(of: Self.monthly)
        try ui.buy(title)
        let plan = try #require(ui.state.snapshot.subscription(inGroup: "pro"))
        ui.runtime.perform(.expire(originalTransactionID: plan.originalTransactionID))
        ui.runtime.tick()
        let ended = try #require(ui.state.snapshot.subscription(inGroup: "pro"))
        #expect(ended.state == .expired)
        let line = try row(title, ui)
        #expect(line.contains(ui.state.strings.store.expired(ui.state.localDate(ended.expiresDate))), "\(line)")
        // Failed before: Manage Subscriptions said "Choose a plan to change to it." of an ended plan.
        try ui.select(title)
        ui.press(.char("m"))
        #expect(ui.screen.contains(ui.state.strings.store.manageHelpEnded), "\(ui.screen)")
        #expect(!ui.screen.contains(ui.state.strings.store.manageHelp), "\(ui.screen)")
    }

    /// Failed before: "プロ 月…  2030年1月8日に「ライト 月額プラン」へ変更".
    @Test func aPendingDowngradeInJapaneseAt100By30KeepsTheName() throws {
        let ui = try UITestHarness { UITestHarness.useJapanese(&$0) }
        let title = ui.state.title(of: Self.monthly)
        try ui.buy(title)
        try ui.buy(ui.state.title(of: "com.storefront.lite.monthly"))
        #expect(ui.state.snapshot.subscription(inGroup: "pro")?.autoRenewProductID == "com.storefront.lite.monthly")
        let line = try row(title, ui)
        #expect(line.contains("「\(ui.state.title(of: "com.storefront.lite.monthly"))」へ変更"), "\(line)")
    }

    /// A family member's shared Pro Yearly at 100×30. Failed before: the row read "Pro Yea…
    /// Shared by your family · renews Nov 29, 20…", and the detail pane "$49.99/year", a price
    /// the member does not pay.
    @Test(arguments: [false, true])
    func aSharedPlansRowKeepsItsNameAndItsDetailNoPrice(japanese: Bool) throws {
        let ui = try UITestHarness {
            $0.account = "kid@example.com"
            if japanese { UITestHarness.useJapanese(&$0) }
        }
        let admin = StoreAdmin(store: ui.store)
        try admin.createFamily(organizer: "parent@example.com")
        try admin.addFamilyMember("kid@example.com", organizer: "parent@example.com")
        _ = try admin.buyAsFamilyMember("parent@example.com", productID: Self.yearly)
        ui.runtime.tick()
        let title = ui.state.title(of: Self.yearly)
        let line = try row(title, ui)
        #expect(line.contains(ui.state.strings.store.sharedByFamilyBrief), "\(line)")
        let price = try #require(ui.state.snapshot.product(Self.yearly)?.formattedPrice)
        let detail = DetailPane.productLines(Self.yearly, state: ui.state).map(\.text)
        #expect(!detail.contains { $0.contains(price) }, "\(detail)")
    }
}
