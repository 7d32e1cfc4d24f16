import Foundation
import SampleApp
import AppStoreCore
import Testing
@testable import StorefrontUI
import Wording

/// A subscription's life on screen: rows and the detail pane read the store's status, Manage
/// Subscriptions (m) changes plan, cancels and resubscribes, and the sheet for another plan
/// says what happens and when.
@Suite struct ManageSubscriptionsTests {
    static let day: TimeInterval = 86_400

    /// What the store list's row of the product titled `title` reads at its right (on screen
    /// whole when it fits: the snapshots show the rows).
    private func row(_ ui: UITestHarness, _ title: String) -> String {
        let id = ui.state.catalog.products.first { ui.state.title(of: $0.id) == title }?.id ?? title
        return RowText(.product(id), state: ui.state).trailing
    }

    private func words(_ ui: UITestHarness) -> Localized<StoreStrings> { ui.state.strings.store }

    private func day(_ ui: UITestHarness, _ date: Date) -> String { ui.state.localDate(date) }

    private func status(_ ui: UITestHarness) throws -> SubscriptionStatus {
        try #require(ui.state.snapshot.subscription(inGroup: "pro"))
    }

    @Test(arguments: [false, true])
    func cancelWithConfirmationResubscribeThenExpire(japanese: Bool) throws {
        let ui = try UITestHarness { if japanese { UITestHarness.useJapanese(&$0) } }
        let title = ui.state.title(of: "com.storefront.pro.monthly")
        try ui.buy("Pro Monthly")
        let expires = try status(ui).expiresDate
        #expect(row(ui, title).contains(words(ui).freeTrialUntilBrief(day(ui, expires))), "the free trial runs: \(ui.screen)")
        #expect(ui.screen.contains(words(ui).manageHint), "the detail pane offers Manage Subscriptions:\n\(ui.screen)")

        ui.press(.char("m"))
        #expect(ui.screen.contains(words(ui).manageTitle) && ui.screen.contains("✓ \(title)"), "\(ui.screen)")
        // A free trial: Cancel Free Trial, asking first.
        #expect(ui.screen.contains(words(ui).cancelFreeTrial), "\(ui.screen)")
        ui.press(.end, .enter)
        // "…you can still access it until DATE", wrapped in the dialog.
        #expect(ui.screen.contains("─ \(words(ui).confirmCancellation) ─"), "\(ui.screen)")
        guard case .subscriptions(let panel) = ui.state.mode, let confirmation = CancelConfirmation(ui.state, panel: panel) else {
            Issue.record("no confirmation"); return
        }
        #expect(confirmation.model.lines.map(\.text) == [words(ui).cancelMessage(true, day(ui, expires))])
        ui.press(.right, .enter)
        #expect(try status(ui).willAutoRenew == false)
        #expect(ui.screen.contains(words(ui).resubscribe), "\(ui.screen)")
        ui.press(.escape)
        // Cancelled during its free trial: the trial ends, and nothing is charged.
        #expect(row(ui, title).contains(words(ui).freeTrialEnds(day(ui, expires))), "\(ui.screen)")

        // Resubscribe before it ends: it renews again.
        ui.press(.char("m"), .end, .enter, .escape)
        #expect(row(ui, title).contains(words(ui).freeTrialUntilBrief(day(ui, expires))), "the free trial runs: \(ui.screen)")

        // Cancelled again and past its end: expired, and why.
        ui.press(.char("m"), .end, .enter, .right, .enter, .escape)
        ui.wait(seconds: 8 * Self.day)
        #expect(try status(ui).state == .expired)
        #expect(row(ui, title).contains(words(ui).expired(day(ui, expires))), "\(ui.screen)")
        // The detail pane says so too, with the terms of subscribing again, which Enter starts.
        try ui.select("Pro Monthly")
        let pane = DetailPane.productLines("com.storefront.pro.monthly", state: ui.state).map(\.text)
        #expect(pane.contains(words(ui).expiredBecause(day(ui, expires), .autoRenewDisabled)), "\(pane)")
        #expect(pane.contains(ui.state.strings.sheet.renews), "\(pane)")
        ui.press(.enter)
        guard case .sheet = ui.state.mode else { Issue.record("no sheet: \(ui.state.mode)"); return }
    }

