import DataFiles
import Foundation
import SampleApp
import AppStoreCore
import StoreKitSim
import Testing
@testable import StorefrontUI

@Suite struct UpdateFlowTests {
    @Test func movingSkipsSectionTitles() throws {
        let ui = try UITestHarness()
        #expect(ui.state.selectedRow.map { RowText($0, state: ui.state).title } == "Free quote 1")
        ui.press(.up)
        #expect(ui.state.selection == 1, "the first selectable row stays selected")
        for _ in 0..<6 { ui.press(.char("j")) }
        #expect(ui.state.selectedRow == .premiumOffer(productID: "com.storefront.premium"))
        ui.press(.down)
        #expect(ui.state.selectedRow == .product("com.storefront.credits.5"))
        ui.press(.char("k"))
        #expect(ui.state.selectedRow == .premiumOffer(productID: "com.storefront.premium"))
        ui.press(.char("G"))
        #expect(ui.state.selectedRow == .invalid("com.storefront.theme.retired"))
        ui.press(.char("g"))
        #expect(ui.state.selection == 1)
        ui.press(.pageDown)
        #expect(ui.state.selection > 10)
        ui.press(.pageUp)
        #expect(ui.state.selection == 1)
    }

    @Test func enterOnFreeItemShowsItsText() throws {
        let ui = try UITestHarness()
        ui.press(.enter)
        guard case .content(let viewer) = ui.state.mode, case .item(let item) = viewer.subject else {
            Issue.record("no content viewer")
            return
        }
        #expect(item.id == "free-1")
        #expect(ui.screen.contains("The journey of a thousand miles"))
        ui.press(.escape)
        #expect(ui.state.mode == .store)
    }

    @Test func buyingPremiumShowsThePremiumItems() throws {
        let ui = try UITestHarness()
        try ui.select("Premium content here")
        ui.press(.enter)
        #expect(ui.state.mode == .sheet(ui.sheet("com.storefront.premium")))
        ui.press(.enter)
        guard case .sheet(let sheet) = ui.state.mode, case .purchasing = sheet.stage else {
            Issue.record("not purchasing: \(ui.state.mode)")
            return
        }
        #expect(ui.state.isBusy)
        ui.wait()
        guard case .alert(let alert) = ui.state.mode else {
            Issue.record("no outcome")
            return
        }
        #expect(alert.kind == .success)
        ui.press(.enter)
        let premiumRows = ui.state.rows.filter { if case .content(_, true) = $0 { return true } else { return false } }
        #expect(premiumRows.count == 6)
        #expect(!ui.state.rows.contains(.premiumOffer(productID: "com.storefront.premium")))
        #expect(ui.screen.contains("Premium quote 6"))
    }

    @Test func quantityStepperClampsForConsumablesOnly() throws {
        let ui = try UITestHarness()
        try ui.select("5 Monkey Credits")
        ui.press(.enter)
        for _ in 0..<12 { ui.press(.char("+")) }
        guard case .sheet(let sheet) = ui.state.mode else { Issue.record("no sheet"); return }
        #expect(sheet.quantity == 10)
        #expect(ui.screen.contains("Total     $9.90"))
        for _ in 0..<12 { ui.press(.char("-")) }
        guard case .sheet(let lowered) = ui.state.mode else { Issue.record("no sheet"); return }
        #expect(lowered.quantity == 1)
        ui.press(.escape)

        try ui.select("Premium content here")
        ui.press(.enter, .char("+"), .char("+"))
        guard case .sheet(let premium) = ui.state.mode else { Issue.record("no sheet"); return }
        #expect(premium.quantity == 1)
    }

    @Test func theStepperButtonsTakeClicks() throws {
        let ui = try UITestHarness()
        try ui.select("5 Monkey Credits")
        ui.press(.enter)
        func position(of label: String) throws -> (x: Int, y: Int) {
            let rows = ui.screen.split(separator: "\n", omittingEmptySubsequences: false)
            let y = try #require(rows.firstIndex { $0.contains(label) }, "\(label) on screen")
            let row = rows[y]
            return (DisplayWidth.of(String(row[..<row.range(of: label)!.lowerBound])) + 1, y)
        }
        let plus = try position(of: "[+]")
        ui.press(.click(x: plus.x, y: plus.y), .click(x: plus.x, y: plus.y))
        guard case .sheet(let sheet) = ui.state.mode else { Issue.record("the sheet closed: \(ui.state.mode)"); return }
        #expect(sheet.quantity == 3)
        let minus = try position(of: "[−]")
        ui.press(.click(x: minus.x, y: minus.y))
        #expect(ui.screen.contains("Total     $1.98"))
        ui.press(.click(x: minus.x - 4, y: minus.y))
        #expect(ui.screen.contains("Total     $1.98"), "a click beside the stepper changes nothing")
    }

