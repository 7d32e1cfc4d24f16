import CatalogFiles
import Foundation
import SampleApp
import AppStoreCore
import Testing
@testable import StorefrontUI
import Wording

/// A pay-as-you-go offer on screen: while its periods go on, the row, the detail pane and
/// Manage Subscriptions read the price the next renewal charges (the offer's, for the periods
/// left, then the plan's), as the store's renewal terms give it; once they are used, the plan's.
@Suite struct OfferRenewalUITests {
    static let pro = "com.storefront.pro.monthly"

    /// The built-in catalog with Pro Monthly's introductory offer three months paid as you go,
    /// at $0.99 or ¥150 a month.
    static func catalog() throws -> Catalog {
        var catalog = try CatalogLoader.defaultCatalog()
        let index = try #require(catalog.products.firstIndex { $0.id == pro })
        catalog.products[index].subscription?.introductoryOffer = SubscriptionOffer(
            paymentMode: .payAsYouGo, period: SubscriptionPeriod(value: 1, unit: .month), periodCount: 3,
            price: Decimal(string: "0.99")!, prices: ["USA": Decimal(string: "0.99")!, "JPN": 150])
        return catalog
    }

    /// Pro Monthly bought with the offer: its first period paid at the offer's price.
    private func subscribed(width: Int = 100, height: Int = 30, japanese: Bool = false) throws -> UITestHarness {
        let ui = try UITestHarness(width: width, height: height, catalog: try Self.catalog()) { if japanese { UITestHarness.useJapanese(&$0) } }
        try ui.buy("Pro Monthly")
        #expect(ui.transactions.last?.offer?.paymentMode == .payAsYouGo, "bought with the offer")
        try ui.select("Pro Monthly")
        return ui
    }

    private func status(_ ui: UITestHarness) throws -> SubscriptionStatus {
        try #require(ui.state.snapshot.subscription(inGroup: "pro"))
    }

    private func renewal(_ ui: UITestHarness) throws -> String { ui.state.localDate(try status(ui).expiresDate) }

    /// Past the current period's end: the store renews it.
    private func renew(_ ui: UITestHarness) throws {
        let count = ui.transactions.count
        ui.wait(seconds: try status(ui).expiresDate.timeIntervalSince(ui.state.now) + 60)
        #expect(ui.transactions.count == count + 1, "renewed")
    }

    private func detail(_ ui: UITestHarness) -> [String] {
        DetailPane.productLines(Self.pro, state: ui.state).map(\.text)
    }

    /// Failed before: the detail pane read "$4.99/month" and "Renews DATE".
    @Test(arguments: [false, true])
    func duringTheOfferTheDetailPaneReadsTheOffersPriceForItsPeriodsLeft(japanese: Bool) throws {
        let ui = try subscribed(japanese: japanese)
        let day = try renewal(ui)
        let expected = japanese ? "\(day)に更新・2か月間 ¥150/月、その後¥800/月"
            : "Renews \(day) · $0.99/month for 2 months, then $4.99/month"
        #expect(detail(ui).contains(expected), "\(detail(ui))")
        #expect(!detail(ui).contains(japanese ? "¥800/月" : "$4.99/month"), "no line of the plan's price alone: \(detail(ui))")
        #expect(ui.screen.contains(japanese ? "\(day)に更新・" : "Renews \(day) · $0.99/month"), "\(ui.screen)")
    }

    /// Failed before: Manage Subscriptions read the plan at "$4.99/month" and "Renews DATE".
    @Test(arguments: [false, true])
    func duringTheOfferManageSubscriptionsChargesTheOffersPrice(japanese: Bool) throws {
        let ui = try subscribed(japanese: japanese)
        let day = try renewal(ui)
        ui.press(.char("m"))
        let screen = ui.screen
        let title = ui.state.title(of: Self.pro)
        #expect(screen.contains("✓ \(title)  \(japanese ? "¥150/月" : "$0.99/month")"), "\(screen)")
        let status = japanese ? "\(title) — \(day)に更新・2か月間 ¥150/月" : "\(title) — Renews \(day) · $0.99/month for 2 months"
        #expect(screen.contains(status), "\(screen)")
    }

    /// Failed before: the row read "Renews DATE".
    @Test(arguments: [false, true])
    func theRowSaysTheOffersPrice(japanese: Bool) throws {
        let ui = try subscribed(japanese: japanese)
        let row = RowText(.product(Self.pro), state: ui.state).trailing
        let day = try renewal(ui)
        #expect(row == (japanese ? "\(day)に更新・¥150/月" : "Renews \(day) · $0.99/month"), "\(ui.screen)")
    }

    /// One renewal later one period is left; two later the offer's last period is the current
    /// one, and the renewal charges the plan's price: it reads as any plan does.
    @Test(arguments: [false, true])
    func theOffersPeriodsCountDownThenThePlansPriceIsCharged(japanese: Bool) throws {
        let ui = try subscribed(japanese: japanese)
        try renew(ui)
        let day = try renewal(ui)
        let oneLeft = japanese ? "\(day)に更新・1か月間 ¥150/月、その後¥800/月"
            : "Renews \(day) · $0.99/month for 1 month, then $4.99/month"
        #expect(detail(ui).contains(oneLeft), "\(detail(ui))")

        try renew(ui)
        #expect(ui.transactions.last?.price == (japanese ? 150 : Decimal(string: "0.99")), "the offer's last period")
        let words = ui.state.strings.store
        let plan = japanese ? "¥800/月" : "$4.99/month"
        #expect(detail(ui).contains(words.renewsOn(try renewal(ui))) && detail(ui).contains(plan), "\(detail(ui))")
        ui.press(.char("m"))
        #expect(ui.screen.contains("✓ \(ui.state.title(of: Self.pro))  \(plan)"), "\(ui.screen)")
        ui.press(.escape)

        try renew(ui)
        #expect(ui.transactions.last?.price == (japanese ? 800 : Decimal(string: "4.99")), "the plan's price, as the screens said")
    }

    /// 70×20: the row takes a shorter form that still says the offer, and leaves the title
    /// whole; Manage Subscriptions' status line is whole words, never cut.
    @Test(arguments: [false, true])
    func theRowAndManageSubscriptionsFitAt70By20(japanese: Bool) throws {
        let ui = try subscribed(width: 70, height: 20, japanese: japanese)
        let title = ui.state.title(of: Self.pro)
        let offer = japanese ? "¥150/月" : "$0.99/month"
        #expect(RowText(.product(Self.pro), state: ui.state).trailing == (japanese ? "オファー ¥150/月" : "Offer $0.99/month"))
        #expect(ui.screen.contains("   \(title) ") && ui.screen.contains(offer), "\(ui.screen)")
        ui.press(.char("m"))
        let screen = ui.screen
        #expect(screen.contains("✓ \(title)  \(offer)"), "\(screen)")
        let line = try #require(screen.split(separator: "\n").first { $0.contains("\(title) — ") }, "\(screen)")
        #expect(line.contains(offer), "\(screen)")
    }
}
