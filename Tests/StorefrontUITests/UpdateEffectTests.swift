import Foundation
import AppStoreCore
import Testing
@testable import StorefrontUI

/// `update` on its own: the states come from the real runtime, then one action is applied to
/// a copy and the mode and returned effects are checked before anything runs them.
@Suite struct UpdateEffectTests {
    private static let credits5 = "com.storefront.credits.5"
    private static let premium = "com.storefront.premium"

    private func selectable(_ state: AppState) -> [Int] {
        state.rows.indices.filter { state.rows[$0].isSelectable }
    }

    // MARK: Moving

    @Test func arrowsAndVimKeysVisitEverySelectableRowAndNoSection() throws {
        let ui = try UITestHarness()
        let expected = selectable(ui.state)
        for (down, up) in [(Key.down, Key.up), (.char("j"), .char("k"))] {
            var state = ui.state
            var visited = [state.selection]
            for _ in 0..<expected.count + 2 {
                #expect(update(&state, .key(down)) == [])
                if visited.last != state.selection { visited.append(state.selection) }
            }
            #expect(visited == expected, "\(down) visits the selectable rows in order, then stops")
            var back = [state.selection]
            for _ in 0..<expected.count + 2 {
                _ = update(&state, .key(up))
                if back.last != state.selection { back.append(state.selection) }
            }
            #expect(back == expected.reversed(), "\(up) retraces them")
        }
    }

    @Test func pageKeysAndEdgesScrollALongList() throws {
        let ui = try UITestHarness(width: 80, height: 24)
        var state = ui.state
        state.snapshot.premiumUnlocked = true
        let rows = selectable(state)
        let visible = Layout(width: 80, height: 24).list.height
        #expect(state.rows.count > visible, "the six premium items make the list scroll at 80×24")

        _ = update(&state, .key(.pageDown))
        #expect(state.selection == rows[visible - 1], "a page is one row less than the list's height")
        #expect(state.scroll > 0)
        #expect((state.scroll..<state.scroll + visible).contains(state.selection))
        _ = update(&state, .key(.pageUp))
        #expect(state.selection == rows[0])

        for end in [Key.end, .char("G")] {
            var bottom = state
            _ = update(&bottom, .key(end))
            #expect(bottom.selection == rows.last)
            #expect(bottom.scroll == bottom.rows.count - visible)
        }
        _ = update(&state, .key(.char("G")))
        for home in [Key.home, .char("g")] {
            var top = state
            _ = update(&top, .key(home))
            #expect(top.selection == rows[0])
            #expect(top.scroll == 0, "the Free content title shows again")
        }
    }

    @Test func scrollMarksShowWhereTheListContinues() throws {
        let ui = try UITestHarness(width: 80, height: 24)
        let list = Layout(width: 80, height: 24).list
        var buffer = render(ui.state)
        #expect(buffer[list.maxX, list.maxY - 1].symbol == "↓")
        #expect(buffer[list.maxX, list.y].symbol == "│", "nothing above the first row")
        ui.press(.char("G"))
        buffer = render(ui.state)
        #expect(buffer[list.maxX, list.y].symbol == "↑")
        #expect(buffer[list.maxX, list.maxY - 1].symbol == "│", "nothing below the last row")
    }

    @Test func keysWaitWhileTheTerminalIsTooSmall() throws {
        let ui = try UITestHarness()
        var state = ui.state
        _ = update(&state, .key(.resize(width: 60, height: 15)))
        var store = TestStore(state)
        store.send(.key(.char("j")))
        store.send(.key(.enter))
        store.send(.key(.char("r")))
        state = store.state
        _ = update(&state, .key(.resize(width: 100, height: 30)))
        store = TestStore(state)
        store.send(.key(.char("r")), effects: [.restore], "keys work again once it is big enough") { $0.mode = .restoring([]) }
    }

    // MARK: Opening rows

