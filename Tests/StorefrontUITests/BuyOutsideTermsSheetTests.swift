import Foundation
import AppStoreCore
import Testing
import Wording
import CatalogFiles
@testable import StorefrontUI

/// The Transaction Manager's sheet for a subscription bought outside the app, as Xcode's "+"
/// sheet: it states the terms the purchase will apply, and chooses the offer and whether it renews.
@Suite struct BuyOutsideTermsSheetTests {
    static let pro = "com.storefront.pro.monthly"

    /// t, b, then Enter on `productID` (Pro Monthly) in the list of products to buy outside the app.
    private func openSheet(_ ui: UITestHarness, _ productID: String = pro) throws {
        ui.press(.char("t"), .char("b"))
        let index = try #require(ui.state.productsToBuyOutside.firstIndex(of: productID))
        for _ in 0..<index { ui.press(.down) }
        ui.press(.enter)
    }

    private func overlay(_ ui: UITestHarness) -> TransactionManagerPanel.Overlay? {
        guard case .transactions(let panel) = ui.state.mode else { return nil }
        return panel.overlay
    }

    @Test(arguments: [false, true])
    func itStatesTheTermsOfTheOfferChosenAndBuysAtThem(japanese: Bool) throws {
        let ui = try UITestHarness { if japanese { UITestHarness.useJapanese(&$0) } }
        try openSheet(ui)
        let words = ui.state.strings.buyOutside
        let product = try #require(ui.state.snapshot.product(Self.pro))
        let trial = ui.state.strings.subscriptionCharge(product, offer: product.introductoryOffer)
        #expect(ui.screen.contains(ui.state.strings.manager.buyOutsideTitle) && ui.screen.contains(product.localizedTitle), "\(ui.screen)")
        #expect(ui.screen.contains(trial) && ui.screen.contains(words.offer(words.introductoryOffer)), "\(ui.screen)")
        #expect(ui.screen.contains(words.renews(true)) && ui.screen.contains(words.renewsNote), "\(ui.screen)")
        #expect(ui.screen.contains(words.keys), "\(ui.screen)")
        // → the catalog's offer code, → no offer at the plan's price, → back to the trial.
        ui.press(.right)
        #expect(ui.screen.contains(words.offer(words.offerCode("FRIENDMONTH"))), "\(ui.screen)")
        ui.press(.right)
        #expect(ui.screen.contains(words.offer(words.noOffer))
            && ui.screen.contains(ui.state.strings.subscriptionCharge(product, offer: nil)) && !ui.screen.contains(trial), "\(ui.screen)")
        ui.press(.right, .left)
        #expect(overlay(ui) == .buyOutsideTerms(productID: Self.pro, offer: .none, autoRenew: true))
        ui.press(.enter)
        ui.wait()
        guard case .transactions(let panel) = ui.state.mode else { Issue.record("left the panel: \(ui.screen)"); return }
        let bought = try #require(panel.rows.first)
        #expect(bought.productID == Self.pro && bought.reason == .outsideApp && bought.offer == nil && bought.isTrialPeriod == false)
        #expect(ui.state.snapshot.introOfferApplies(Self.pro) == false, "subscribed: no offer applies now")
    }

    @Test(arguments: [false, true])
    func spaceBuysItWithAutoRenewOffAt70x20(japanese: Bool) throws {
        let ui = try UITestHarness(width: 70, height: 20) { if japanese { UITestHarness.useJapanese(&$0) } }
        try openSheet(ui)
        let words = ui.state.strings.buyOutside
        ui.press(.char(" "))
        let screen = ui.screen
        #expect(screen.contains(words.renews(false)) && screen.contains(words.endsNote), "\(screen)")
        #expect(screen.contains(words.offer(words.introductoryOffer)) && screen.contains(words.keys), "\(screen)")
        ui.press(.enter)
        ui.wait()
        let status = try #require(ui.state.snapshot.subscriptions.first { $0.productID == Self.pro })
        #expect(status.state == .subscribed && !status.willAutoRenew)
    }

    /// Where `text` is on the screen as a person sees it: its row, and the column it starts at.
    private func place(of text: String, _ ui: UITestHarness) throws -> (x: Int, y: Int) {
        let lines = ui.screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let y = try #require(lines.firstIndex { $0.contains(text) }, "\(text) on the screen:\n\(ui.screen)")
        let at = try #require(lines[y].range(of: text))
        return (DisplayWidth.of(lines[y][..<at.lowerBound]), y)
    }

    private func click(_ text: String, _ ui: UITestHarness) throws {
        let (x, y) = try place(of: text, ui)
        ui.press(.click(x: x, y: y))
    }

    /// Failed before: the sheet ignored every click. ‹ › step the offer, the check box turns
    /// auto-renew off, Cancel goes back to the products, Buy buys at the terms chosen.
    @Test(arguments: [false, true])
    func theMouseChoosesTheTermsAndPressesItsButtons(japanese: Bool) throws {
        let ui = try UITestHarness { if japanese { UITestHarness.useJapanese(&$0) } }
        try openSheet(ui)
        let words = ui.state.strings.buyOutside
        try click("›", ui)
        #expect(overlay(ui) == .buyOutsideTerms(productID: Self.pro, offer: .code("FRIENDMONTH"), autoRenew: true), "\(ui.screen)")
        try click("‹", ui)
        #expect(overlay(ui) == .buyOutsideTerms(productID: Self.pro, offer: .introductory, autoRenew: true), "\(ui.screen)")
        // A click on the blank line between the terms and the offer does nothing.
        let offerRow = try place(of: "‹", ui).y
        ui.press(.click(x: try place(of: "‹", ui).x, y: offerRow - 1))
        #expect(overlay(ui) == .buyOutsideTerms(productID: Self.pro, offer: .introductory, autoRenew: true), "\(ui.screen)")
        try click(words.renews(true), ui)
        #expect(overlay(ui) == .buyOutsideTerms(productID: Self.pro, offer: .introductory, autoRenew: false), "\(ui.screen)")
        #expect(ui.screen.contains(words.renews(false)) && ui.screen.contains(words.endsNote), "\(ui.screen)")
        try click("[ \(ui.state.strings.alerts.cancel) ]", ui)
        #expect(overlay(ui) == .buyOutside(focus: Self.pro), "\(ui.screen)")

        ui.press(.enter)
        try click(words.offer(words.introductoryOffer), ui)
        try click("›", ui)
        #expect(overlay(ui) == .buyOutsideTerms(productID: Self.pro, offer: .none, autoRenew: true), "\(ui.screen)")
        try click(words.renews(true), ui)
        try click("[ \(ui.state.strings.sheet.buy) ]", ui)
        ui.wait()
        guard case .transactions(let panel) = ui.state.mode else { Issue.record("left the panel: \(ui.screen)"); return }
        let bought = try #require(panel.rows.first)
        #expect(bought.productID == Self.pro && bought.reason == .outsideApp && bought.offer == nil, "\(ui.screen)")
        let status = try #require(ui.state.snapshot.subscriptions.first { $0.productID == Self.pro })
        #expect(status.state == .subscribed && !status.willAutoRenew)
    }

    /// Failed before: the plan subscribed to, bought back while a downgrade waits, offered
    /// auto-renew off, which the store refuses: it only takes the renewal back, renewing.
    @Test func thePlanBoughtBackWhileADowngradeWaitsHasNoAutoRenewToChoose() throws {
        let yearly = "com.storefront.pro.yearly", lite = "com.storefront.lite.monthly"
        let ui = try UITestHarness()
        let words = ui.state.strings.buyOutside
        try ui.buy("Pro Yearly")
        try openSheet(ui, lite)
        ui.press(.enter)
        ui.wait()
        #expect(ui.state.snapshot.subscriptions.first?.autoRenewProductID == lite, "the downgrade waits")
        ui.press(.escape)
        try openSheet(ui, yearly)
        #expect(!ui.screen.contains(words.renews(true)) && ui.screen.contains(words.renewsNote), "\(ui.screen)")
        ui.press(.char(" "))
        #expect(overlay(ui) == .buyOutsideTerms(productID: yearly, offer: .none, autoRenew: true), "\(ui.screen)")
        ui.press(.enter)
        ui.wait()
        let status = try #require(ui.state.snapshot.subscriptions.first)
        #expect(status.productID == yearly && status.autoRenewProductID == yearly && status.willAutoRenew, "\(ui.screen)")
    }

    /// Failed before: the list of products ignored clicks. A click selects a product, a click
    /// on the selected one buys it or, for a subscription, opens its terms.
    @Test func aClickChoosesTheProductAndASecondOpensItsTerms() throws {
        let ui = try UITestHarness()
        ui.press(.char("t"), .char("b"))
        try click(ui.state.title(of: Self.pro), ui)
        #expect(overlay(ui) == .buyOutside(focus: Self.pro), "\(ui.screen)")
        try click(ui.state.title(of: Self.pro), ui)
        #expect(overlay(ui) == .buyOutsideTerms(productID: Self.pro, offer: .introductory, autoRenew: true), "\(ui.screen)")
        ui.press(.escape)
        let credits = "com.storefront.credits.10"
        try click(ui.state.title(of: credits), ui)
        try click(ui.state.title(of: credits), ui)
        ui.wait()
        guard case .transactions(let panel) = ui.state.mode else { Issue.record("left the panel: \(ui.screen)"); return }
        #expect(panel.overlay == nil && panel.rows.first?.productID == credits && panel.rows.first?.reason == .outsideApp, "\(ui.screen)")
    }

    @Test func escGoesBackToTheProductsAndAnAccountWithNoOfferHasOnlyNone() throws {
        let ui = try UITestHarness()
        try openSheet(ui)
        ui.press(.escape)
        #expect(overlay(ui) == .buyOutside(focus: Self.pro))
        ui.press(.escape)
        #expect(overlay(ui) == nil)
        // Subscribed: neither the trial nor the offer code starts it again.
        ui.press(.escape)
        try ui.buy("Pro Monthly")
        try openSheet(ui)
        #expect(overlay(ui) == .buyOutsideTerms(productID: Self.pro, offer: .none, autoRenew: true))
        ui.press(.right)
        #expect(overlay(ui) == .buyOutsideTerms(productID: Self.pro, offer: .none, autoRenew: true))
    }

    /// The plan the account has is marked in the list; bought again (auto-renew off, so it
    /// ends with its period), the store refuses it, told over the manager, which stays open,
    /// never as the app's purchase alert (the app made no purchase). Failed before: no mark,
    /// and "Cannot Complete Purchase — You're currently subscribed to this" over the store screen.
    @Test(arguments: [false, true])
    func theCurrentPlanIsMarkedAndBuyingItAgainIsToldOverTheManager(japanese: Bool) throws {
        let ui = try UITestHarness { if japanese { UITestHarness.useJapanese(&$0) } }
        try openSheet(ui)
        ui.press(.char(" "), .enter)
        ui.wait()
        #expect(ui.state.snapshot.subscription(inGroup: "pro")?.willAutoRenew == false, "bought with auto-renew off")
        let manager = ui.state.strings.manager
        ui.press(.char("b"))
        // The list's rows, in its box.
        let lines = ui.screen.split(separator: "\n").map(String.init).filter { $0.contains("│") }
        let title = ui.state.title(of: Self.pro), yearly = ui.state.title(of: "com.storefront.pro.yearly")
        let proRow = try #require(lines.first { $0.contains(" \(title) ") }, "\(ui.screen)")
        let yearlyRow = try #require(lines.first { $0.contains(" \(yearly) ") }, "\(ui.screen)")
        #expect(proRow.contains(manager.currentPlan) && !yearlyRow.contains(manager.currentPlan), "\(ui.screen)")
        let index = try #require(ui.state.productsToBuyOutside.firstIndex(of: Self.pro))
        for _ in 0..<index { ui.press(.down) }
        ui.press(.enter, .enter)
        #expect(!ui.screen.contains(ui.state.strings.alerts.cannotCompleteTitle), "\(ui.screen)")
        guard case .transactions = ui.state.mode else { Issue.record("left the manager: \(ui.screen)"); return }
        #expect(ui.state.banner?.text.hasPrefix(manager.notBoughtOutside(title, "")) == true, "\(String(describing: ui.state.banner))")
    }

    /// The terms are written at the storefront's own offer price, as the purchase charges it.
    @Test func theTermsReadTheOffersPriceInTheStorefront() throws {
        var catalog = try CatalogLoader.defaultCatalog()
        let index = try #require(catalog.products.firstIndex { $0.id == Self.pro })
        catalog.products[index].subscription?.introductoryOffer = SubscriptionOffer(
            paymentMode: .payAsYouGo, period: SubscriptionPeriod(value: 1, unit: .month), periodCount: 3,
            price: try #require(Decimal(string: "0.99")), prices: ["JPN": 150])
        let ui = try UITestHarness(catalog: catalog) { $0.storefront = "JPN" }
        try openSheet(ui)
        #expect(ui.screen.contains("¥150/month for 3 months"), "\(ui.screen)")
        #expect(!ui.screen.contains("¥1/month") && !ui.screen.contains("¥0.99"), "\(ui.screen)")
    }
}