    /// Cancel Free Trial confirms what the App Store does: the trial ends then, and nothing is
    /// charged; a paid period cancelled says until when it gives access.
    @Test(arguments: [false, true])
    func cancellingAFreeTrialSaysItEndsWithNoCharge(japanese: Bool) throws {
        let ui = try UITestHarness { if japanese { UITestHarness.useJapanese(&$0) } }
        try ui.buy("Pro Monthly")
        let end = ui.state.times.dateTime(try status(ui).expiresDate)
        ui.press(.char("m"), .end, .enter, .right, .enter, .escape)
        #expect(try status(ui).willAutoRenew == false)
        let trial = japanese ? "プロ 月額プラン: 自動更新オフ、\(end)にトライアル終了(請求なし)"
            : "Pro Monthly: auto-renew off, free trial ends \(end), no charge"
        #expect(ui.state.log.last?.text == trial, "\(ui.state.log.map(\.text))")
        #expect(ui.screen.contains(trial), "whole in the log at 100 columns:\n\(ui.screen)")

        // Subscribed again and past the trial: a paid period cancelled runs to its end.
        ui.press(.char("m"), .end, .enter, .escape)
        ui.wait(seconds: 8 * Self.day)
        let renewed = ui.state.times.dateTime(try status(ui).expiresDate)
        ui.press(.char("m"), .end, .enter, .right, .enter, .escape)
        let paid = japanese ? "プロ 月額プラン: 自動更新オフ、\(renewed)までアクセス可能" : "Pro Monthly: auto-renew off, access until \(renewed)"
        #expect(ui.state.log.last?.text == paid, "\(ui.state.log.map(\.text))")
    }

    @Test func notNowKeepsItRenewingAndEscapeClosesTheConfirmationThenThePanel() throws {
        let ui = try UITestHarness()
        try ui.buy("Pro Monthly")
        ui.press(.char("m"), .end, .enter)
        ui.press(.enter)  // Not Now is focused: nothing changes.
        #expect(try status(ui).willAutoRenew)
        ui.press(.enter, .escape)
        guard case .subscriptions(let panel) = ui.state.mode else { Issue.record("the panel closed"); return }
        #expect(panel.confirming == nil)
        ui.press(.escape)
        #expect(ui.state.mode == .store)
        #expect(try status(ui).willAutoRenew)
    }

    @Test func clicksChooseTheActionAndConfirm() throws {
        let ui = try UITestHarness()
        try ui.buy("Pro Monthly")
        ui.press(.char("m"))
        guard case .subscriptions(let panel) = ui.state.mode else { Issue.record("no panel"); return }
        let g = ManageSubscriptionsGeometry(ui.state, panel: panel, layout: Layout(width: 100, height: 30))
        ui.press(.click(x: g.box.x + 4, y: g.actionY))
        guard case .subscriptions(let asking) = ui.state.mode, let dialog = CancelConfirmation(ui.state, panel: asking) else {
            Issue.record("no confirmation:\n\(ui.screen)"); return
        }
        let confirm = Layout.buttons(dialog.model.buttons, in: dialog.model.box(in: Layout(width: 100, height: 30)))[1]
        ui.press(.click(x: confirm.x + 1, y: confirm.y))
        #expect(try status(ui).willAutoRenew == false)
    }