    @Test func enterOnAFreeItemOpensItsContent() throws {
        let ui = try UITestHarness()
        var store = TestStore(ui.state)
        guard case .content(let item, premium: false) = store.state.selectedRow else {
            Issue.record("the first row is not free content")
            return
        }
        store.send(.key(.enter)) { $0.mode = .content(ContentViewer(subject: .item(item))) }
        store.send(.key(.escape)) { $0.mode = .store }
    }

    @Test func enterOnThePremiumRowOpensTheSheet() throws {
        let ui = try UITestHarness()
        try ui.select("Premium content here")
        var entered = TestStore(ui.state)
        entered.send(.key(.enter)) { $0.mode = .sheet(ui.sheet(Self.premium)) }
        var spaced = TestStore(ui.state)
        spaced.send(.key(.char(" ")), "Space opens as Enter does") { $0.mode = .sheet(ui.sheet(Self.premium)) }
    }

    @Test func enterOnThePremiumRowWhenRestrictedShowsTheAlert() throws {
        let ui = try UITestHarness { $0.canMakePayments = false }
        try ui.select("Premium content here")
        var state = ui.state
        #expect(update(&state, .key(.enter)) == [])
        guard case .alert(let alert) = state.mode else { Issue.record("no alert: \(state.mode)"); return }
        #expect(alert.title == "In-App Purchases Restricted")
        #expect(alert.detail == "SKPaymentQueue.canMakePayments() == false")
        #expect(update(&state, .key(.enter)) == [])
        #expect(state.mode == .store)

        let japanese = try UITestHarness {
            $0.canMakePayments = false
            UITestHarness.useJapanese(&$0)
        }
        try japanese.select("Premium content here")
        var jp = japanese.state
        _ = update(&jp, .key(.enter))
        guard case .alert(let jpAlert) = jp.mode else { Issue.record("no alert: \(jp.mode)"); return }
        #expect(jpAlert.title == "App内の購入が不可")
        #expect(jpAlert.message.contains("[設定]>[スクリーンタイム]"))
    }

    @Test func enterOnThePremiumRowWhenSignedOutAsksToSignIn() throws {
        let ui = try UITestHarness { $0.account = nil }
        try ui.select("Premium content here")
        var state = ui.state
        #expect(update(&state, .key(.enter)) == [])
        guard case .alert(let alert) = state.mode else { Issue.record("no alert: \(state.mode)"); return }
        #expect(alert.kind == .signIn(productID: "com.storefront.premium", accounts: [Settings.defaultAccount], chosen: 0))
        #expect(alert.buttons == ["Cancel", "Sign In"])

        var cancelled = TestStore(state)
        cancelled.send(.key(.escape), effects: [.note("Sign In to the App Store cancelled: Premium Quotes not bought")],
                       "Esc is Cancel: nobody signs in, and the log says so") { $0.mode = .store }

        var expected = state.snapshot.settings
        expected.account = Settings().account
        var signIn = TestStore(state)
        signIn.send(.key(.enter), effects: [.saveSettings(expected, changedFrom: state.snapshot.settings),
                                            .note("Signed in to the App Store as \(expected.account ?? "")")],
                    "the purchase goes on once signed in") { $0.mode = .sheet(ui.sheet("com.storefront.premium")) }
    }

    @Test func enterOnThePremiumRowWithoutProductsLoadsThemAgain() throws {
        let ui = try UITestHarness { $0.network = false }
        try ui.select("Premium content here")
        #expect(ui.state.snapshot.productsError != nil)
        var store = TestStore(ui.state)
        store.send(.key(.enter), effects: [.loadProducts], "no sheet for a product the app could not load")
    }

    // MARK: The purchase sheet

