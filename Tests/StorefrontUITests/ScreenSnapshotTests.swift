import DataFiles
import Foundation
import SampleApp
import SnapshotTesting
import AppStoreCore
import StoreKitSim
import Testing
@testable import StorefrontUI

/// Every screen and dialog rendered to text at 100×30 and 80×24, and in Japanese at 100×30,
/// 80×24 and 70×20, compared with reviewed snapshots in __Snapshots__. No Japanese screen
/// shows English words of the app's own.
@Suite struct ScreenSnapshotTests {
    static let sizes = [(100, 30), (80, 24)]
    /// Double-width text down to the smallest terminal.
    static let japaneseSizes = [(100, 30), (80, 24), (70, 20)]

    /// The screen `steps` lead to, as `name` in English at `sizes`, then as `name`-ja in Japanese.
    private func check(_ name: String, sizes: [(Int, Int)] = sizes, settings: @escaping (inout Settings) -> Void = { _ in },
                       file: StaticString = #filePath, testName: String = #function, line: UInt = #line,
                       _ steps: (UITestHarness) throws -> Void) throws {
        for (width, height) in sizes {
            let ui = try UITestHarness(width: width, height: height, settings: settings)
            try steps(ui)
            assertSnapshot(of: ui.screen, as: .lines, named: "\(name)-\(width)x\(height)",
                           file: file, testName: testName, line: line)
        }
        try checkJapanese("\(name)-ja", settings: settings, file: file, testName: testName, line: line, steps)
    }

    /// The screen `steps` lead to in Japanese, at every Japanese size.
    private func checkJapanese(_ name: String, settings: @escaping (inout Settings) -> Void = { _ in },
                               file: StaticString = #filePath, testName: String = #function, line: UInt = #line,
                               _ steps: (UITestHarness) throws -> Void) throws {
        for (width, height) in Self.japaneseSizes {
            let ui = try UITestHarness(width: width, height: height) {
                settings(&$0)
                UITestHarness.useJapanese(&$0)
            }
            try steps(ui)
            assertSnapshot(of: ui.screen, as: .lines, named: "\(name)-\(width)x\(height)",
                           file: file, testName: testName, line: line)
            expectNoEnglish(ui, "\(name)-\(width)x\(height)")
        }
    }

    private func expectNoEnglish(_ ui: UITestHarness, _ name: String) {
        let english = JapaneseScreenText.englishWords(in: ui.screen, state: ui.state)
        #expect(english.isEmpty, "English of the app's own on \(name): \(english)\n\(ui.screen)")
    }

    @Test func storeAtLaunch() throws {
        try check("store") { _ in }
    }

    @Test func consumableSheetWithQuantity() throws {
        try check("sheet") { ui in
            try ui.select("5 Monkey Credits")
            ui.press(.enter, .char("+"), .char("+"))
        }
    }

    /// At 1 the [−] is dimmed, at 10 the [+]; the columns stay put (the dimming is checked
    /// on the buffer in PurchaseSheetTests: text cannot show it).
    @Test func quantityStepper() throws {
        for quantity in [1, 5, 10] {
            try check("stepper-\(quantity)", sizes: [(100, 30)]) { ui in
                try ui.select("5 Monkey Credits")
                ui.press(.enter)
                for _ in 1..<quantity { ui.press(.char("+")) }
            }
        }
    }

    @Test func askPermission() throws {
        try check("ask-permission", settings: { $0.askToBuy = true }) { ui in
            try ui.select("10 Monkey Credits")
            ui.press(.enter, .char("+"), .enter)
        }
    }

    @Test func subscriptionSheets() throws {
        try check("subscribe") { ui in
            try ui.select("Pro Monthly")
            ui.press(.enter)
        }
        try check("pass") { ui in
            try ui.select("One-Year Pass")
            ui.press(.enter)
        }
        try check("pass-again") { ui in
            try ui.buy("One-Year Pass")
            try ui.select("One-Year Pass")
            ui.press(.enter)
        }
    }

    /// An Ask to Buy request approved from another terminal, as the storefront shows it.
    @Test func bannerForAnUpdateFromOutside() throws {
        try check("banner", settings: { $0.askToBuy = true }) { ui in
            try ui.buy("10 Monkey Credits")
            let id = try #require(ui.state.snapshot.pendingApprovals.first?.id)
            try PaymentQueue(store: ui.store).approve(transactionID: id)
            ui.wait(seconds: 1)
        }
    }

    @Test func purchasing() throws {
        try check("purchasing") { ui in
            try ui.select("Premium content here")
            ui.press(.enter, .enter)
        }
    }

