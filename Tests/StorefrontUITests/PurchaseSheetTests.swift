import CatalogFiles
import Foundation
import AppStoreCore
import StoreKitSim
import SampleApp
import Testing
@testable import StorefrontUI

/// The purchase sheet and the dialogs around it, as an iPhone shows them.
@Suite struct PurchaseSheetTests {
    static let credits10 = "com.storefront.credits.10"

    private func sheet(_ ui: UITestHarness) -> PurchaseSheet? {
        if case .sheet(let sheet) = ui.state.mode { return sheet }
        return nil
    }

    /// The dialog on screen as its lines read before wrapping, one space between them.
    private func dialogText(_ ui: UITestHarness) -> String {
        DialogModel(ui.state).map { ([$0.title] + $0.lines.map(\.text) + $0.buttons).joined(separator: " ") } ?? ""
    }

    private func alert(_ ui: UITestHarness) -> Alert? {
        if case .alert(let alert) = ui.state.mode { return alert }
        return nil
    }

    // MARK: Buttons

    @Test func arrowsStopAtTheFirstAndLastButton() throws {
        let ui = try UITestHarness { $0.askToBuy = true }
        ui.press(.char("D"))
        #expect(alert(ui)?.focus == 0, "Cancel first")
        ui.press(.left)
        #expect(alert(ui)?.focus == 0, "← on the first button stays there")
        ui.press(.char("h"))
        #expect(alert(ui)?.focus == 0)
        ui.press(.right, .right)
        #expect(alert(ui)?.focus == 1, "→ on the last button stays there")
        ui.press(.char("l"))
        #expect(alert(ui)?.focus == 1)
        ui.press(.tab)
        #expect(alert(ui)?.focus == 0, "Tab goes round, as keyboard focus does in a macOS dialog")
        ui.press(.backTab)
        #expect(alert(ui)?.focus == 1)
        ui.press(.escape)

        try ui.select("10 Monkey Credits")
        ui.press(.enter)
        #expect(sheet(ui)?.focus == 1)
        ui.press(.right)
        #expect(sheet(ui)?.focus == 1, "→ on Ask stays on Ask")
        ui.press(.left, .left)
        #expect(sheet(ui)?.focus == 0, "← on Cancel stays on Cancel")
        ui.press(.right, .enter, .enter)
        ui.wait()
        ui.press(.enter, .char("a"))
        guard case .approvals(let panel) = ui.state.mode else { Issue.record("no approvals panel"); return }
        #expect(panel.focus == 0)
        ui.press(.left)
        guard case .approvals(let stayed) = ui.state.mode else { Issue.record("no approvals panel"); return }
        #expect(stayed.focus == 0, "← on Approve stays on Approve")
    }

    // MARK: The quantity stepper

    /// The rendered screen's row holding `label`, and its column there.
    private func position(of label: String, in buffer: Buffer) throws -> (x: Int, y: Int) {
        let y = try #require(buffer.lines.firstIndex { $0.contains(label) }, "\(label) on screen")
        let line = buffer.lines[y]
        return (DisplayWidth.of(String(line[..<line.range(of: label)!.lowerBound])), y)
    }

    @Test func theStepperDimsTheSideThatCannotBeUsedAndKeepsItsColumns() throws {
        let ui = try UITestHarness()
        try ui.select("5 Monkey Credits")
        ui.press(.enter)
        var columns: Set<[Int]> = []
        for quantity in 1...10 {
            let buffer = render(ui.state)
            let minus = try position(of: "[−]", in: buffer)
            let plus = try position(of: "[+]", in: buffer)
            let hint = try position(of: "(+/− to change, 1–10)", in: buffer)
            columns.insert([minus.x, plus.x, hint.x])
            #expect(buffer[minus.x, minus.y].style.dim == (quantity == 1), "[−] is dimmed at 1 only (quantity \(quantity))")
            #expect(buffer[plus.x, plus.y].style.dim == (quantity == 10), "[+] is dimmed at 10 only (quantity \(quantity))")
            #expect(buffer.lines[plus.y].contains(quantity < 10 ? "[−]  \(quantity) [+]" : "[−] 10 [+]"))
            ui.press(.char("+"))
        }
        #expect(columns.count == 1, "no column moves as the quantity changes: \(columns)")
    }

    // MARK: The sheet and its outcome