    @Test func quantityStepsWithinOneToTenForConsumablesOnly() throws {
        let ui = try UITestHarness()
        try ui.select("5 Monkey Credits")
        ui.press(.enter)
        var state = ui.state
        func quantity() -> Int? {
            if case .sheet(let sheet) = state.mode { return sheet.quantity }
            return nil
        }
        _ = update(&state, .key(.char("-")))
        #expect(quantity() == 1, "never below 1")
        for expected in 2...10 {
            #expect(update(&state, .key(.char("+"))) == [])
            #expect(quantity() == expected)
        }
        _ = update(&state, .key(.char("+")))
        #expect(quantity() == 10, "never above the product's maximum")
        _ = update(&state, .key(.char("-")))
        #expect(quantity() == 9)

        ui.press(.escape)  // the runtime's sheet is still open: cancel it
        ui.wait()
        try ui.select("Premium content here")
        ui.press(.enter)
        state = ui.state
        _ = update(&state, .key(.char("+")))
        #expect(quantity() == 1, "a non-consumable is bought once")
        ui.press(.escape)
        ui.wait()
        try ui.select("One-Year Pass")
        ui.press(.enter)
        state = ui.state
        _ = update(&state, .key(.char("+")))
        #expect(quantity() == 1, "so is a subscription")
    }

    @Test func buyReturnsTheBuyEffectWithTheQuantity() throws {
        let ui = try UITestHarness()
        try ui.select("5 Monkey Credits")
        ui.press(.enter, .char("+"), .char("+"))
        var store = TestStore(ui.state)
        store.send(.key(.enter), effects: [.buy(productID: Self.credits5, quantity: 3)])
    }

    @Test func escapeInTheSheetCancelsSilently() throws {
        let ui = try UITestHarness()
        try ui.select("5 Monkey Credits")
        ui.press(.enter, .char("+"), .char("+"))
        var escaped = TestStore(ui.state)
        escaped.send(.key(.escape), effects: [.cancelPurchase(productID: Self.credits5, quantity: 3)]) { $0.mode = .store }

        var tabbed = TestStore(ui.state)
        var sheet = ui.sheet(Self.credits5)
        sheet.quantity = 3
        #expect(ui.state.mode == .sheet(sheet))
        tabbed.send(.key(.tab)) {
            sheet.focus = 0
            $0.mode = .sheet(sheet)
        }
        tabbed.send(.key(.enter), effects: [.cancelPurchase(productID: Self.credits5, quantity: 3)],
                    "the Cancel button does what Esc does") { $0.mode = .store }
    }

    /// The payment a Cancel makes refused by the app (already owned, one in progress): the
    /// user who cancelled is told nothing, whatever is in front.
    @Test func aCancelTheAppRefusedIsNoNews() throws {
        let ui = try UITestHarness()
        var store = TestStore(ui.state)
        store.receive(.cancelRefused(StoreError(.paymentNotAllowed)))
        try ui.select("5 Monkey Credits")
        ui.press(.enter)
        var sheet = TestStore(ui.state)
        sheet.receive(.cancelRefused(StoreError(.unknown)), "an open sheet stays as it is")
    }

    @Test func cancelAsksNothingOfTheStoreWhenRestrictedOrAlreadyWaiting() throws {
        let ui = try UITestHarness()
        try ui.select("5 Monkey Credits")
        ui.press(.enter)
        var restricted = ui.state
        restricted.snapshot.settings.canMakePayments = false
        var store = TestStore(restricted)
        store.send(.key(.escape), "no payment to cancel once restricted") { $0.mode = .store }

        // A sheet opened before the request it would merge into came in (from another terminal).
        let asking = try UITestHarness { $0.askToBuy = true }
        try asking.select("Premium content here")
        asking.buySelected()
        #expect(asking.state.snapshot.pendingApprovals.map(\.productID) == [Self.premium])
        var opened = asking.state
        opened.mode = .sheet(asking.sheet(Self.premium))
        var waiting = TestStore(opened)
        waiting.send(.key(.escape), "the request already waiting is not asked again") { $0.mode = .store }
    }

