import AppStoreCore
import Testing
@testable import StorefrontUI

/// Header badges, store rows and the approvals panel as rendered at the widths where
/// space runs short.
@Suite struct PanelLayoutTests {
    /// Every condition that has a badge, at once.
    static func everything(_ s: inout Settings) {
        s.canMakePayments = false
        s.askToBuy = true
        s.network = false
        s.failWith = .overlayPresentedInBackgroundScene
        s.interrupted = true
        s.finishTransactions = false
        s.account = nil
    }

    private func lines(_ ui: UITestHarness) -> [String] { render(ui.state).lines }

    @Test func allBadgesFitAt100ColumnsWithTheFailureAsItsCode() throws {
        let ui = try UITestHarness(width: 100, height: 30, settings: Self.everything)
        #expect(lines(ui)[1] == "─ IAP RESTRICTED ─ ASK TO BUY ─ OFFLINE ─ FAILING: 20 ─ INTERRUPTING ─ NOT FINISHING ─ SIGNED OUT ──")
    }

    @Test func theFailureKeepsItsNameWhenThereIsRoom() throws {
        let ui = try UITestHarness(width: 100, height: 30) { $0.failWith = .overlayPresentedInBackgroundScene; $0.askToBuy = true }
        #expect(lines(ui)[1].hasSuffix("─ ASK TO BUY ─ FAILING: overlayPresentedInBackgroundScene ──"))
    }

    @Test func theMostImportantBadgesStayAt70Columns() throws {
        let ui = try UITestHarness(width: 70, height: 20, settings: Self.everything)
        #expect(lines(ui)[1] == "───── IAP RESTRICTED ─ ASK TO BUY ─ OFFLINE ─ FAILING: 20 ─ +3 more ──")
    }

    @Test func aLongAccountGivesWayToTheStorefrontAndCredits() throws {
        let account = "a.very.long.account.name@some-long-domain.example.com"
        let ui = try UITestHarness(width: 70, height: 20) { $0.account = account }
        let header = lines(ui)[0]
        #expect(header == " Quotes & Credits  a.very.long.account.name@some-l… · USA · 0 credits")
        #expect(DisplayWidth.of(header) <= 70)

        let wide = try UITestHarness(width: 100, height: 30) { $0.account = account }
        #expect(lines(wide)[0].contains(" \(account) · USA · 0 credits"), "whole when it fits")
    }

    /// A plan's offer and price too long for a narrow row give way to the offer alone, so the
    /// title stays whole (the detail pane has the rest).
    @Test(arguments: [(false, "Pro Monthly", "1 week free"), (true, "プロ 月額プラン", "1週間無料")])
    func aRowKeepsItsPriceWholeAt70Columns(japanese: Bool, title: String, price: String) throws {
        let ui = try UITestHarness(width: 70, height: 20) { if japanese { UITestHarness.useJapanese(&$0) } }
        try ui.select(title)
        ui.press(.escape)
        let line = try #require(lines(ui).first { $0.contains(" \(title) ") }, "\(ui.screen)")
        #expect(line.contains(" \(price) "), "\(line)")
    }

    /// Where there is room, the row reads the offer and the price with its period.
    @Test func aWideRowReadsTheOfferAndThePricePerPeriod() throws {
        let ui = try UITestHarness(width: 100, height: 30)
        let monthly = RowText(.product("com.storefront.pro.monthly"), state: ui.state).trailing
        #expect(monthly == "1 week free, then $4.99/month")
        #expect(RowText(.product("com.storefront.pro.yearly"), state: ui.state).trailing == "$49.99/year")
        #expect(RowText(.product("com.storefront.lite.monthly"), state: ui.state).trailing == "$1.99/month")
    }