    @Test func theSheetNamesItsEnvironmentAndSuccessReadsAsTheSystemsConfirmation() throws {
        let ui = try UITestHarness()
        try ui.select("Premium content here")
        ui.press(.enter)
        #expect(ui.screen.contains("[Environment: storefront]"))
        ui.press(.enter)
        ui.wait()
        let done = try #require(alert(ui))
        #expect(done.title == "You're all set.")
        #expect(done.message == "Your purchase was successful.")
        #expect(done.buttons == ["OK"])
        #expect(ui.screen.contains("6 premium items are unlocked."), "what the app delivered, under the system's words")
    }

    // MARK: Ask to Buy

    @Test func askToBuyAsksPermissionBeforeTheRequestGoesOut() throws {
        let ui = try UITestHarness { $0.askToBuy = true }
        try ui.select("10 Monkey Credits")
        ui.press(.enter, .char("+"))
        #expect(ui.screen.contains("[ Ask ]"))
        #expect(!ui.screen.contains("[ Buy ]"))

        var cancelled = TestStore(ui.state)
        var question = ui.sheet(Self.credits10)
        question.quantity = 2
        question.stage = .askPermission
        cancelled.send(.key(.enter), "Ask on the sheet asks first: nothing reaches the store yet") { $0.mode = .sheet(question) }
        cancelled.send(.key(.escape), effects: [.cancelPurchase(productID: Self.credits10, quantity: 2)]) { $0.mode = .store }

        ui.press(.enter)
        #expect(sheet(ui)?.stage == .askPermission)
        #expect(ui.screen.contains("Ask Permission"))
        #expect(dialogText(ui).contains("Would you like to ask your family organizer for permission to buy 10 Monkey Credits ×2?"))
        #expect(ui.screen.contains("[ Cancel ]") && ui.screen.contains("[ Ask ]"))
        #expect(ui.transactions.isEmpty)
        var asked = TestStore(ui.state)
        asked.send(.key(.enter), effects: [.buy(productID: Self.credits10, quantity: 2)], "Ask is focused")
        ui.press(.enter)
        ui.wait()
        #expect(alert(ui)?.title == "Ask Permission — request sent")
        #expect(ui.transactions.last?.queueState.state == .deferred)
        #expect(ui.state.banner == nil, "the request this storefront sent is answered by its own alert")
    }