    @Test func success() throws {
        try check("success") { ui in
            try ui.select("Premium content here")
            ui.buySelected()
        }
    }

    @Test func premiumUnlocked() throws {
        try check("unlocked") { ui in
            try ui.buy("Premium content here")
        }
    }

    /// A subscription's renewals unfolded under its original purchase.
    @Test func transactionManagerRenewals() throws {
        try check("transaction-manager-renewals") { ui in
            try ui.buy("5 Monkey Credits")
            try ui.buy("Pro Monthly")
            try PaymentQueue(store: ui.store).advance(by: try #require(StoreDuration("40d")))
            ui.runtime.tick()
            ui.press(.char("t"), .right)
        }
    }

    @Test func transactionManager() throws {
        try check("transaction-manager") { ui in
            try ui.buy("5 Monkey Credits")
            try ui.buy("Pro Monthly")
            ui.press(.char("t"))
        }
        try check("transaction-manager-actions") { ui in
            try ui.buy("Pro Monthly")
            ui.press(.char("t"), .enter)
        }
    }

    /// The selected transaction's signed form (s), over the Transaction Manager.
    @Test func transactionManagerSignedForm() throws {
        try check("transaction-manager-signed-form") { ui in
            ui.runtime.signedForms = SignedFormSheetTests.FixedSource()
            try ui.buy("Premium content")
            ui.press(.char("t"), .char("s"))
        }
    }

    @Test func scrolledToTheBottom() throws {
        try check("scrolled") { ui in
            try ui.select("Premium content here")
            ui.buySelected()
            ui.press(.enter, .char("G"))
        }
    }

    @Test func failure() throws {
        try check("failure", settings: { $0.failWith = .storeProductNotAvailable }) { ui in
            try ui.select("10 Monkey Credits")
            ui.buySelected()
        }
    }

    @Test func askToBuy() throws {
        try check("ask-to-buy", settings: { $0.askToBuy = true }) { ui in
            try ui.select("10 Monkey Credits")
            ui.buySelected()
        }
    }

    @Test func interrupted() throws {
        try check("interrupted", settings: { $0.interrupted = true }) { ui in
            try ui.select("One-Year Pass")
            ui.buySelected()
        }
    }

    @Test func restricted() throws {
        try check("restricted", settings: { $0.canMakePayments = false }) { _ in }
        try check("restricted-alert", settings: { $0.canMakePayments = false }) { ui in
            try ui.select("Premium content here")
            ui.press(.enter)
        }
    }

    @Test func networkDown() throws {
        try check("network-down", settings: { $0.network = false }) { ui in
            try ui.select("5 Monkey Credits")
        }
    }

    @Test func productsLoading() throws {
        for (width, height) in Self.sizes {
            let ui = try UITestHarness(width: width, height: height, loadsProducts: false)
            try ui.select("5 Monkey Credits")
            assertSnapshot(of: ui.screen, as: .lines, named: "loading-\(width)x\(height)")
        }
        for (width, height) in Self.japaneseSizes {
            let ui = try UITestHarness(width: width, height: height, loadsProducts: false, settings: UITestHarness.useJapanese)
            try ui.select("5 Monkey Credits")
            assertSnapshot(of: ui.screen, as: .lines, named: "loading-ja-\(width)x\(height)")
            expectNoEnglish(ui, "loading-ja-\(width)x\(height)")
        }
    }

    @Test func heldPurchase() throws {
        try check("held", settings: { $0.hold = true }) { ui in
            try ui.select("10 Monkey Credits")
            ui.press(.enter, .char("+"), .enter)
        }
    }

    @Test func settingsPanel() throws {
        try check("settings", settings: { $0.askToBuy = true; $0.hold = true }) { ui in ui.press(.char("s"), .down) }
        try check("error-chooser") { ui in ui.press(.char("s"), .down, .down, .down, .enter, .enter) }
    }

    /// The StoreKit APIs, each failing with its own error; each API's chooser offers its own
    /// errors.
    @Test func apiErrorsList() throws {
        let failing: (inout Settings) -> Void = {
            $0.failures = [.loadProducts: .storeKit(.networkError), .purchase: .purchaseLimitExceeded, .refundRequest: .refundRequest(.failed)]
        }
        try check("api-errors", settings: failing) { ui in ui.press(.char("s"), .down, .down, .down, .enter, .down) }
        try check("api-error-chooser", settings: failing) { ui in ui.press(.char("s"), .down, .down, .down, .enter, .enter) }
    }

    @Test func approvals() throws {
        try check("approvals", settings: { $0.askToBuy = true }) { ui in
            try ui.select("10 Monkey Credits")
            ui.buySelected()
            ui.press(.enter, .char("a"))
        }
    }

    /// Double-width titles: at 100 columns the box grows to show them whole; narrower, the
    /// titles give way while prices and buttons stay whole, each in its column.
    @Test func approvalsJapanese() throws {
        try checkJapanese("approvals-japanese", settings: { $0.askToBuy = true }) { ui in
            for title in ["モンキークレジット10個", "モンキークレジット5個", "1年パス"] {
                try ui.buy(title)
            }
            ui.press(.char("a"))
        }
    }

    @Test func fullLog() throws {
        try check("log") { ui in
            try ui.select("5 Monkey Credits")
            ui.buySelected(quantity: 2)
            ui.press(.enter)
            try ui.select("10 Monkey Credits")
            ui.press(.enter, .escape, .char("l"))
        }
    }

    /// At the end of a log longer than the screen, down to the narrowest terminal.
    @Test func fullLogAtTheEnd() throws {
        try check("log-end", sizes: Self.sizes + [(70, 20)]) { ui in
            try ui.fillLog()
            ui.press(.char("l"), .char("G"))
        }
    }

    /// The chosen entry's signed form (s), over the full log, down to the narrowest terminal.
    @Test func fullLogSignedForm() throws {
        try check("log-signed-form", sizes: Self.sizes + [(70, 20)]) { ui in
            ui.runtime.signedForms = SignedFormSheetTests.FixedSource()
            try ui.buy("Premium content")
            try ui.buy("5 Monkey Credits")
            ui.press(.char("l"), .left, .char("s"))
        }
    }

    /// Earlier transactions, dimmed, then the one the queue redelivers.
    @Test func relaunchedWithHistory() throws {
        try check("relaunched") { ui in
            try ui.fillLog()
            try ui.changeSettings { $0.finishTransactions = false }
            try ui.buy("Premium content here")
            try ui.relaunch()
        }
    }

    @Test func help() throws {
        try check("help") { ui in ui.press(.char("?")) }
    }

    @Test func deleteConfirmation() throws {
        try check("delete") { ui in ui.press(.char("D")) }
    }

    @Test func restoreSummaries() throws {
        try check("restore-nothing") { ui in
            ui.press(.char("r"))
            ui.wait()
        }
        try check("restore-unsaid") { ui in
            try ui.buy("5 Monkey Credits")
            try ui.buy("One-Year Pass")
            try ui.buy("Pro Monthly")
            ui.press(.char("D"), .tab, .enter, .char("r"))
            ui.wait()
        }
        try check("restore-some") { ui in
            try ui.select("Pro Monthly")
            ui.buySelected()
            ui.press(.enter, .char("r"))
            ui.wait()
        }
    }

    @Test func content() throws {
        try check("free-item") { ui in ui.press(.down, .enter) }
        try check("credits") { ui in
            try ui.buy("5 Monkey Credits")
            try ui.select("Your credits")
            ui.press(.enter)
        }
    }

    @Test func japaneseStorefront() throws {
        try checkJapanese("japanese") { ui in
            try ui.select("モンキークレジット5個")
        }
        try checkJapanese("japanese-sheet") { ui in
            try ui.select("プロ 月額プラン")
            ui.press(.enter)
        }
    }

    @Test func signIn() throws {
        try check("sign-in", settings: { $0.account = nil }) { ui in
            try ui.select("5 Monkey Credits")
            ui.press(.enter)
        }
    }

    /// The accounts used on this store, the last used first, the sandbox account chosen.
    @Test func signInChoosingAnAccount() throws {
        try check("sign-in-accounts") { ui in
            try ui.changeSettings { $0.account = "family.child@example.com" }
            try ui.buy("5 Monkey Credits")
            try ui.changeSettings { $0.account = nil }
            try ui.select("10 Monkey Credits")
            ui.press(.enter, .down)
        }
    }

    @Test func otherAlerts() throws {
        try check("already-purchased") { ui in
            try ui.select("Premium content here")
            ui.buySelected()
            ui.press(.enter, .char("D"), .tab, .enter)
            try ui.select("Premium content here")
            ui.press(.enter)
        }
        try check("sign-in-to-restore", settings: { $0.account = nil }) { ui in ui.press(.char("r")) }
        try check("cannot-connect", settings: { $0.network = false }) { ui in
            ui.press(.char("R"))
            ui.wait()
        }
        try check("invalid-identifier") { ui in
            try ui.select("com.storefront.credits.50")
            ui.press(.enter)
        }
        try check("restore-refused") { ui in
            _ = try PaymentQueue(store: ui.store).restoreCompletedTransactions()
            ui.press(.char("r"))
        }
        try check("purchase-refused") { ui in
            try ui.select("5 Monkey Credits")
            ui.press(.enter)
            // Another process's purchase sheet is open on the same store.
            let other = PaymentQueue(store: ui.store)
            _ = try other.add(Payment(productID: "com.storefront.credits.10"))
            ui.press(.enter)
        }
    }

    /// A data file the storefront cannot use, as the alert says it when the user acts: the
    /// file's line as found (in every language), then what to do in the screen's language.
    @Test func dataFileProblem() throws {
        let error = DataFileError(path: "/home/me/.storefront/UserDefaults.json", location: "line 1, column 13",
                                  problem: "not valid JSON (Unexpected end of file)", remedy: .resetApp(.editFile))
        func shown(_ ui: UITestHarness) -> String {
            var state = ui.state
            _ = update(&state, .dataFileProblem(AppProblem(error)))
            return render(state).text
        }
        for (width, height) in Self.sizes {
            assertSnapshot(of: shown(try UITestHarness(width: width, height: height)), as: .lines,
                           named: "data-file-problem-\(width)x\(height)")
        }
        for (width, height) in Self.japaneseSizes {
            let ui = try UITestHarness(width: width, height: height, settings: UITestHarness.useJapanese)
            let screen = shown(ui)
            assertSnapshot(of: screen, as: .lines, named: "data-file-problem-ja-\(width)x\(height)")
            let english = JapaneseScreenText.englishWords(in: screen, state: ui.state, diagnostics: [error.summary])
            #expect(english.isEmpty, "English of the app's own on data-file-problem-ja-\(width)x\(height): \(english)\n\(screen)")
        }
    }

    /// An Ask to Buy request approved in another terminal first, approved again here.
    @Test func requestAnsweredElsewhere() throws {
        try check("request-answered-elsewhere", settings: { $0.askToBuy = true }) { ui in
            try ui.buy("5 Monkey Credits")
            ui.press(.char("a"))
            let id = try #require(ui.state.snapshot.pendingApprovals.first?.id)
            try PaymentQueue(store: ui.store).approve(transactionID: id)
            ui.press(.enter)
        }
    }

    @Test func moreContent() throws {
        try check("no-credits") { ui in
            try ui.select("Your credits")
            ui.press(.enter)
        }
        try check("subscription") { ui in
            try ui.buy("Pro Monthly")
            try ui.select("Pro Monthly")
            ui.press(.enter)
        }
        try check("no-approvals") { ui in ui.press(.char("a")) }
    }

    @Test func tooSmall() throws {
        let ui = try UITestHarness(width: 60, height: 15)
        assertSnapshot(of: ui.screen, as: .lines, named: "too-small-60x15")
        // Japanese wraps by display width, the sheet waiting behind it.
        for (width, height) in [(60, 15), (30, 12)] {
            let japanese = try UITestHarness(width: width, height: height, settings: UITestHarness.useJapanese)
            japanese.press(.resize(width: 100, height: 30))
            try japanese.select("5 Monkey Credits")
            japanese.press(.enter, .resize(width: width, height: height))
            assertSnapshot(of: japanese.screen, as: .lines, named: "too-small-ja-\(width)x\(height)")
            expectNoEnglish(japanese, "too-small-ja-\(width)x\(height)")
        }
    }

    /// Manage Subscriptions down to the smallest terminal: the panel, and Cancel's confirmation.
    @Test func manageSubscriptions() throws {
        let sizes = [(100, 30), (70, 20)]
        try check("manage", sizes: sizes) { ui in
            try ui.buy("Pro Monthly")
            ui.press(.char("m"))
        }
        try check("manage-confirm", sizes: sizes) { ui in
            try ui.buy("Pro Monthly")
            ui.press(.char("m"), .end, .enter)
        }
        try check("downgrade-sheet", sizes: sizes) { ui in
            try ui.buy("Pro Monthly")
            try ui.select("Lite Monthly")
            ui.press(.enter)
        }
        try check("upgrade-sheet", sizes: sizes) { ui in
            try ui.buy("Pro Student")
            try ui.select("Pro Monthly")
            ui.press(.enter)
        }
    }

    @Test func offerCodeSheet() throws {
        try check("redeem-code") { ui in
            ui.press(.char("o"))
            ui.type("FRIENDMONTH")
        }
    }
}