    @Test(arguments: [false, true])
    func upgradeStartsTodayAndTheSheetSaysSo(japanese: Bool) throws {
        let ui = try UITestHarness { if japanese { UITestHarness.useJapanese(&$0) } }
        try ui.buy("Lite Monthly")
        let lite = ui.state.title(of: "com.storefront.lite.monthly")
        // Every Pro plan is a higher level: at once.
        #expect(row(ui, ui.state.title(of: "com.storefront.pro.yearly")).contains(words(ui).upgradeNow))
        try ui.select("Pro Monthly")
        #expect(row(ui, ui.state.title(of: "com.storefront.pro.monthly")).contains(words(ui).upgradeNow), "\(ui.screen)")
        ui.press(.enter)
        let sheet = ui.state.strings.sheet
        #expect(ui.screen.contains(String(sheet.replacesToday(lite).prefix(16))), "\(ui.screen)")
        guard let dialog = DialogModel(ui.state) else { Issue.record("no sheet"); return }
        #expect(dialog.lines.map(\.text).contains(sheet.replacesToday(lite)))
        ui.press(.enter)
        ui.wait()
        ui.press(.enter)
        let status = try status(ui)
        #expect(status.productID == "com.storefront.pro.monthly")
        #expect(row(ui, ui.state.title(of: "com.storefront.pro.monthly")).contains(words(ui).renewsOn(day(ui, status.expiresDate))),
                "\(ui.screen)")
    }

    @Test(arguments: [false, true])
    func downgradeWaitsForTheRenewalAndTheRowsSayWhen(japanese: Bool) throws {
        let ui = try UITestHarness { if japanese { UITestHarness.useJapanese(&$0) } }
        try ui.buy("Pro Monthly")
        let expires = try status(ui).expiresDate
        let pro = ui.state.title(of: "com.storefront.pro.monthly"), lite = ui.state.title(of: "com.storefront.lite.monthly")
        try ui.select("Lite Monthly")
        ui.press(.enter)
        #expect(ui.screen.contains(String(ui.state.strings.sheet.keepsUntil(pro, day(ui, expires)).prefix(16))), "\(ui.screen)")
        ui.press(.enter)
        ui.wait()
        ui.press(.enter)
        #expect(try status(ui).autoRenewProductID == "com.storefront.lite.monthly")
        // The plan's name stays whole: the status takes its shorter form first.
        #expect(row(ui, pro).contains(words(ui).changesToBrief(lite)), "\(ui.screen)")
        #expect(row(ui, lite).contains(words(ui).startsOn(day(ui, expires))), "\(ui.screen)")
        // The receipt has Lite's no-charge transaction: its row still reads the status, not "active".
        #expect(!row(ui, lite).contains(words(ui).active), "\(ui.screen)")
        // Lite again from the store: nothing to buy, and the alert says why (no sheet the store would refuse).
        ui.press(.enter)
        guard case .alert(let waits) = ui.state.mode else { Issue.record("a sheet opened:\n\(ui.screen)"); return }
        #expect(waits.title == ui.state.strings.alerts.changeWaitsTitle)
    }

    /// The first downgrade is answered as the App Store answers it: the plan change is set,
    /// from the renewal's date, not that the lower plan "is active".
    @Test(arguments: [false, true])
    func aDowngradeIsAnsweredWithThePlanChangeAndItsDate(japanese: Bool) throws {
        let ui = try UITestHarness { if japanese { UITestHarness.useJapanese(&$0) } }
        try ui.buy("Pro Monthly")
        let expires = try status(ui).expiresDate
        let lite = ui.state.title(of: "com.storefront.lite.monthly")
        try ui.select("Lite Monthly")
        ui.press(.enter, .enter)
        ui.wait()
        guard case .alert(let answer) = ui.state.mode else { Issue.record("no answer:\n\(ui.screen)"); return }
        let alerts = ui.state.strings.alerts
        #expect(answer.title == alerts.changeWaitsTitle, "\(ui.screen)")
        #expect(answer.message == alerts.changeWaitsMessage(lite, day(ui, expires)), "\(ui.screen)")
        #expect(answer.detail == nil && !ui.screen.contains(alerts.subscriptionActive(false, lite)), "\(ui.screen)")
    }

    /// Buying the current plan back while a downgrade waits calls the downgrade off: answered as
    /// a plan change (the plan stays and renews at its date, nothing charged), not as a purchase.
    @Test(arguments: [false, true])
    func callingADowngradeOffIsAnsweredWithThePlanKept(japanese: Bool) throws {
        let ui = try UITestHarness { if japanese { UITestHarness.useJapanese(&$0) } }
        try ui.buy("Pro Monthly")
        let expires = try status(ui).expiresDate
        let pro = ui.state.title(of: "com.storefront.pro.monthly")
        try ui.select("Lite Monthly")
        ui.press(.enter, .enter)
        ui.wait()
        ui.press(.enter)
        // Manage Subscriptions, the current plan's row: its sheet keeps it.
        ui.press(.char("m"), .home, .enter)
        guard case .sheet = ui.state.mode else { Issue.record("no sheet:\n\(ui.screen)"); return }
        ui.press(.enter)
        ui.wait()
        #expect(try status(ui).autoRenewProductID == "com.storefront.pro.monthly")
        guard case .alert(let answer) = ui.state.mode else { Issue.record("no answer:\n\(ui.screen)"); return }
        let alerts = ui.state.strings.alerts
        #expect(answer.title == alerts.planKeptTitle, "\(ui.screen)")
        #expect(answer.message == alerts.planKeptMessage(pro, day(ui, expires)), "\(ui.screen)")
        #expect(!ui.screen.contains(alerts.purchaseSuccessful), "\(ui.screen)")
    }

    /// At 70×20 in Japanese a running trial's line takes the shorter form rather than being cut.
    @Test func aTrialsLineFits70By20InJapanese() throws {
        let ui = try UITestHarness(width: 70, height: 20) { UITestHarness.useJapanese(&$0) }
        try ui.buy("Pro Monthly")
        ui.press(.char("m"))
        let pro = ui.state.title(of: "com.storefront.pro.monthly")
        let line = try #require(ui.screen.split(separator: "\n").first { $0.contains("\(pro) — ") }.map(String.init), "\(ui.screen)")
        #expect(!line.contains("…"), "cut: \(line)")
        #expect(line.contains("無料トライアル"), "\(line)")
    }

    /// The trial is advertised only when the purchase will get it: not while another plan of
    /// the group gives access (an upgrade gets none), but once that plan ended, to an account
    /// that never had an introductory offer (Lite Monthly has none); the sheet says it too.
    @Test(arguments: [false, true])
    func theTrialIsAdvertisedOnlyWhenItWillBeApplied(japanese: Bool) throws {
        let ui = try UITestHarness { if japanese { UITestHarness.useJapanese(&$0) } }
        let pro = ui.state.title(of: "com.storefront.pro.monthly")
        let product = try #require(ui.state.snapshot.product("com.storefront.pro.monthly"))
        // "1 week free, then $4.99/month", as the App Store writes it.
        let trial = ui.state.strings.charge(product, introOffer: true, app: ui.state.appDescription)
        #expect(row(ui, pro) == trial, "\(ui.screen)")
        try ui.buy("Lite Monthly")
        #expect(!row(ui, pro).contains(trial), "an upgrade gets no trial: \(ui.screen)")
        ui.press(.char("m"), .end, .enter, .right, .enter, .escape)
        ui.wait(seconds: 32 * Self.day)
        #expect(try status(ui).state == .expired && status(ui).productID == "com.storefront.lite.monthly")
        #expect(row(ui, pro) == trial, "a new subscription gets it: \(ui.screen)")
        try ui.select("Pro Monthly")
        ui.press(.enter)
        guard case .sheet = ui.state.mode else { Issue.record("no sheet: \(ui.state.mode)"); return }
        let offer = try #require(product.introductoryOffer)
        #expect(ui.screen.contains(String(ui.state.strings.introductoryTerms(offer, of: product).prefix(10))), "\(ui.screen)")
        ui.press(.enter)
        ui.wait()
        #expect(try status(ui).productID == "com.storefront.pro.monthly")
        #expect(ui.transactions.last?.offer?.type == .introductory, "the trial was applied")
    }

    /// Cancelled while a downgrade waits: Resubscribe renews to the waiting plan and says so;
    /// the current plan's row puts the current plan back instead.
    @Test(arguments: [false, true])
    func resubscribeWithADowngradeWaitingNamesThePlanItRenewsTo(japanese: Bool) throws {
        let ui = try UITestHarness { if japanese { UITestHarness.useJapanese(&$0) } }
        try ui.buy("Pro Monthly")
        try ui.select("Lite Monthly")
        ui.press(.enter, .enter)
        ui.wait()
        ui.press(.enter)
        let lite = ui.state.title(of: "com.storefront.lite.monthly")
        ui.press(.char("m"), .end, .enter, .right, .enter)
        #expect(try status(ui).willAutoRenew == false)
        #expect(ui.screen.contains(words(ui).resubscribeTo(lite)), "\(ui.screen)")
        ui.press(.enter)
        // Lite's row, while it waits for the renewal: nothing to buy, no sheet.
        ui.press(.end, .up)
        #expect(ui.state.plans(inGroup: "pro")[try #require({ () -> Int? in
            if case .subscriptions(let p) = ui.state.mode { p.selection } else { nil } }())] == "com.storefront.lite.monthly")
        ui.press(.enter)
        guard case .alert(let waits) = ui.state.mode, waits.title == ui.state.strings.alerts.changeWaitsTitle else {
            Issue.record("no word that the change is set:\n\(ui.screen)"); return
        }
        ui.press(.enter, .char("m"))
        #expect(try status(ui).willAutoRenew && status(ui).autoRenewProductID == "com.storefront.lite.monthly")

        // Cancelled again: the current plan's row (Pro, first) keeps Pro instead.
        ui.press(.end, .enter, .right, .enter)
        #expect(try status(ui).willAutoRenew == false)
        ui.press(.home, .enter)
        let pro = ui.state.title(of: "com.storefront.pro.monthly")
        #expect(ui.screen.contains(String(ui.state.strings.sheet.keepsPlan(pro, lite).prefix(12))), "\(ui.screen)")
        ui.press(.enter)
        ui.wait()
        ui.press(.enter)
        #expect(try status(ui).willAutoRenew && status(ui).autoRenewProductID == "com.storefront.pro.monthly", "\(ui.screen)")
        ui.press(.char("m"))
        #expect(ui.screen.contains(words(ui).cancelSubscription) || ui.screen.contains(words(ui).cancelFreeTrial), "\(ui.screen)")
    }

    @Test func billingRetryRowsReadGraceThenBillingProblem() throws {
        let ui = try UITestHarness {
            $0.billingRetry = true
            $0.gracePeriod = .threeDays
        }
        try ui.buy("Pro Yearly")
        let expires = try status(ui).expiresDate
        let title = ui.state.title(of: "com.storefront.pro.yearly")
        ui.wait(seconds: expires.timeIntervalSince(ui.clock.now) + 60)
        let grace = try status(ui)
        #expect(grace.state == .inGracePeriod)
        #expect(row(ui, title).contains(words(ui).inGraceUntil(day(ui, grace.gracePeriodExpiresDate ?? expires))), "\(ui.screen)")
        ui.wait(seconds: 4 * Self.day)
        #expect(try status(ui).state == .inBillingRetryPeriod)
        #expect(row(ui, title).contains(words(ui).billingProblem), "\(ui.screen)")
    }

    /// The free trial reads as one while it runs: on the row, in the detail pane (what follows
    /// it too) and in Manage Subscriptions, which offers Cancel Free Trial.
    @Test(arguments: [false, true])
    func aRunningFreeTrialReadsAsOne(japanese: Bool) throws {
        let ui = try UITestHarness { if japanese { UITestHarness.useJapanese(&$0) } }
        try ui.buy("Pro Monthly")
        let until = day(ui, try status(ui).expiresDate)
        let trial = words(ui).freeTrialUntil(until, japanese ? "¥800/月" : "$4.99/month")
        try ui.select("Pro Monthly")
        #expect(row(ui, ui.state.title(of: "com.storefront.pro.monthly")) == words(ui).freeTrialUntilBrief(until), "\(ui.screen)")
        let pane = DetailPane.productLines("com.storefront.pro.monthly", state: ui.state).map(\.text)
        #expect(pane.contains(trial), "\(pane)")
        ui.press(.char("m"))
        #expect(ui.screen.contains(trial) && ui.screen.contains(words(ui).cancelFreeTrial), "\(ui.screen)")
    }

    /// At 70×20 the row's title stays whole: the trial reads in brief.
    @Test func aRunningFreeTrialFitsANarrowRow() throws {
        let ui = try UITestHarness(width: 70, height: 20)
        try ui.buy("Pro Monthly")
        try ui.select("Pro Monthly")
        #expect(row(ui, "Pro Monthly") == words(ui).freeTrial, "\(ui.screen)")
        #expect(ui.screen.contains("   Pro Monthly ") && ui.screen.contains(" Free trial "), "\(ui.screen)")
    }

    /// Another plan's row at 70×20 in Japanese: its price without the period where the whole
    /// does not fit.
    @Test func anotherPlansRowFitsANarrowRow() throws {
        let ui = try UITestHarness(width: 70, height: 20) { UITestHarness.useJapanese(&$0) }
        try ui.buy("Pro Monthly")
        let yearly = ui.state.title(of: "com.storefront.pro.yearly")
        // Its price alone: the name stays whole (it was "¥8,000 · 次回更新時", the name cut).
        #expect(row(ui, yearly) == "¥8,000")
        let wide = try UITestHarness { UITestHarness.useJapanese(&$0) }
        try wide.buy("Pro Monthly")
        #expect(row(wide, yearly) == "¥8,000/年 · \(words(wide).atRenewal)", "whole where it fits")
    }

    /// A trial whose conversion failed is no longer a trial: Manage Subscriptions offers Cancel
    /// Subscription, and the row reads the grace period.
    @Test func aFailedConversionOffersCancelSubscription() throws {
        let ui = try UITestHarness { $0.billingRetry = true; $0.gracePeriod = .sixteenDays }
        try ui.buy("Pro Monthly")
        ui.wait(seconds: 8 * Self.day)
        #expect(try status(ui).state == .inGracePeriod)
        if case .alert = ui.state.mode { ui.press(.escape) }
        #expect(ui.state.manageAction(inGroup: "pro") == .cancel(freeTrial: false))
        ui.press(.char("m"))
        #expect(ui.screen.contains(words(ui).cancelSubscription) && !ui.screen.contains(words(ui).cancelFreeTrial), "\(ui.screen)")
        #expect(!ui.screen.contains("Free trial"), "\(ui.screen)")
    }

    @Test func aCrossgradeOfTheSamePeriodSwitchesNow() throws {
        let ui = try UITestHarness()
        try ui.buy("Pro Student")
        #expect(row(ui, ui.state.title(of: "com.storefront.pro.monthly")).contains(words(ui).switchNow))
        #expect(row(ui, ui.state.title(of: "com.storefront.pro.yearly")).contains(words(ui).atRenewal))
        #expect(row(ui, ui.state.title(of: "com.storefront.lite.monthly")).contains(words(ui).atRenewal))
    }

    @Test func theKeyOpensTheGroupWithNothingSubscribedAndChoosingAPlanOpensItsSheet() throws {
        let ui = try UITestHarness()
        ui.press(.char("m"))
        guard case .subscriptions(let panel) = ui.state.mode else { Issue.record("no panel"); return }
        #expect(panel.groupID == "pro")
        #expect(!ui.screen.contains(words(ui).cancelSubscription))
        ui.press(.enter)
        guard case .sheet(let sheet) = ui.state.mode else { Issue.record("no sheet:\n\(ui.screen)"); return }
        #expect(sheet.productID == ui.state.plans(inGroup: "pro").first)
    }
}