    @Test func anApprovalFromOutsideShowsABannerThatGoesByItself() throws {
        let ui = try UITestHarness { $0.askToBuy = true }
        try ui.buy("10 Monkey Credits")
        try ui.buy("5 Monkey Credits")
        #expect(ui.state.banner == nil)
        let firstLapse = try #require(ui.state.snapshot.pendingApprovals.compactMap(\.lapseDate).min())
        #expect(ui.runtime.tickInterval == firstLapse.timeIntervalSince(ui.runtime.queue.now),
                "requests wait: no polling, the storefront sleeps until the first one lapses")
        let requests = ui.state.snapshot.pendingApprovals.map(\.id)
        // Another terminal: `storefront approve` and `storefront decline`.
        let parent = PaymentQueue(store: ui.store)
        try parent.approve(transactionID: requests[0])
        ui.wait(seconds: 1)
        #expect(ui.state.banner?.text == "✓ Ask to Buy approved: 10 Monkey Credits — delivered")
        #expect(ui.screen.split(separator: "\n").last?.contains("✓ Ask to Buy approved: 10 Monkey Credits — delivered") == true,
                "a band at the bottom")
        #expect(ui.state.log.contains { $0.text.contains("\(requests[0]) purchased") }, "besides the log line")
        try parent.decline(transactionID: requests[1])
        ui.wait(seconds: 1)
        #expect(ui.state.banner?.text == "✗ Ask to Buy declined: 5 Monkey Credits")
        let remaining = try #require(ui.runtime.tickInterval)
        #expect(remaining > 0 && remaining <= Banner.duration, "the loop wakes to take the banner away")
        ui.wait(seconds: Banner.duration)
        #expect(ui.state.banner == nil)
        #expect(!ui.screen.contains("Ask to Buy declined"))
        #expect(ui.runtime.tickInterval == nil, "then an idle storefront sleeps")
    }

    @Test func aRenewalFromTheStoreShowsABanner() throws {
        let ui = try UITestHarness()
        try ui.buy("Pro Monthly")
        #expect(ui.state.banner == nil, "a purchase made here is answered by its own alert")
        ui.wait(seconds: 8 * 86_400)
        #expect(ui.state.banner?.text == "✓ Subscription renewed: Pro Monthly — delivered")
    }

    /// Buying a plan again after it expired subscribes again: the same subscription, but a
    /// purchase, never told as a renewal.
    @Test func aResubscribeIsToldAsAPurchaseNotARenewal() throws {
        let ui = try UITestHarness()
        try ui.buy("Lite Monthly")
        try ui.buy("Pro Monthly")
        try StoreAdmin(store: ui.store).setAutoRenew("com.storefront.pro.monthly", on: false, account: ui.state.snapshot.settings.account)
        ui.wait(seconds: 40 * 86_400)
        // With the dialogs off, no sheet answers the purchase: its banner does.
        try ui.changeSettings { $0.dialogs = false }
        try ui.relaunch()
        try ui.select("Pro Monthly")
        ui.press(.enter)
        ui.wait()
        let name = ui.state.title(of: "com.storefront.pro.monthly")
        #expect(ui.state.banner?.text.hasPrefix(ui.state.strings.log.completed(name)) == true, "\(String(describing: ui.state.banner))")
        #expect(!ui.screen.contains(ui.state.strings.log.renewed(name)), "\(ui.screen)")
        #expect(ui.state.snapshot.subscription(inGroup: try #require(ui.store.catalog.product("com.storefront.pro.monthly")?.subscriptionGroupID))?.state == .subscribed)
    }

    // MARK: Subscriptions

    @Test func theSubscriptionSheetStatesItsTerms() throws {
        let ui = try UITestHarness()
        try ui.select("Pro Monthly")
        ui.press(.enter)
        let trialEnd = ui.state.localDate(ui.state.now + 7 * 86_400)
        let screen = dialogText(ui)
        #expect(screen.contains("1 week free"))
        #expect(screen.contains("then $4.99/month starting \(trialEnd)"))
        #expect(screen.contains("Renews automatically until cancelled."))
        // The promise leads somewhere: Manage Subscriptions, and its key.
        #expect(screen.contains("Cancel anytime in Manage Subscriptions (m), at least 24 hours before the end of the period."))
        #expect(ui.screen.contains("[ Subscribe ]"))
    }

    @Test func theOneYearPassIsBoughtWithBuyAndBoughtAgainExtendsIt() throws {
        let ui = try UITestHarness()
        try ui.select("One-Year Pass")
        ui.press(.enter)
        #expect(ui.screen.contains("[ Buy ]"))
        #expect(!ui.screen.contains("[ Subscribe ]"))
        #expect(ui.screen.contains("Does not renew."))
        ui.press(.enter)
        ui.wait()
        ui.press(.enter)
        let expiry = try #require(ui.state.snapshot.subscriptionExpiries["com.storefront.pass.yearly"])
        let extended = SubscriptionPeriod(value: 1, unit: .year).added(to: expiry)

        ui.press(.enter)
        guard case .content(let viewer) = ui.state.mode else { Issue.record("no viewer: \(ui.state.mode)"); return }
        #expect(viewer.focus == 0, "Close first")
        #expect(ui.screen.contains("[ Buy Again ]"))
        #expect(dialogText(ui).contains("extends it to \(ui.state.localDate(extended))"))
        ui.press(.right, .enter)
        #expect(sheet(ui)?.productID == "com.storefront.pass.yearly")
        #expect(dialogText(ui).contains("Extends your pass to \(ui.state.localDate(extended))."))
        ui.press(.enter)
        ui.wait()
        #expect(alert(ui)?.title == "You're all set.")
        #expect(ui.state.snapshot.subscriptionExpiries["com.storefront.pass.yearly"] == extended)
    }

    /// A pay-up-front offer on the row, as the App Store writes it: its length, then its price.
    @Test func aPayUpFrontOfferReadsItsLengthThenItsPrice() throws {
        var catalog = try CatalogLoader.defaultCatalog()
        let index = try #require(catalog.products.firstIndex { $0.id == "com.storefront.pro.yearly" })
        catalog.products[index].subscription?.introductoryOffer = SubscriptionOffer(
            paymentMode: .payUpFront, period: SubscriptionPeriod(value: 3, unit: .month), price: try #require(Decimal(string: "9.99")))
        let ui = try UITestHarness(catalog: catalog)
        #expect(RowText(.product("com.storefront.pro.yearly"), state: ui.state).trailing == "3 months for $9.99, then $49.99/year")
    }

    /// An offer priced per storefront reads the storefront's own price, in either language.
    /// Failed before: Japan showed the one price as written in yen, ¥10.
    @Test func anOfferPricedPerStorefrontReadsTheStorefrontsPrice() throws {
        var catalog = try CatalogLoader.defaultCatalog()
        let index = try #require(catalog.products.firstIndex { $0.id == "com.storefront.pro.yearly" })
        catalog.products[index].subscription?.introductoryOffer = SubscriptionOffer(
            paymentMode: .payUpFront, period: SubscriptionPeriod(value: 3, unit: .month),
            price: try #require(Decimal(string: "9.99")), prices: ["JPN": 1500])
        let ui = try UITestHarness(catalog: catalog) { $0.storefront = "JPN" }
        #expect(RowText(.product("com.storefront.pro.yearly"), state: ui.state).trailing == "3 months for ¥1,500, then ¥8,000/year")
        try ui.changeSettings { $0.locale = "ja_JP" }
        ui.wait()
        #expect(RowText(.product("com.storefront.pro.yearly"), state: ui.state).trailing == "3か月 ¥1,500、その後¥8,000/年")
    }

    /// Two subscriptions in one group: the free trial is the group's, once.
    @Test func theRowsAndTheSheetOfferTheTrialOnlyWhenTheStoreGivesIt() throws {
        // The group's yearly plan with the monthly plan's free trial.
        var catalog = try CatalogLoader.defaultCatalog()
        let index = try #require(catalog.products.firstIndex { $0.id == "com.storefront.pro.yearly" })
        let trial = catalog.product("com.storefront.pro.monthly")?.subscription?.introductoryOffer
        catalog.products[index].subscription?.introductoryOffer = trial
        let yearly = catalog.products[index]
        let ui = try UITestHarness(catalog: catalog)
        try ui.select("Pro Yearly")
        #expect(RowText(.product(yearly.id), state: ui.state).trailing == "1 week free, then $49.99/year")
        try ui.buy("Pro Monthly")
        #expect(RowText(.product(yearly.id), state: ui.state).trailing == "$49.99/year · at renewal",
                "the group's trial is used: the row promises none, and says when the change takes effect")
        try ui.select("Pro Yearly")
        ui.press(.enter)
        #expect(!dialogText(ui).contains("1 week free"), "nor does the sheet")
        #expect(dialogText(ui).contains("$49.99/year starting"))
        ui.press(.enter)
        ui.wait()
        #expect(ui.transactions.allSatisfy { $0.productID != yearly.id }, "and the store gives none: the change makes no transaction until the renewal")
    }

    // MARK: Restore

    @Test func aSubscriptionActiveAtTheStoreAfterDeleteSaysRestoreBringsItBack() throws {
        let ui = try UITestHarness()
        try ui.buy("Pro Monthly")
        ui.press(.char("D"), .tab, .enter)
        try ui.select("Pro Monthly")
        let expiry = try #require(ui.state.snapshot.ownedAtStore["com.storefront.pro.monthly"])
        #expect(RowText(.product("com.storefront.pro.monthly"), state: ui.state).trailing == "active · restore (r)")
        let pane = DetailPane.productLines("com.storefront.pro.monthly", state: ui.state).map(\.text)
        #expect(pane.contains("Active at the store until \(ui.state.times.dateTime(expiry))"), "\(pane)")
        #expect(pane.contains { $0.contains("Restore Purchases (r) brings it back") })
        #expect(!pane.contains { $0.contains("starting") }, "no terms of a purchase Enter would refuse: \(pane)")
        ui.press(.enter)
        #expect(alert(ui)?.title == "You're currently subscribed to this.")
        ui.press(.enter, .char("r"))
        ui.wait()
        ui.press(.enter)  // the restore summary
        // Back in the app: the row reads the store's status (its free trial runs).
        #expect(RowText(.product("com.storefront.pro.monthly"), state: ui.state).trailing.hasPrefix("Free trial until "))
    }

    @Test func theRestoreSummarySaysWhatTheStoreDoesNotRestore() throws {
        let ui = try UITestHarness()
        try ui.buy("Premium content here")
        try ui.buy("5 Monkey Credits")
        try ui.buy("One-Year Pass")
        ui.press(.char("D"), .tab, .enter)
        ui.press(.char("r"))
        ui.wait()
        let summary = try #require(alert(ui))
        #expect(summary.title == "Purchases Restored")
        #expect(summary.message.contains("Restored:\n• Premium Quotes"))
        #expect(summary.message.contains("Not restored"))
        #expect(summary.message.contains("• 5 Monkey Credits"))
        #expect(summary.message.contains("• One-Year Pass"))
        #expect(!summary.message.contains("10 Monkey Credits"), "only what was bought")
    }
}
