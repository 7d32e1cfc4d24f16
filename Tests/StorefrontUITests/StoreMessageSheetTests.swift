import Foundation
import SampleApp
import AppStoreCore
import StoreKitSim
import Testing
@testable import StorefrontUI

/// StoreKit's messages in the storefront: the Billing Problem sheet while a subscription is in
/// billing retry or grace, the price-increase consent sheet while an increase waits for
/// consent; shown at launch and when the cause begins while the storefront is open.
@Suite struct StoreMessageSheetTests {
    static let pro = "com.storefront.pro.monthly"

    /// Pro Monthly bought, then store time past the trial's end: the renewal fails.
    static func failingRenewal(width: Int = 100, height: Int = 30, grace: BillingGracePeriod = .off,
                               settings: (inout Settings) -> Void = { _ in }) throws -> UITestHarness {
        let ui = try UITestHarness(width: width, height: height) {
            $0.billingRetry = true
            $0.gracePeriod = grace
            settings(&$0)
        }
        try ui.buy("Pro Monthly")
        ui.wait(seconds: 8 * 86_400)
        return ui
    }

    private func status(_ ui: UITestHarness) -> SubscriptionStatus? { ui.state.snapshot.subscriptions.first }

    @Test func aFailedRenewalShowsTheBillingProblemSheetAndContinueRecoversIt() throws {
        let ui = try Self.failingRenewal()
        #expect(status(ui)?.state == .inBillingRetryPeriod)
        let screen = ui.screen
        #expect(screen.contains("Billing Problem"), "\(screen)")
        #expect(screen.contains("There is a problem with your current payment method."))
        #expect(screen.contains("Pro Monthly: no access until the payment goes through"))
        #expect(ui.state.dialogButtons == DialogButtons(labels: ["Close", "Continue"], focus: 1))
        ui.press(.enter)
        #expect(status(ui)?.state == .subscribed, "the payment method fixed: renewed")
        #expect(!ui.screen.contains("Billing Problem"))
        #expect(ui.runtime.app.isSubscriptionActive(Self.pro, now: ui.state.now))
        #expect(ui.state.log.contains { $0.text == "Pro Monthly: billing problem fixed, renewed" })
    }

    @Test func inGraceTheSheetSaysUntilWhenAccessLasts() throws {
        let ui = try Self.failingRenewal(grace: .sixteenDays)
        let graceEnd = try #require(status(ui)?.gracePeriodExpiresDate)
        let standing = "Pro Monthly: access kept until \(ui.state.localDate(graceEnd)) (grace period)"
        guard case .alert(let alert) = ui.state.mode else { Issue.record("no sheet: \(ui.state.mode)"); return }
        #expect(alert.detail?.hasPrefix(standing) == true, "\(alert.detail ?? "")")
        // The sheet wraps it before "(grace period)".
        #expect(ui.screen.contains("Pro Monthly: access kept until \(ui.state.localDate(graceEnd))"), "\(ui.screen)")
        #expect(ui.runtime.app.isSubscriptionActive(Self.pro, now: ui.state.now))
    }

    @Test func dismissedItComesBackAtTheNextLaunchOnly() throws {
        let ui = try Self.failingRenewal()
        ui.press(.escape)
        #expect(ui.state.mode == .store)
        ui.wait(seconds: 3600)
        #expect(ui.state.mode == .store, "not again while the storefront stays open")
        try ui.relaunch()
        #expect(ui.screen.contains("Billing Problem"), "at launch\n\(ui.screen)")
    }

    @Test func fixedFromAnotherTerminalTheSheetCloses() throws {
        let ui = try Self.failingRenewal()
        #expect(ui.screen.contains("Billing Problem"))
        let elsewhere = StoreAdmin(store: AppStore(catalog: ui.store.catalog, storage: ui.storage, wallClock: ui.clock))
        try elsewhere.resolveBillingIssue(Self.pro, account: try ui.store.settings().account)
        ui.runtime.tick()
        #expect(ui.state.mode == .store, "nothing left to fix")
        #expect(status(ui)?.state == .subscribed)
    }