    @Test func buyingCreditsTimesThreeRaisesTheBalance() throws {
        let ui = try UITestHarness()
        try ui.select("5 Monkey Credits")
        ui.buySelected(quantity: 3)
        ui.press(.enter)
        #expect(ui.state.snapshot.credits == 15)
        #expect(ui.screen.contains("· 15 credits"))
        #expect(ui.state.log.map(\.text).contains { $0.contains("delivered  +15 credits (balance 15)") })
    }

    @Test func cancelIsSilentButLogged() throws {
        let ui = try UITestHarness()
        try ui.select("10 Monkey Credits")
        ui.press(.enter, .escape)
        #expect(ui.state.mode == .store)
        #expect(ui.state.log.contains { $0.text.contains("failed") && $0.text.contains("error 2 paymentCancelled") })
        let cancelled = try #require(ui.transactions.last)
        #expect(cancelled.productID == "com.storefront.credits.10")
        #expect(cancelled.queueState.state == .failed)
        #expect(cancelled.queueState.error?.code == 2)
        ui.wait()
        #expect(ui.state.mode == .store, "no alert follows a cancellation")
        #expect(ui.state.snapshot.credits == 0)
    }

    @Test func theSheetStaysWholeWhenTheNetworkGoesOffAndCancelStaysSilent() throws {
        let ui = try UITestHarness()
        try ui.select("5 Monkey Credits")
        ui.press(.enter)
        try ui.changeSettings { $0.network = false }
        ui.wait()
        #expect(ui.state.snapshot.settings.network == false)
        #expect(ui.screen.contains("A pack of 5 credits to spend in the app."), "the sheet keeps its product")
        #expect(ui.screen.contains("[ Buy ]"))
        ui.press(.tab, .enter)  // Cancel
        ui.wait()
        #expect(ui.state.mode == .store, "no alert after a cancel")
        #expect(ui.transactions.map(\.queueState.error) == [StoreError(.paymentCancelled)],
                "cancelled on the sheet, as with the network on (and as `buy --cancel` records it)")
    }

    @Test func aSubscriptionSheetSaysSubscribe() throws {
        let ui = try UITestHarness()
        try ui.select("Pro Monthly")
        ui.press(.enter)
        #expect(ui.screen.contains("[ Subscribe ]"))
        #expect(!ui.screen.contains("[ Buy ]"))
        ui.press(.enter)
        ui.wait()
        #expect(ui.screen.contains("You're all set."))
    }

    @Test func qClosesDialogsInsteadOfBeingIgnored() throws {
        let ui = try UITestHarness()
        try ui.select("5 Monkey Credits")
        ui.press(.enter)
        ui.press(.char("q"))
        #expect(ui.state.mode == .store, "q cancels the purchase sheet")
        #expect(!ui.state.quitting)
        #expect(ui.transactions.last?.queueState.error?.code == 2, "as a cancel")
        ui.press(.char("D"))
        ui.press(.char("q"))
        #expect(ui.state.mode == .store, "q dismisses the Delete App Data confirmation")
        #expect(!ui.state.quitting)
        ui.press(.char("q"))
        #expect(ui.state.quitting, "q on the store quits")
    }

    @Test func theSelectionStaysOnItsItemWhenRowsComeAndGo() throws {
        let ui = try UITestHarness()
        try ui.buy("Premium content here")
        try ui.select("10 Monkey Credits")
        ui.press(.char("D"), .tab, .enter)  // delete the app: the six premium rows go
        #expect(!ui.state.snapshot.premiumUnlocked)
        #expect(ui.state.rows[ui.state.selection] == .product("com.storefront.credits.10"))
        try ui.select("Premium content here")
        ui.press(.char("r"))
        ui.wait()
        #expect(ui.state.snapshot.premiumUnlocked)
        #expect(ui.state.rows[ui.state.selection] == .content(ui.state.appDescription.content.premium!.items[0], premium: true),
                "the offer's place goes to the first premium item")
    }

    @Test func restrictedRowsAreDisabledAndExplain() throws {
        let ui = try UITestHarness { $0.canMakePayments = false }
        #expect(ui.screen.contains("App Store disabled"))
        #expect(ui.screen.contains("IAP RESTRICTED"))
        try ui.select("5 Monkey Credits")
        ui.press(.enter)
        guard case .alert(let alert) = ui.state.mode else { Issue.record("no alert"); return }
        #expect(alert.title == "In-App Purchases Restricted")
        #expect(alert.message.contains("Settings > Screen Time"))
        #expect(ui.transactions.isEmpty, "nothing reaches the store")
    }

    @Test func signedOutIsAskedToSignIn() throws {
        let ui = try UITestHarness { $0.account = nil }
        try ui.select("Premium content here")
        ui.press(.enter)
        guard case .alert(let alert) = ui.state.mode else { Issue.record("no alert"); return }
        #expect(alert.kind == .signIn(productID: "com.storefront.premium", accounts: [Settings.defaultAccount], chosen: 0))
        ui.press(.enter)
        #expect(ui.state.snapshot.settings.account == Settings().account)
        #expect(ui.screen.contains("sandbox.user@example.com"), "the sheet shows the signed-in account")
        #expect(ui.screen.contains("[ Buy ]"))
    }

    @Test func networkDownOffersRetry() throws {
        let ui = try UITestHarness { $0.network = false }
        #expect(ui.state.snapshot.productsError == .notConnected)
        #expect(ui.screen.contains("Network down?"))
        #expect(ui.screen.contains("R retry"))
        try ui.select("5 Monkey Credits")
        ui.press(.enter)
        #expect(ui.screen.contains("Loading…"), "the retry Enter made takes the latency")
        ui.wait()
        guard case .alert(let alert) = ui.state.mode else { Issue.record("no alert: \(ui.state.mode)"); return }
        #expect(alert.title == "Cannot Connect to the App Store", "the retry that Enter made failed, and says so")
        ui.press(.enter)
        #expect(ui.state.mode == .store)
        ui.press(.char("R"))
        ui.wait()
        #expect(ui.screen.contains("Cannot Connect to the App Store"), "R while still offline says so too")
        ui.press(.escape)
        try ui.changeSettings { $0.network = true }
        ui.wait()
        #expect(ui.screen.contains("Network down?"), "the network back on is not noticed until the user retries")
        #expect(ui.state.snapshot.productsError != nil)
        ui.press(.char("R"))
        #expect(ui.screen.contains("Loading…"))
        #expect(!ui.screen.contains("Network down?"))
        ui.wait()
        #expect(ui.state.mode == .store, "no alert once the products load")
        #expect(ui.state.snapshot.loadedProducts != nil)
        #expect(ui.screen.contains("$0.99"))
    }

    @Test func failureAlertShowsTheCode() throws {
        let ui = try UITestHarness { $0.failWith = .paymentNotAllowed }
        try ui.select("5 Monkey Credits")
        ui.buySelected()
        guard case .alert(let alert) = ui.state.mode else { Issue.record("no alert"); return }
        #expect(alert.kind == .failure)
        #expect(alert.detail == "SKErrorDomain code 4 (paymentNotAllowed)")
    }

    @Test func askToBuyThenApproveFromThePanel() throws {
        let ui = try UITestHarness { $0.askToBuy = true }
        try ui.select("10 Monkey Credits")
        ui.buySelected()
        guard case .alert(let alert) = ui.state.mode else { Issue.record("no alert"); return }
        #expect(alert.title == "Ask Permission — request sent")
        ui.press(.enter, .char("a"))
        #expect(ui.screen.contains("[Approve]"))
        let id = try #require(ui.state.snapshot.pendingApprovals.first?.id)
        ui.press(.enter)
        #expect(ui.state.snapshot.pendingApprovals.isEmpty)
        #expect(ui.transactions.first { $0.id == id }?.queueState.state == .purchased)
        #expect(ui.state.log.contains { $0.text == "\(id) purchased  com.storefront.credits.10" })
        #expect(ui.state.log.contains { $0.text == "\(id) delivered  +10 credits (balance 10)" })
        #expect(ui.state.snapshot.credits == 10)
        #expect(ui.screen.contains("· 10 credits"))
    }

    @Test func interruptedPurchaseAgreedCompletes() throws {
        let ui = try UITestHarness { $0.interrupted = true }
        try ui.select("Premium content here")
        ui.buySelected()
        guard case .sheet(let sheet) = ui.state.mode, case .interrupted = sheet.stage else {
            Issue.record("no interruption: \(ui.state.mode)")
            return
        }
        #expect(ui.screen.contains("Review Updated Terms"))
        ui.press(.enter)  // Agree
        guard case .alert(let alert) = ui.state.mode else { Issue.record("no outcome"); return }
        #expect(alert.kind == .success)
        #expect(ui.state.snapshot.premiumUnlocked)
    }

    @Test func deleteAppDataThenRestore() throws {
        let ui = try UITestHarness()
        try ui.select("Premium content here")
        ui.buySelected()
        ui.press(.enter, .char("D"))
        #expect(ui.screen.contains("Delete App Data?"))
        ui.press(.tab, .enter)
        #expect(!ui.state.snapshot.premiumUnlocked)
        ui.press(.char("r"))
        #expect(ui.screen.contains("Restoring purchases"))
        ui.wait()
        guard case .alert(let alert) = ui.state.mode else { Issue.record("no summary"); return }
        #expect(alert.title == "Purchases Restored")
        #expect(alert.message.contains("Premium Quotes"))
        #expect(ui.state.snapshot.premiumUnlocked)
    }

    /// A subscription comes back as one restored transaction per purchase and renewal: the
    /// summary names it once.
    @Test func theRestoreSummaryNamesEachProductOnce() throws {
        let ui = try UITestHarness()
        try ui.buy("Pro Monthly")
        ui.wait(seconds: 70 * 86_400)
        ui.press(.char("D"), .tab, .enter, .char("r"))
        ui.wait()
        #expect(ui.transactions.filter { $0.queueState.state == .restored }.count > 1)
        guard case .alert(let alert) = ui.state.mode else { Issue.record("no summary: \(ui.state.mode)"); return }
        #expect(alert.title == "Purchases Restored")
        #expect(alert.message.components(separatedBy: "• Pro Monthly").count == 2, "\(alert.message)")
    }

    /// The app refuses to deliver what its balance cannot hold: after the store's confirmation,
    /// the app's own alert says so, in the storefront's language, and the purchase waits; the
    /// balance, raised by hand past anything bought, is written back to what was.
    @Test(arguments: [false, true]) func aPurchaseTheAppCannotHoldEndsInItsAlert(japanese: Bool) throws {
        let ui = try UITestHarness(settings: japanese ? UITestHarness.useJapanese : { _ in })
        try ui.select(japanese ? "モンキークレジット5個" : "5 Monkey Credits")
        ui.press(.enter, .enter)
        // Edited by hand while the store answers.
        try FileManager.default.createDirectory(at: ui.directory, withIntermediateDirectories: true)
        try Data(#"{"credits": \#(Int.max)}"#.utf8).write(to: ui.directory.appendingPathComponent("UserDefaults.json"))
        ui.wait()
        guard case .alert(let alert) = ui.state.mode else { Issue.record("no alert: \(ui.state.mode)"); return }
        #expect(alert.kind == .failure)
        #expect(alert.title == ui.state.strings.alerts.cannotCompleteTitle)
        #expect(alert.message == ui.state.strings.errors.description(.balanceFull))
        #expect(alert.detail?.contains("StorefrontApp") == true)
        #expect(ui.state.snapshot.credits == 0)
        #expect(ui.transactions.last?.queueState.finished == false, "left in the queue")
    }

    @Test func restoreWhileSignedOutAsksToSignInThenRestores() throws {
        let ui = try UITestHarness { $0.account = nil }
        ui.press(.char("r"))
        guard case .alert(let alert) = ui.state.mode else { Issue.record("no alert: \(ui.state.mode)"); return }
        #expect(alert.kind == .signIn(productID: nil, accounts: [Settings.defaultAccount], chosen: 0))
        #expect(alert.message.contains("Restoring purchases"))
        #expect(ui.state.log.isEmpty, "nothing happened yet: the user has not answered")
        ui.press(.enter)
        #expect(ui.state.snapshot.settings.account != nil, "signed in")
        ui.wait()
        guard case .alert(let summary) = ui.state.mode else { Issue.record("no summary: \(ui.state.mode)"); return }
        #expect(summary.title == "No Purchases to Restore", "the restore went on")
        #expect(ui.state.log.map(\.text) == ["Signed in to the App Store as sandbox.user@example.com", "restore finished"],
                "the answer, then the restore, in order")
    }

    @Test func signInCancelledIsLoggedForARestoreAndForAPurchase() throws {
        let ui = try UITestHarness { $0.account = nil }
        ui.press(.char("r"), .escape)
        #expect(ui.state.mode == .store)
        try ui.select("10 Monkey Credits")
        ui.press(.enter)
        guard case .alert(let alert) = ui.state.mode else { Issue.record("no alert: \(ui.state.mode)"); return }
        #expect(alert.kind == .signIn(productID: "com.storefront.credits.10", accounts: [Settings.defaultAccount], chosen: 0))
        #expect(ui.state.log.count == 1, "asking is not news: only the first answer is logged so far")
        ui.press(.escape)
        #expect(ui.state.log.map(\.text) == ["Sign In to the App Store cancelled: nothing restored",
                                            "Sign In to the App Store cancelled: 10 Monkey Credits not bought"])
        #expect(ui.transactions.isEmpty, "nothing reached the store")
        #expect(ui.state.mode == .store, "cancelling is silent, as in StoreKit apps")
    }

    @Test func signingInToBuyIsLoggedBeforeThePurchase() throws {
        let ui = try UITestHarness { $0.account = nil }
        try ui.select("Premium content here")
        ui.press(.enter, .enter)  // Sign In
        #expect(ui.state.log.map(\.text) == ["Signed in to the App Store as sandbox.user@example.com"])
        ui.press(.enter)  // Buy
        ui.wait()
        let id = try #require(ui.transactions.first?.id)
        #expect(ui.state.log.map(\.text).prefix(3) == ["Signed in to the App Store as sandbox.user@example.com",
                                                      "\(id) purchasing  com.storefront.premium",
                                                      "\(id) purchased  com.storefront.premium"])
    }

    @Test func restoreRefusedForAnotherReasonShowsTheError() throws {
        let ui = try UITestHarness()
        // Another process is restoring on the same store.
        _ = try PaymentQueue(store: ui.store).restoreCompletedTransactions()
        ui.press(.char("r"))
        guard case .alert(let alert) = ui.state.mode else { Issue.record("no alert: \(ui.state.mode)"); return }
        #expect(alert.title == "Cannot Restore Purchases")
        #expect(alert.detail == "StorefrontApp code 16 (restoreInProgress)")
    }

    @Test func buyingWhatTheStoreAlreadyHasGetsItAgainForFree() throws {
        let ui = try UITestHarness()
        try ui.select("Premium content here")
        ui.buySelected()
        ui.press(.enter, .char("D"), .tab, .enter)
        #expect(!ui.state.snapshot.premiumUnlocked)
        try ui.select("Premium content here")
        ui.press(.enter)
        guard case .alert(let alert) = ui.state.mode else { Issue.record("no alert: \(ui.state.mode)"); return }
        #expect(alert.kind == .alreadyPurchased(productID: "com.storefront.premium"))
        #expect(alert.title == "You've already purchased this.")
        #expect(alert.message == "Would you like to get it again for free?")
        #expect(alert.buttons == ["Cancel", "Get"])
        ui.press(.escape)
        #expect(ui.state.mode == .store, "Cancel dismisses it")
        ui.press(.enter, .enter)
        ui.wait()
        guard case .alert(let done) = ui.state.mode else { Issue.record("no outcome: \(ui.state.mode)"); return }
        #expect(done.message.hasPrefix("Downloaded again at no charge."))
        #expect(ui.state.snapshot.premiumUnlocked, "Get brought it back")
        let purchases = ui.transactions.filter { $0.productID == "com.storefront.premium" && $0.queueState.state == .purchased }
        #expect(purchases.count == 2, "a regular purchased transaction, not a restore")
        #expect(purchases.last?.reason == .redownload)
        #expect(purchases.last?.originalID == purchases.first?.id)
        #expect(!ui.transactions.contains { $0.queueState.state == .restored }, "nothing else was restored")
        #expect(ui.state.log.map(\.text).joined(separator: "\n").contains("(re-downloaded at no charge)"))
    }

    @Test func buyingAnActiveSubscriptionTheStoreHasIsRefused() throws {
        let ui = try UITestHarness()
        try ui.select("Pro Monthly")
        ui.buySelected()
        ui.press(.enter, .char("D"), .tab, .enter)
        try ui.select("Pro Monthly")
        ui.press(.enter)
        guard case .alert(let alert) = ui.state.mode else { Issue.record("no alert: \(ui.state.mode)"); return }
        #expect(alert.title == "You're currently subscribed to this.")
        #expect(alert.buttons == ["OK"])
    }

    @Test func cancelStaysSilentWhenTheStoreWouldRefuse() throws {
        let ui = try UITestHarness()
        try ui.select("Premium content here")
        ui.press(.enter)
        // Bought on another device while this sheet was open.
        let other = PaymentQueue(store: ui.store)
        let (t, _) = try other.add(Payment(productID: "com.storefront.premium"))
        _ = try other.confirm(t)
        ui.wait()
        ui.press(.escape)
        #expect(ui.state.mode == .store, "no alert for a cancelled sheet: \(ui.state.mode)")
    }

    @Test func restoreWithNothingSaysSo() throws {
        let ui = try UITestHarness()
        ui.press(.char("r"))
        ui.wait()
        guard case .alert(let alert) = ui.state.mode else { Issue.record("no summary"); return }
        #expect(alert.title == "No Purchases to Restore")
    }

    @Test func spendingACreditConsumesIt() throws {
        let ui = try UITestHarness()
        try ui.buy("5 Monkey Credits")
        try ui.select("Your credits")
        ui.press(.enter, .enter)
        #expect(ui.state.snapshot.credits == 4)
        ui.press(.enter)
        #expect(ui.state.snapshot.credits == 3, "the viewer stays open to spend again")
    }

    @Test func aDataFileBrokenWhileOpenIsShownOnceAndExplainedWhenActedOn() throws {
        let ui = try UITestHarness()
        try ui.buy("5 Monkey Credits")
        try Data("{\"credits\": ".utf8).write(to: ui.directory.appendingPathComponent("UserDefaults.json"))
        for _ in 0..<3 { ui.runtime.tick() }
        let problems = ui.state.log.filter { $0.text.contains("UserDefaults.json") }
        #expect(problems.count == 1, "said once, not at every tick: \(ui.state.log.map(\.text))")
        #expect(ui.state.mode == .store, "noticed in the background: no alert")

        try ui.select("Your credits")
        ui.press(.enter, .enter)
        guard case .alert(let alert) = ui.state.mode else { Issue.record("no alert: \(ui.state.mode)"); return }
        #expect(alert.title == "Cannot Use the Data Files")
        #expect(alert.message.contains("UserDefaults.json"))
        #expect(alert.message.contains("reset --app-only"), "says what to do")
    }

    @Test func aDataFileProblemLeavesAPurchaseInFlightOnItsSheet() throws {
        let ui = try UITestHarness()
        try ui.select("5 Monkey Credits")
        ui.press(.enter, .enter)
        var state = ui.state
        guard case .sheet(let sheet) = state.mode, case .purchasing = sheet.stage else {
            Issue.record("not purchasing: \(state.mode)"); return
        }
        let problem = AppProblem(DataFileError(path: "store.json", location: "line 1, column 1", problem: "not valid JSON",
                                               remedy: .resetLegacyStore))
        var purchasing = TestStore(state)
        purchasing.receive(.dataFileProblem(problem), "the sheet waits for the outcome")
        state.mode = .store
        var store = TestStore(state)
        store.receive(.dataFileProblem(problem)) {
            $0.mode = .alert(Alert(kind: .failure, title: "Cannot Use the Data Files", message: ErrorText.of(problem.error, in: .english)))
        }
    }

    @Test func noCreditsLeavesNothingToSpend() throws {
        let ui = try UITestHarness()
        try ui.select("Your credits")
        #expect(ui.screen.contains("Buy a credit pack to get some."))
        ui.press(.enter)
        guard let dialog = DialogModel(ui.state) else { Issue.record("no viewer: \(ui.state.mode)"); return }
        #expect(dialog.buttons == ["Close"])
        #expect(FooterView.keys(for: ui.state).hints.map(\.label) == ["close"], "the footer offers no choice either")
        ui.press(.tab, .enter)
        #expect(ui.state.mode == .store)
    }

    @Test func clickingTheFailureRowOpensTheListAndAClickChooses() throws {
        // 80×24: the list is longer than its box, so it pages and scrolls.
        let ui = try UITestHarness(width: 80, height: 24)
        ui.press(.char("s"))
        let layout = Layout(width: 80, height: 24)
        let row = SettingsGeometry.firstRowY(layout) + SettingRow.apiErrors.rawValue
        ui.press(.click(x: SettingsGeometry.box(layout).x + 5, y: row))
        let purchase = try #require(StoreAPI.allCases.firstIndex(of: .purchase))
        guard case .settings(let list) = ui.state.mode, list.api == purchase else {
            Issue.record("the list of APIs did not open on purchases: \(ui.state.mode)"); return
        }
        ui.press(.click(x: APIListGeometry.box(layout).x + 5, y: APIListGeometry.firstRowY(layout) + purchase))
        let choices = FailureChoices(.purchase)
        guard case .settings(let panel) = ui.state.mode, let highlighted = panel.choosingError else {
            Issue.record("the list did not open: \(ui.state.mode)"); return
        }
        #expect(highlighted == 0)
        #expect(ui.state.snapshot.settings.failWith == nil, "opening the list changes nothing yet")

        ui.press(.pageDown)
        guard case .settings(let paged) = ui.state.mode, let afterPage = paged.choosingError else { return }
        #expect(afterPage == choices.visibleRows(layout) - 1)
        #expect(choices.firstVisible(highlighted: afterPage, layout: layout) > 0, "the list scrolled")

        let box = choices.box(layout)
        let first = choices.firstVisible(highlighted: afterPage, layout: layout)
        let target = first + 2
        ui.press(.click(x: box.x - 3, y: box.y + 1 + 2))
        #expect(ui.state.snapshot.settings.failWith == nil, "a click beside the list chooses nothing")
        ui.press(.click(x: box.x + 4, y: box.y + 1 + 2))
        #expect(ui.state.snapshot.settings.failures[.purchase] == choices.all[target])
        guard case .settings(let closed) = ui.state.mode else { Issue.record("the panel closed"); return }
        #expect(closed.choosingError == nil)
    }

    @Test func signingInToBuyWhatTheStoreHasOffersToGetItAgain() throws {
        let ui = try UITestHarness()
        try ui.select("Premium content here")
        ui.buySelected()
        ui.press(.enter, .char("D"), .tab, .enter)
        try ui.changeSettings { $0.account = nil }
        try ui.select("Premium content here")
        ui.press(.enter)
        guard case .alert(let signIn) = ui.state.mode else { Issue.record("no sign-in: \(ui.state.mode)"); return }
        #expect(signIn.kind == .signIn(productID: "com.storefront.premium", accounts: [Settings.defaultAccount], chosen: 0))
        ui.press(.enter)
        guard case .alert(let offer) = ui.state.mode else { Issue.record("no offer: \(ui.state.mode)"); return }
        #expect(offer.kind == .alreadyPurchased(productID: "com.storefront.premium"))
    }

    @Test func theErrorChooserClosesWithQAndStepsWithArrows() throws {
        let ui = try UITestHarness()
        ui.press(.char("s"), .down, .down, .down, .enter, .enter, .char("q"))
        guard case .settings(let panel) = ui.state.mode else { Issue.record("q left the panel: \(ui.state.mode)"); return }
        #expect(panel.choosingError == nil, "q closes the chooser, back to the list of APIs")
        #expect(panel.api == StoreAPI.allCases.firstIndex(of: .purchase))
        ui.press(.right)
        #expect(ui.state.snapshot.settings.failWith == .unknown, "→ steps from off to the first code")
        ui.press(.right, .left, .left)
        #expect(ui.state.snapshot.settings.failWith == nil)
        #expect(FooterView.keys(for: ui.state).hints.contains { $0.label == "step" })
        ui.press(.enter)
        #expect(FooterView.keys(for: ui.state).fixed.first?.label == "back")
    }

    @Test func settingsPanelTogglesAndChoosesAnError() throws {
        let ui = try UITestHarness()
        ui.press(.char("s"))
        ui.press(.enter)
        #expect(ui.state.snapshot.settings.canMakePayments == false)
        ui.press(.down, .down, .down, .enter, .enter)
        guard case .settings(let opened) = ui.state.mode, let first = opened.choosingError else {
            Issue.record("the chooser did not open: \(ui.state.mode)"); return
        }
        let choices = FailureChoices(.purchase)
        #expect(choices.all[first] == nil, "with failures off it opens on off")
        ui.press(.char("G"))
        #expect(ui.screen.contains("20 overlayPresentedInBackgroundScene"))
        ui.press(.char("g"))
        for _ in 0..<6 { ui.press(.down) }
        ui.press(.enter)
        #expect(ui.state.snapshot.settings.failWith == .storeProductNotAvailable)
        #expect(ui.screen.contains("FAILING: storeProductNotAvailable"))
        ui.press(.enter)
        guard case .settings(let panel) = ui.state.mode, let highlighted = panel.choosingError else {
            Issue.record("the chooser did not open again: \(ui.state.mode)"); return
        }
        #expect(choices.all[highlighted] == .skError(.storeProductNotAvailable), "it opens on the current error")
        for _ in 0..<highlighted { ui.press(.up) }
        #expect(ui.screen.contains("off: purchases go through"))
        ui.press(.enter)
        #expect(ui.state.snapshot.settings.failWith == nil, "the first choice turns failures off")
        ui.press(.escape, .down, .down, .down, .down, .right)
        #expect(ui.state.snapshot.settings.storefront == "JPN")
        #expect(try ui.storage.load().settings.storefront == "JPN", "saved at once")
        ui.press(.escape)
        #expect(ui.screen.contains("Free quote 1"), "the storefront sets prices, not the language")
        ui.press(.char("s"), .down, .down, .down, .down, .down, .down, .down, .down, .right)
        #expect(ui.state.snapshot.settings.locale == "ja_JP")
        ui.press(.escape)
        #expect(ui.screen.contains("無料コンテンツ-1"))
    }

    @Test func resizeReflowsAndKeepsTheSelectionVisible() throws {
        let ui = try UITestHarness()
        ui.press(.char("G"))
        ui.press(.resize(width: 80, height: 24))
        let layout = Layout(width: 80, height: 24)
        #expect(ui.state.selection >= ui.state.scroll)
        #expect(ui.state.selection < ui.state.scroll + layout.list.height)
        #expect(ui.screen.contains("com.storefront.theme"))
        ui.press(.resize(width: 50, height: 10))
        #expect(ui.screen.contains("terminal too small (needs 70×20)"))
    }

    @Test func clicksSelectRowsAndPressButtons() throws {
        let ui = try UITestHarness()
        let layout = Layout(width: 100, height: 30)
        let target = try #require(ui.state.rows.firstIndex(of: .product("com.storefront.credits.5")))
        ui.press(.click(x: 5, y: layout.list.y + target - ui.state.scroll))
        #expect(ui.state.selection == target)
        ui.press(.click(x: 5, y: layout.list.y + target - ui.state.scroll))
        #expect(ui.state.mode == .sheet(ui.sheet("com.storefront.credits.5")))
        let dialog = try #require(DialogModel(ui.state))
        let cancel = Layout.buttons(dialog.buttons, in: dialog.box(in: layout))[0]
        ui.press(.click(x: cancel.x + 1, y: cancel.y))
        #expect(ui.state.mode == .store)
    }

    @Test func approvalFromAnotherProcessShowsOnTick() throws {
        let ui = try UITestHarness { $0.askToBuy = true }
        try ui.buy("10 Monkey Credits")
        let request = try #require(ui.state.snapshot.pendingApprovals.first)
        let lapse = try #require(request.lapseDate)
        #expect(ui.runtime.tickInterval == lapse.timeIntervalSince(ui.runtime.queue.now),
                "no polling: the loop sleeps until the request lapses, and another terminal's answer wakes it through the watcher")
        let id = request.id
        let parent = PaymentQueue(store: ui.store)
        try parent.approve(transactionID: id)
        ui.runtime.tick()
        #expect(ui.state.snapshot.credits == 10)
        #expect(ui.state.log.contains { $0.text.contains("\(id) purchased") })
        #expect(ui.runtime.tickInterval == Banner.duration, "the loop wakes once more, to take the banner away")
        ui.wait(seconds: Banner.duration)
        #expect(ui.runtime.tickInterval == nil, "idle again: the loop blocks")
    }

    @Test func quitFromTheStore() throws {
        let ui = try UITestHarness()
        ui.press(.char("?"))
        ui.press(.char("q"))
        #expect(!ui.runtime.shouldQuit, "q closes the overlay first")
        ui.press(.char("q"))
        #expect(ui.runtime.shouldQuit)
    }
}