    @Test func keysWaitWhilePurchasing() throws {
        let ui = try UITestHarness()
        try ui.select("Premium content here")
        ui.press(.enter, .enter)
        var store = TestStore(ui.state)
        for key in [Key.escape, .enter, .char("+"), .tab, .char("q")] {
            store.send(.key(key), "the sheet stays until the store answers")
        }
    }

    @Test func theOutcomeDecidesWhatTheSheetBecomes() throws {
        let ui = try UITestHarness()
        try ui.select("10 Monkey Credits")
        ui.press(.enter, .enter)
        let purchasing = ui.state
        let transaction = try #require(ui.transactions.last)
        #expect(purchasing.mode == .sheet({
            var sheet = ui.sheet("com.storefront.credits.10")
            sheet.stage = .purchasing(transactionID: transaction.id)
            return sheet
        }()))

        func outcome(_ change: (inout Transaction) -> Void) -> Mode {
            var state = purchasing
            var t = transaction
            change(&t)
            #expect(update(&state, .event(.updated(t, redelivered: false), at: t.queueState.transactionDate)) == [])
            return state.mode
        }

        #expect(outcome { $0.queueState.state = .failed; $0.queueState.error = StoreError(.paymentCancelled) } == .store,
                "a cancellation shows nothing")
        guard case .alert(let failed) = outcome({ $0.queueState.state = .failed; $0.queueState.error = StoreError(.paymentInvalid) }) else {
            Issue.record("no failure alert")
            return
        }
        #expect(failed.kind == .failure)
        #expect(failed.detail == "SKErrorDomain code 3 (paymentInvalid)")
        guard case .alert(let deferred) = outcome({ $0.queueState.state = .deferred }) else { Issue.record("no Ask to Buy alert"); return }
        #expect(deferred.title == "Ask Permission — request sent")
        #expect(deferred.detail == "storefront approve \(transaction.id)", "the command on a line of its own")
        guard case .alert(let bought) = outcome({ $0.queueState.state = .purchased }) else { Issue.record("no success alert"); return }
        #expect(bought.title == "You're all set.")
        #expect(bought.message == "Your purchase was successful.")
        #expect(bought.detail == "10 Monkey Credits: +10 credits.")
        #expect(bought.buttons == ["OK"])
        guard case .sheet(let interrupted) = outcome({ $0.queueState.state = .failed; $0.queueState.error = .interrupted; $0.queueState.phase = .interrupted }),
              case .interrupted(transactionID: transaction.id) = interrupted.stage else {
            Issue.record("no interruption")
            return
        }
        #expect(outcome { $0 = $0.remade(id: "someone-else"); $0.queueState.state = .purchased } == purchasing.mode,
                "another transaction's update leaves the sheet alone")
    }

    @Test func theInterruptionSheetResolvesOrCloses() throws {
        let ui = try UITestHarness { $0.interrupted = true }
        try ui.select("One-Year Pass")
        ui.buySelected()
        guard case .sheet(let sheet) = ui.state.mode, case .interrupted(let id) = sheet.stage else {
            Issue.record("no interruption: \(ui.state.mode)")
            return
        }
        var agree = ui.state
        #expect(update(&agree, .key(.enter)) == [.resolve(transactionID: id)], "Agree is focused")
        var notNow = TestStore(ui.state)
        notNow.send(.key(.escape), "Not Now leaves it waiting, with no cancellation") { $0.mode = .store }
        #expect(notNow.state.snapshot.interruptions.map(\.id) == [id])
    }

    // MARK: Store keys and panels

    @Test func storeKeysAskTheRuntimeForEffects() throws {
        let ui = try UITestHarness()
        var restore = TestStore(ui.state)
        restore.send(.key(.char("r")), effects: [.restore]) { $0.mode = .restoring([]) }
        restore.send(.key(.escape), "a restore runs to its end")

        var retry = TestStore(ui.state)
        retry.send(.key(.char("R")), effects: [.loadProducts])

        var delete = ui.state
        #expect(update(&delete, .key(.char("D"))) == [])
        guard case .alert(let confirm) = delete.mode else { Issue.record("no confirmation"); return }
        #expect(confirm.kind == .confirmDelete)
        var safe = delete
        #expect(update(&safe, .key(.enter)) == [], "Cancel is focused, so Enter deletes nothing")
        #expect(safe.mode == .store)
        guard case .alert(var focused) = delete.mode else { return }
        var deleting = TestStore(delete)
        deleting.send(.key(.tab)) {
            focused.focus = 1
            $0.mode = .alert(focused)
        }
        deleting.send(.key(.enter), effects: [.deleteAppData]) { $0.mode = .store }

        for (key, mode, effects) in [(Key.char("s"), Mode.settings(SettingsPanel()), [Effect]()),
                                     (.char("a"), .approvals(ApprovalsPanel()), []),
                                     (.char("l"), .log(scroll: 0), [.loadLog]),  // its page read, not polled
                                     (.char("?"), .help(scroll: 0), [])] {
            var store = TestStore(ui.state)
            store.send(.key(key), effects: effects) { $0.mode = mode }
            store.send(.key(.escape), "Esc closes \(mode)") { $0.mode = .store }
        }
    }

    @Test func theCreditsViewerSpendsOnlyFromItsButton() throws {
        let ui = try UITestHarness()
        try ui.buy("5 Monkey Credits")
        try ui.select("Your credits")
        ui.press(.enter)
        var spend = TestStore(ui.state)
        spend.send(.key(.enter), effects: [.spendCredit], "Spend 1 is focused; the viewer stays open to spend again") {
            $0.mode = ui.state.mode.withCreditsFocus(1)
        }
        var close = TestStore(ui.state)
        close.send(.key(.tab)) { $0.mode = ui.state.mode.withCreditsFocus(0) }
        close.send(.key(.enter), "Close spends nothing") { $0.mode = .store }
        var escaped = TestStore(ui.state)
        escaped.send(.key(.escape)) { $0.mode = .store }
    }

    @Test func settingsPanelSavesEachChange() throws {
        let ui = try UITestHarness()
        ui.press(.char("s"))
        let original = ui.state.snapshot.settings
        var expected = original
        expected.canMakePayments = false
        var store = TestStore(ui.state)
        store.send(.key(.enter), effects: [.saveSettings(expected, changedFrom: original)], "the panel waits for the store's answer")
        var state = ui.state

        state = ui.state
        state.snapshot.settings.latencyMilliseconds = 1500
        for _ in 0..<SettingRow.latency.rawValue { _ = update(&state, .key(.down)) }
        var right = state
        var left = state
        expected = state.snapshot.settings
        expected.latencyMilliseconds = 2000
        #expect(update(&right, .key(.right)) == [.saveSettings(expected, changedFrom: state.snapshot.settings)])
        expected.latencyMilliseconds = 1000
        #expect(update(&left, .key(.left)) == [.saveSettings(expected, changedFrom: state.snapshot.settings)])

        state = ui.state
        for _ in 0..<SettingRow.apiErrors.rawValue { _ = update(&state, .key(.char("j"))) }
        #expect(update(&state, .key(.enter)) == [], "the StoreKit errors row opens the list of APIs")
        #expect(update(&state, .key(.enter)) == [], "turning failures on first asks which error")
        guard case .settings(let choosing) = state.mode else { Issue.record("panel closed"); return }
        #expect(choosing.choosingError == 0, "it opens on the current value, off")
        var backedOut = state
        #expect(update(&backedOut, .key(.escape)) == [])
        guard case .settings(let panel) = backedOut.mode else { Issue.record("Esc closed the panel"); return }
        #expect(panel.choosingError == nil && panel.api != nil, "back to the list of APIs")
        for _ in 0..<4 { _ = update(&state, .key(.down)) }
        expected = original
        expected.failWith = .paymentInvalid
        #expect(update(&state, .key(.enter)) == [.saveSettings(expected, changedFrom: original)])
    }

    // MARK: The engine's answers

    @Test func anotherStorefrontOrLocaleAsksForTheProductsAgain() throws {
        let ui = try UITestHarness()
        var store = TestStore(ui.state)
        var snapshot = ui.state.snapshot
        snapshot.settings.storefront = "JPN"
        store.receive(.storeChanged(snapshot), effects: [.reloadProducts]) { $0.snapshot = snapshot }
        snapshot.settings.locale = "ja_JP"
        store.receive(.storeChanged(snapshot), effects: [.reloadProducts]) { $0.snapshot = snapshot }
        snapshot.settings.network = false
        snapshot.settings.askToBuy = true
        store.receive(.storeChanged(snapshot), "the network going down asks for nothing") { $0.snapshot = snapshot }
    }

    @Test func aRestoreRefusedBeforeItStartsIsAFailedRestore() throws {
        let ui = try UITestHarness()
        var restoring = ui.state
        restoring.mode = .restoring([])
        var failed = restoring
        _ = update(&failed, .event(.restoreFailed(StoreError(.unknown)), at: ui.state.now))
        #expect(failed.mode != restoring.mode, "the restore's outcome closes it")
        var store = TestStore(restoring)
        store.receive(.restoreRefused(StoreError(.unknown), at: ui.state.now)) { $0 = failed }
    }

    @Test func aRefusedRefundRequestIsToldAsStoreKitsError() throws {
        let ui = try UITestHarness()
        var store = TestStore(ui.state)
        store.receive(.refundRequestRefused(.queue(.refundAlreadyRequested("1")))) {
            $0.mode = .alert($0.failure($0.strings.refunds.cannotRequestTitle, .refundRequestError(.duplicateRequest)))
        }
        store = TestStore(ui.state)
        store.receive(.refundRequestRefused(.queue(.alreadyRefunded("1"))), "any other refusal: failed") {
            $0.mode = .alert($0.failure($0.strings.refunds.cannotRequestTitle, .refundRequestError(.failed)))
        }
        guard case .alert(let failed) = store.state.mode else { Issue.record("no alert"); return }
        #expect(failed.detail != ui.state.failure("", .refundRequestError(.duplicateRequest)).detail)
    }

    @Test func approvalsPanelApprovesDeclinesAndResolves() throws {
        let ui = try UITestHarness { $0.askToBuy = true }
        try ui.select("10 Monkey Credits")
        ui.buySelected()
        ui.press(.enter, .char("a"))
        let id = try #require(ui.state.snapshot.pendingApprovals.first?.id)
        guard case .approvals(var panel) = ui.state.mode else { Issue.record("no panel: \(ui.state.mode)"); return }
        var approve = TestStore(ui.state)
        approve.send(.key(.enter), effects: [.approve(transactionID: id)])
        var decline = TestStore(ui.state)
        decline.send(.key(.tab)) {
            panel.focus = 1
            $0.mode = .approvals(panel)
        }
        decline.send(.key(.enter), effects: [.decline(transactionID: id)])

        let interrupted = try UITestHarness { $0.interrupted = true }
        try interrupted.select("One-Year Pass")
        interrupted.buySelected()
        interrupted.press(.escape, .char("a"))
        let waiting = try #require(interrupted.state.snapshot.interruptions.first?.id)
        var resolve = TestStore(interrupted.state)
        resolve.send(.key(.enter), effects: [.resolve(transactionID: waiting)])
    }
}

private extension Mode {
    func withCreditsFocus(_ focus: Int) -> Mode {
        guard case .content(var viewer) = self else { return self }
        viewer.focus = focus
        return .content(viewer)
    }
}