    @Test func itWaitsForTheStoreScreenToBeInFront() throws {
        let ui = try UITestHarness { $0.billingRetry = true }
        try ui.buy("Pro Monthly")
        ui.press(.char("?"))
        ui.wait(seconds: 8 * 86_400)
        #expect(ui.state.mode == .help(scroll: 0))
        ui.press(.escape)
        #expect(ui.screen.contains("Billing Problem"))
    }

    /// Apple's copy is the sheet, in plain text; where the subscription stands and what
    /// Continue does are the simulator's note, dimmed below it.
    @Test(arguments: [false, true])
    func applesCopyIsSetApartFromTheSimulatorsNote(japanese: Bool) throws {
        let ui = try Self.failingRenewal(grace: .sixteenDays) { if japanese { UITestHarness.useJapanese(&$0) } }
        let words = ui.state.strings.messages
        let buffer = render(ui.state)
        let lines = buffer.lines
        func styleOfLine(containing text: String) -> Style? {
            guard let y = lines.firstIndex(where: { $0.contains(text) }) else { return nil }
            let x = lines[y].distance(from: lines[y].startIndex, to: lines[y].range(of: text)!.lowerBound)
            return buffer[DisplayWidth.of(String(lines[y].prefix(x))), y].style
        }
        let apple = String(words.billingProblemMessage.prefix(8))
        let standing = japanese ? "猶予期間" : "access kept until"
        #expect(styleOfLine(containing: apple)?.dim == false, "Apple's copy is not dimmed:\n\(ui.screen)")
        #expect(styleOfLine(containing: standing)?.dim == true, "where it stands is the simulator's note:\n\(ui.screen)")
        let appleLine = lines.firstIndex { $0.contains(apple) } ?? .max
        let standingLine = lines.firstIndex { $0.contains(standing) } ?? -1
        #expect(appleLine < standingLine, "the note comes after Apple's copy")
    }

    /// Failed before: the sheet kept the words it opened with while the screen behind it
    /// switched to English.
    @Test func aLocaleChangedFromAnotherTerminalRewordsTheSheet() throws {
        let ui = try Self.failingRenewal { UITestHarness.useJapanese(&$0) }
        #expect(ui.screen.contains("請求に関する問題"), "\(ui.screen)")
        ui.press(.tab)
        try ui.changeSettings { $0.locale = "en_US" }
        #expect(ui.screen.contains("Billing Problem") && ui.screen.contains("There is a problem with your current payment method."), "\(ui.screen)")
        // The products asked for again in English: the plan's title too.
        ui.wait()
        let screen = ui.screen
        #expect(screen.contains("Pro Monthly: no access until the payment goes through"), "\(screen)")
        #expect(!screen.contains("請求に関する問題 ") && !screen.contains("続ける"), "\(screen)")
        #expect(ui.state.dialogButtons == DialogButtons(labels: ["Close", "Continue"], focus: 0), "the focus stays")
    }

    @Test func inJapaneseItFits70By20() throws {
        let ui = try Self.failingRenewal(width: 70, height: 20) { UITestHarness.useJapanese(&$0) }
        let screen = ui.screen
        #expect(screen.contains("請求に関する問題"), "\(screen)")
        #expect(screen.contains("[ 閉じる ]") && screen.contains("[ 続ける ]"), "\(screen)")
        #expect(screen.contains("支払いが完了するまでアクセスできません"), "\(screen)")
        ui.press(.enter)
        #expect(status(ui)?.state == .subscribed)
    }

    @Test func inEnglishItFits70By20() throws {
        let ui = try Self.failingRenewal(width: 70, height: 20, grace: .sixteenDays)
        let screen = ui.screen
        #expect(screen.contains("Billing Problem") && screen.contains("[ Continue ]"), "\(screen)")
        #expect(screen.contains("update your payment method."), "\(screen)")
        #expect(screen.contains("access kept until") && screen.contains("(grace"), "\(screen)")
    }

