import Foundation
import SampleApp
import AppStoreCore
import Testing
@testable import StorefrontUI
import Wording

/// A price increase on screen: the consent sheet in Apple's words, the pending increase on the
/// row, the detail pane and Manage Subscriptions (agreed to there), declined in the
/// Transaction Manager, and the price the store charges once the increase is charged.
@Suite struct PriceIncreaseUITests {
    static let pro = "com.storefront.pro.monthly"

    private func status(_ ui: UITestHarness) throws -> SubscriptionStatus {
        try #require(ui.state.snapshot.subscription(inGroup: "pro"))
    }

    private func row(_ ui: UITestHarness) -> String {
        RowText(.product(Self.pro), state: ui.state).trailing
    }

    /// Pro Monthly bought, then its price raised with consent needed; the consent sheet left
    /// open (`dismiss` false) or closed.
    private func pending(width: Int = 100, height: Int = 30, japanese: Bool = false, price: Decimal = 5.99,
                         dismiss: Bool = true) throws -> UITestHarness {
        let ui = try UITestHarness(width: width, height: height) { if japanese { UITestHarness.useJapanese(&$0) } }
        try ui.buy("Pro Monthly")
        ui.runtime.perform(.priceIncrease(productID: Self.pro, storefront: nil, price: price, consentNeeded: true))
        if dismiss, case .alert = ui.state.mode { ui.press(.escape) }
        return ui
    }

    @Test func theConsentSheetReadsThePricePerPeriodWithApplesButtons() throws {
        let ui = try pending(dismiss: false)
        let screen = ui.screen
        #expect(screen.contains("$5.99/month"), "\(screen)")
        #expect(ui.state.dialogButtons == DialogButtons(labels: ["Close", "Agree to New Price"], focus: 1))
        ui.press(.escape)
        #expect(try status(ui).priceIncreaseStatus == .pending, "Close leaves it waiting")
    }

    @Test(arguments: [false, true])
    func aPendingIncreaseShowsOnTheRowTheDetailPaneAndManageSubscriptions(japanese: Bool) throws {
        let ui = try pending(japanese: japanese, price: japanese ? 1000 : 5.99)
        let words = ui.state.strings.store
        let renewal = ui.state.localDate(try status(ui).expiresDate)
        let price = japanese ? "¥1,000/月" : "$5.99/month"
        try ui.select("Pro Monthly")
        // During the free trial the trial stays said, the new price after it (it read "New price
        // $5.99/month", the trial hidden).
        #expect(row(ui) == words.freeTrialNewPriceShort(price), "\(ui.screen)")
        let detail = DetailPane.productLines(Self.pro, state: ui.state).map(\.text)
        #expect(detail.contains(words.freeTrialThenNewPrice(renewal, price)) && detail.contains(words.agreeHint), "\(detail)")
        #expect(!detail.contains(japanese ? "¥800/月" : "$4.99/month"), "nothing charged during the trial: \(detail)")

        ui.press(.char("m"))
        // Its whole words where they fit, else the row's longest form.
        let head = "\(ui.state.title(of: Self.pro)) — "
        #expect(ui.screen.contains(head + words.freeTrialThenNewPrice(renewal, price))
                || ui.screen.contains(head + words.freeTrialNewPriceBrief(renewal, price)), "\(ui.screen)")
        let agree = ui.state.strings.messages.agreeToNewPrice
        #expect(ui.screen.contains(agree), "\(ui.screen)")
        guard case .subscriptions(let panel) = ui.state.mode else { Issue.record("no panel"); return }
        let g = ManageSubscriptionsGeometry(ui.state, panel: panel, layout: Layout(width: 100, height: 30))
        #expect(g.actions == [.agreeToNewPrice, .cancel(freeTrial: true)])
        ui.press(.click(x: g.box.x + 4, y: g.y(ofRow: g.plans.count)))
        #expect(try status(ui).priceIncreaseStatus == .agreed)
        #expect(!ui.screen.contains(agree), "agreed: nothing left to agree to\n\(ui.screen)")
    }

    @Test func theRowFitsAt70By20() throws {
        let ui = try pending(width: 70, height: 20)
        try ui.select("Pro Monthly")
        let renewal = ui.state.localDate(try status(ui).expiresDate)
        // The trial first (it read "New price"); the pane says what follows it.
        #expect(row(ui) == ui.state.strings.store.freeTrial, "the brief form leaves the title whole")
        #expect(ui.screen.contains("   Pro Monthly ") && ui.screen.contains(" Free trial "), "\(ui.screen)")
        let detail = DetailPane.productLines(Self.pro, state: ui.state).map(\.text)
        #expect(detail.contains(ui.state.strings.store.freeTrialThenNewPrice(renewal, "$5.99/month")), "\(detail)")
    }

    @Test func theTransactionManagerDeclinesIt() throws {
        let ui = try pending()
        let plan = try status(ui).originalTransactionID
        ui.press(.char("t"))
        guard case .transactions(let panel) = ui.state.mode, let t = panel.rows.first(where: { $0.productID == Self.pro }) else {
            Issue.record("no Transaction Manager: \(ui.state.mode)"); return
        }
        let decline = TransactionAction.operation(.declinePriceIncrease(originalTransactionID: plan))
        let actions = ui.state.actions(for: t)
        #expect(actions.contains(.operation(.agreeToPriceIncrease(originalTransactionID: plan))) && actions.contains(decline))
        #expect(!actions.contains(.requestPriceIncrease(productID: Self.pro)))
        ui.press(.enter)
        #expect(ui.screen.contains(ui.state.strings.manager.declinePrice), "\(ui.screen)")
        for _ in actions {
            guard case .transactions(let panel) = ui.state.mode, panel.overlay != .actions(focus: decline) else { break }
            ui.press(.down)
        }
        ui.press(.enter)
        let declined = try status(ui)
        #expect(declined.priceIncreaseStatus == .noIncreasePending && !declined.willAutoRenew && declined.state == .subscribed)
    }

    /// An agreed increase charged at the renewal: the detail pane and Manage Subscriptions read
    /// the new price at once, though the products request answered the old one at launch.
    @Test func anAgreedIncreaseOnceChargedReadsTheNewPriceWithoutARelaunch() throws {
        let ui = try pending()
        _ = try ui.runtime.queue.hearing {
            try StoreAdmin(store: ui.runtime.queue.store).agreeToPriceIncrease(Self.pro, account: try ui.store.settings().account)
        }
        ui.wait(seconds: 8 * 86_400)
        #expect(ui.transactions.last?.price == Decimal(string: "5.99"), "renewed at the new price")
        #expect(ui.state.snapshot.product(Self.pro)?.price == Decimal(string: "4.99"), "the products request's answer is the old one")
        try ui.select("Pro Monthly")
        #expect(ui.screen.contains("$5.99/month") && !ui.screen.contains("$4.99/month"), "the detail pane:\n\(ui.screen)")
        ui.press(.char("m"))
        #expect(ui.screen.contains("Pro Monthly  $5.99/month"), "Manage Subscriptions:\n\(ui.screen)")
    }
}
