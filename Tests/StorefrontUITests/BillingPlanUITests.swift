import Foundation
import SampleApp
import AppStoreCore
import Testing
@testable import StorefrontUI
import Wording

/// A yearly subscription sold monthly with a 12-month commitment: the sheet offers the plan
/// (↑/↓), states the monthly price, the months and the total, buys it, and the plan's status
/// says the payments left and the commitment's end.
@Suite struct BillingPlanUITests {
    static let yearly = "com.storefront.pro.yearly"

    @Test(arguments: [false, true])
    func theSheetSellsTheMonthlyPlanAndManageSubscriptionsSaysTheCommitment(japanese: Bool) throws {
        let ui = try UITestHarness { if japanese { UITestHarness.useJapanese(&$0) } }
        let words = ui.state.strings
        let title = ui.state.title(of: Self.yearly)
        try ui.select(title)
        ui.press(.enter)
        #expect(ui.screen.contains(words.sheet.billedUpFront), "\(ui.screen)")
        ui.press(.down)
        guard case .sheet(let sheet) = ui.state.mode else { Issue.record("no sheet"); return }
        #expect(sheet.billingPlanType == BillingPlan.monthly)
        let place = ui.state.storefront
        let perMonth = words.sheet.perPeriod(place.format(Decimal(string: japanese ? "700" : "4.49")!, locale: ui.state.locale), BillingPlan.monthlyBillingPeriod)
        let terms = words.sheet.commitmentTerms(perMonth, 12, place.format(Decimal(string: japanese ? "8400" : "53.88")!, locale: ui.state.locale))
        #expect(ui.screen.contains(words.sheet.monthlyCommitment), "\(ui.screen)")
        #expect(ui.screen.contains(terms), "\(ui.screen)")
        ui.press(.enter)
        ui.wait()
        ui.press(.enter)
        let status = try #require(ui.state.snapshot.subscription(inGroup: "pro"))
        #expect(status.commitmentExpiresDate != nil && status.productID == Self.yearly)
        let latest = try #require(try ui.store.storage.transaction(status.latestTransactionID))
        #expect(latest.billingPlanType == BillingPlan.monthly && latest.price == Decimal(string: japanese ? "700" : "4.49"))
        // Auto-renew off: the months go on, the commitment ends.
        ui.runtime.perform(onPlanOf: Self.yearly) { .autoRenew(originalTransactionID: $0, on: false) }
        ui.runtime.tick()
        try ui.select(title)
        ui.press(.char("m"))
        let store = words.store
        let payments = "\(store.renewsOn(ui.state.localDate(status.expiresDate))) · \(store.paymentsLeft(11))"
        let ends = store.commitmentEndsOn(ui.state.localDate(try #require(status.commitmentExpiresDate)))
        // Manage Subscriptions has room for the payments left and the commitment's end; the detail pane says all.
        #expect(ui.screen.contains("\(title) — \(store.paymentsLeft(11)) · \(ends)"), "\(ui.screen)")
        #expect(ui.screen.contains(perMonth), "the month's price: \(ui.screen)")
        let pane = DetailPane.productLines(Self.yearly, state: ui.state).map(\.text)
        #expect(pane.contains("\(payments) · \(ends)"), "\(pane)")
    }

    /// A plan with no monthly plan keeps the sheet as it was: ↑/↓ choose nothing.
    @Test func aPlanWithoutAMonthlyPlanHasNoChoice() throws {
        let ui = try UITestHarness()
        try ui.select(ui.state.title(of: "com.storefront.pro.monthly"))
        ui.press(.enter)
        ui.press(.down)
        guard case .sheet(let sheet) = ui.state.mode else { Issue.record("no sheet"); return }
        #expect(sheet.billingPlanType == nil)
        #expect(!ui.screen.contains(ui.state.strings.sheet.billedUpFront))
    }
}