    @Test func withDialogsOffTheLogSaysSoInstead() throws {
        let ui = try Self.failingRenewal { $0.dialogs = false }
        #expect(ui.state.mode == .store)
        #expect(ui.state.log.contains { $0.text == "Billing Problem message for Pro Monthly not shown (dialogs off)" })
        #expect(status(ui)?.state == .inBillingRetryPeriod)
    }

    // MARK: Price increase

    private func priceIncrease(_ ui: UITestHarness, consentNeeded: Bool = true) {
        ui.runtime.perform(.priceIncrease(productID: Self.pro, storefront: nil, price: 5.99, consentNeeded: consentNeeded))
    }

    @Test func aPriceIncreaseNeedingConsentShowsTheSheetAndAgreeAgrees() throws {
        let ui = try UITestHarness()
        try ui.buy("Pro Monthly")
        priceIncrease(ui)
        let renewal = try #require(status(ui)?.expiresDate)
        let screen = ui.screen
        #expect(screen.contains("Subscription Price Increase"), "\(screen)")
        #expect(screen.contains("$5.99") && screen.contains(ui.state.localDate(renewal)), "\(screen)")
        #expect(ui.state.dialogButtons == DialogButtons(labels: ["Close", "Agree to New Price"], focus: 1))
        ui.press(.enter)
        #expect(status(ui)?.priceIncreaseStatus == .agreed)
        #expect(ui.state.log.contains { $0.text == "Pro Monthly: price increase to $5.99/month agreed" })
    }

    @Test func notNowLeavesItPendingUntilTheNextLaunch() throws {
        let ui = try UITestHarness()
        try ui.buy("Pro Monthly")
        priceIncrease(ui)
        ui.press(.escape)
        #expect(status(ui)?.priceIncreaseStatus == .pending)
        try ui.relaunch()
        #expect(ui.screen.contains("Subscription Price Increase"))
    }

    @Test func withoutConsentNeededNoSheet() throws {
        let ui = try UITestHarness()
        try ui.buy("Pro Monthly")
        priceIncrease(ui, consentNeeded: false)
        #expect(ui.state.mode == .store)
        #expect(ui.state.log.contains { $0.text == "Pro Monthly: renews at $5.99/month from the next renewal" })
    }

    /// Failed before: the consent sheet stayed in Japanese after the locale went to English.
    @Test func aLocaleChangedFromAnotherTerminalRewordsTheConsentSheet() throws {
        let ui = try UITestHarness { UITestHarness.useJapanese(&$0) }
        try ui.buy("Pro Monthly")
        ui.runtime.perform(.priceIncrease(productID: Self.pro, storefront: nil, price: 1000, consentNeeded: true))
        #expect(ui.screen.contains("サブスクリプションの価格の値上げ"), "\(ui.screen)")
        try ui.changeSettings { $0.locale = "en_US" }
        let screen = ui.screen
        #expect(screen.contains("Subscription Price Increase") && screen.contains("¥1,000/month"), "\(screen)")
        #expect(!screen.contains("サブスクリプションの価格の値上げ"), "\(screen)")
        #expect(ui.state.dialogButtons == DialogButtons(labels: ["Close", "Agree to New Price"], focus: 1))
    }

    @Test func theConsentSheetInJapaneseFits70By20() throws {
        let ui = try UITestHarness(width: 70, height: 20) { UITestHarness.useJapanese(&$0) }
        try ui.buy("Pro Monthly")
        ui.runtime.perform(.priceIncrease(productID: Self.pro, storefront: nil, price: 1000, consentNeeded: true))
        let screen = ui.screen
        #expect(screen.contains("サブスクリプションの価格の値上げ"), "\(screen)")
        #expect(screen.contains("[ 閉じる ]") && screen.contains("[ 新しい価格に同意する ]"), "\(screen)")
        #expect(screen.contains("¥1,000/月"), "\(screen)")
        ui.press(.enter)
        #expect(status(ui)?.priceIncreaseStatus == .agreed)
    }
}