    /// Deferred rows of different title widths and an interrupted one, at the widths
    /// where the panel is widest and narrowest.
    @Test(arguments: [false, true], [100, 70])
    func approvalsRowsLineUpInColumns(japanese: Bool, width: Int) throws {
        let ui = try UITestHarness(width: width, height: 30) {
            $0.askToBuy = true
            if japanese { UITestHarness.useJapanese(&$0) }
        }
        for id in ["com.storefront.credits.10", "com.storefront.credits.5"] {
            try ui.select(ui.state.title(of: id))
            ui.buySelected(quantity: id.hasSuffix(".5") ? 2 : 1)
            ui.press(.enter)
        }
        try ui.changeSettings { $0.askToBuy = false; $0.interrupted = true }
        try ui.select(ui.state.title(of: "com.storefront.pass.yearly"))
        ui.buySelected()
        ui.press(.escape, .char("a"))

        let waiting = ui.state.snapshot.pendingApprovals + ui.state.snapshot.interruptions
        try #require(waiting.count == 3)
        let words = ui.state.strings.approvals
        let rows = lines(ui).filter { $0.contains("[\(words.approve)]") || $0.contains("[\(words.agreeToTerms)]") }
        try #require(rows.count == 3, "\(ui.screen)")
        let prices = waiting.map { t in ui.state.snapshot.product(t.productID)!.formattedPrice(quantity: t.purchasedQuantity) }
        let priceEnds = try zip(rows, prices).map { try #require(column(after: $1 + "  [", in: $0), "\($1) whole in \($0)") }
        #expect(Set(priceEnds).count == 1, "prices end in one column, right before the buttons:\n\(ui.screen)")
        let buttons = try rows.map { try #require(column(after: "  [", in: $0)) }
        #expect(Set(buttons).count == 1, "buttons start in one column:\n\(ui.screen)")
        if width == 100 {
            for t in waiting { #expect(ui.screen.contains(ui.state.title(of: t.productID)), "titles whole at 100 columns") }
        }
    }

    @Test func anEmptyApprovalsPanelOffersNothingToPress() throws {
        let ui = try UITestHarness()
        ui.press(.char("a"))
        #expect(ui.screen.contains("No requests are waiting."))
        #expect(!ui.screen.contains("⏎ press"))
        #expect(!ui.screen.contains("Tab ←→"))
    }

    /// The grace's eligibility has its row under the grace period: all renewals, or only paid
    /// to paid ones, stepped with → as every choice is, and `set` takes it by name.
    @Test(arguments: [false, true])
    func theGracesEligibilityStepsInThePanel(japanese: Bool) throws {
        let ui = try UITestHarness(width: 100, height: 30) { if japanese { UITestHarness.useJapanese(&$0) } }
        let words = ui.state.strings.conditions
        ui.press(.char("s"), .end, .up)
        #expect(lines(ui).contains { $0.contains(words.graceRenewals) && $0.contains(words.graceAllRenewals) }, "\(ui.screen)")
        ui.press(.right)
        #expect(ui.state.snapshot.settings.graceRenewals == .paidToPaid)
        #expect(lines(ui).contains { $0.contains(words.graceRenewals) && $0.contains(words.gracePaidToPaid) }, "\(ui.screen)")
        if japanese {
            let english = JapaneseScreenText.englishWords(in: ui.screen, state: ui.state)
            #expect(english.isEmpty, "English of the app's own: \(english)\n\(ui.screen)")
        }
        let condition = try #require(StoreCondition.named("grace-renewals"))
        var settings = Settings()
        try condition.parse("PAID-TO-PAID", catalog: ui.state.catalog)(&settings)
        #expect(settings.graceRenewals == .paidToPaid && condition.describe(settings) == "paid-to-paid")
        let refusal = #expect(throws: StoreCondition.InvalidValue.self) { try condition.parse("trials", catalog: ui.state.catalog) }
        #expect(refusal?.message == "grace-renewals takes all or paid-to-paid, not \"trials\"")
    }

    /// The signing environment has its row after the store time rate: Xcode, or the sandbox,
    /// stepped with → as every choice is, and `set` takes it by name.
    @Test(arguments: [false, true])
    func theSigningEnvironmentStepsInThePanel(japanese: Bool) throws {
        let ui = try UITestHarness(width: 100, height: 30) { if japanese { UITestHarness.useJapanese(&$0) } }
        let words = ui.state.strings.conditions
        ui.press(.char("s"), .end, .up, .up, .up, .up)
        #expect(lines(ui).contains { $0.contains(words.signingEnvironment) && $0.contains(" \(words.xcodeEnvironment) ") }, "\(ui.screen)")
        ui.press(.right)
        #expect(ui.state.snapshot.settings.signingEnvironment == .sandbox)
        #expect(lines(ui).contains { $0.contains(words.signingEnvironment) && $0.contains(words.sandboxEnvironment) }, "\(ui.screen)")
        #expect(japanese == ui.screen.contains("サンドボックス"), "\(ui.screen)")
        if japanese {
            let english = JapaneseScreenText.englishWords(in: ui.screen, state: ui.state)
            #expect(english.isEmpty, "English of the app's own: \(english)\n\(ui.screen)")
        }
        let condition = try #require(StoreCondition.named("signing-environment"))
        var settings = Settings()
        try condition.parse("Sandbox", catalog: ui.state.catalog)(&settings)
        #expect(settings.signingEnvironment == .sandbox && condition.describe(settings) == "sandbox")
        let refusal = #expect(throws: StoreCondition.InvalidValue.self) { try condition.parse("production", catalog: ui.state.catalog) }
        #expect(refusal?.message == "signing-environment takes xcode or sandbox, not \"production\"")
    }

    /// Xcode's two billing conditions in the panel: billing retry toggles, the grace period
    /// steps through App Store Connect's lengths and Xcode's, and the header shows both.
    @Test(arguments: [false, true])
    func theBillingConditionsStepAndShowTheirBadges(japanese: Bool) throws {
        let ui = try UITestHarness(width: 100, height: 30) { if japanese { UITestHarness.useJapanese(&$0) } }
        let words = ui.state.strings.conditions
        ui.press(.char("s"), .end, .up, .up, .up, .enter)
        #expect(ui.state.snapshot.settings.billingRetry)
        ui.press(.down, .right, .right)
        #expect(ui.state.snapshot.settings.gracePeriod == .sixteenDays)
        #expect(lines(ui)[1].hasSuffix("─ \(words.billingRetryBadge) ─ \(words.graceBadge("16")) ──"), "\(lines(ui)[1])")
        #expect(lines(ui).contains { $0.contains("\(words.gracePeriod)") && $0.contains(" \(words.graceDays(16)) ") }, "\(ui.screen)")
        ui.press(.right, .right)
        #expect(ui.state.snapshot.settings.gracePeriod == .xcode)
        #expect(lines(ui)[1].hasSuffix("─ \(words.graceBadge("6/16")) ──"))
        #expect(ui.screen.contains(words.graceXcode))
        if japanese {
            let english = JapaneseScreenText.englishWords(in: ui.screen, state: ui.state)
            #expect(english.isEmpty, "English of the app's own: \(english)\n\(ui.screen)")
        }
        ui.press(.right)
        #expect(ui.state.snapshot.settings.gracePeriod == .off)
        #expect(!lines(ui)[1].contains(words.graceBadge("16").prefix(3)))
        ui.press(.left)
        #expect(ui.state.snapshot.settings.gracePeriod == .xcode, "← goes round too")
        if !japanese {
            #expect(lines(ui)[1].hasSuffix("─ BILLING RETRY ─ GRACE: 6/16 DAYS ──"))
        } else {
            #expect(lines(ui)[1].hasSuffix("─ 請求の再試行 ─ 猶予: 6/16日 ──"))
        }
    }

    /// In the smallest window the panel drops its blank lines so every row shows, and a
    /// click still lands on the row under it.
    @Test func theSmallestPanelShowsEveryRowAndAClickFindsIt() throws {
        let ui = try UITestHarness(width: 70, height: 20)
        ui.press(.char("s"))
        let layout = Layout(width: 70, height: 20)
        let box = SettingsGeometry.box(layout)
        let rows = lines(ui)[(box.y + 1)..<(box.maxY - 1)]
        #expect(rows.count == StoreCondition.panelRows.count)
        for (line, condition) in zip(rows, StoreCondition.panelRows) {
            #expect(line.contains(condition.title(ui.state.strings)), "\(ui.screen)")
        }
        #expect(lines(ui)[box.maxY - 1].contains("saved in store.sqlite"), "the hint on the bottom border")
        ui.press(.click(x: box.x + 5, y: SettingsGeometry.firstRowY(layout) + SettingRow.gracePeriod.rawValue))
        #expect(ui.state.snapshot.settings.gracePeriod == .threeDays, "a click is Enter on the row: one step on")
    }

    /// The display column after `needle` in `line`.
    private func column(after needle: String, in line: String) -> Int? {
        line.range(of: needle).map { DisplayWidth.of(line[..<$0.upperBound]) }
    }
}
