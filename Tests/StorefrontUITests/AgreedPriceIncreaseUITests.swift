import Foundation
import SampleApp
import AppStoreCore
import Testing
@testable import StorefrontUI

/// A price increase agreed to: until the renewal that charges it, the detail pane, the row and
/// Manage Subscriptions say the renewal is at the new price, and the log names it per period.
@Suite struct AgreedPriceIncreaseUITests {
    static let lite = "com.storefront.lite.monthly"

    /// Lite Monthly bought, its price raised with consent needed ($2.99, ¥600), and agreed to on
    /// the consent sheet.
    private func agreed(japanese: Bool) throws -> UITestHarness {
        let ui = try UITestHarness { if japanese { UITestHarness.useJapanese(&$0) } }
        try ui.buy("Lite Monthly")
        let price = japanese ? Decimal(600) : Decimal(string: "2.99")!
        ui.runtime.perform(.priceIncrease(productID: Self.lite, storefront: nil, price: price, consentNeeded: true))
        ui.press(.enter)
        #expect(try status(ui).priceIncreaseStatus == .agreed)
        try ui.select("Lite Monthly")
        return ui
    }

    private func status(_ ui: UITestHarness) throws -> SubscriptionStatus {
        try #require(ui.state.snapshot.subscription(inGroup: "pro"))
    }

    private func newPrice(_ japanese: Bool) -> String { japanese ? "¥600/月" : "$2.99/month" }

    /// Failed before: the detail pane read "Renews DATE", the agreed price not said.
    @Test(arguments: [false, true])
    func theDetailPaneSaysTheRenewalIsAtTheAgreedPrice(japanese: Bool) throws {
        let ui = try agreed(japanese: japanese)
        let day = ui.state.localDate(try status(ui).expiresDate)
        let lines = DetailPane.productLines(Self.lite, state: ui.state).map(\.text)
        let expected = japanese ? "\(day)に¥600/月で更新" : "Renews \(day) at $2.99/month"
        #expect(lines.contains(expected), "\(lines)")
        #expect(lines.contains(japanese ? "¥320/月" : "$1.99/month"), "what it charges now stays: \(lines)")
    }

    /// Failed before: Manage Subscriptions read "Lite Monthly — Renews DATE" and the plan at
    /// "$1.99/month", the price charged before the renewal.
    @Test(arguments: [false, true])
    func manageSubscriptionsSaysTheRenewalIsAtTheAgreedPrice(japanese: Bool) throws {
        let ui = try agreed(japanese: japanese)
        let day = ui.state.localDate(try status(ui).expiresDate)
        ui.press(.char("m"))
        let screen = ui.screen
        let title = ui.state.title(of: Self.lite)
        let header = japanese ? "\(title) — \(day)に¥600/月で更新" : "\(title) — Renews \(day) at $2.99/month"
        #expect(screen.contains(header), "\(screen)")
        #expect(screen.contains("✓ \(title)  \(newPrice(japanese))"), "\(screen)")
    }

    /// Once renewed at it, the new price is the plan's: it reads as any plan does.
    @Test func afterTheRenewalItReadsAsAnyPlan() throws {
        let ui = try agreed(japanese: false)
        ui.wait(seconds: try status(ui).expiresDate.timeIntervalSince(ui.state.now) + 60)
        #expect(ui.transactions.last?.price == Decimal(string: "2.99"), "renewed at the new price")
        let day = ui.state.localDate(try status(ui).expiresDate)
        let lines = DetailPane.productLines(Self.lite, state: ui.state).map(\.text)
        #expect(lines.contains("Renews \(day)") && lines.contains("$2.99/month"), "\(lines)")
    }

    /// Failed before: "Lite Monthly: price increase to $2.99 agreed", no period.
    @Test(arguments: [false, true])
    func theLogNamesThePricePerPeriod(japanese: Bool) throws {
        let ui = try agreed(japanese: japanese)
        let title = ui.state.title(of: Self.lite)
        let line = japanese ? "\(title): ¥600/月への値上げに同意" : "\(title): price increase to $2.99/month agreed"
        #expect(ui.state.log.contains { $0.text == line }, "\(ui.state.log.map(\.text))")
    }
}
