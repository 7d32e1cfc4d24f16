import CatalogFiles
import Foundation
import SampleApp
import AppStoreCore
import StoreKitSim
import Testing
@testable import StorefrontUI

/// The Transaction Manager (t): every account's transactions newest first, filtered by account
/// and product, page after page, and the actions the store can take on the selected one.
@Suite struct TransactionManagerTests {
    static let pro = "com.storefront.pro.monthly"
    static let kid = "kid@example.com"

    private func panel(_ ui: UITestHarness) throws -> TransactionManagerPanel {
        guard case .transactions(let panel) = ui.state.mode else { throw HarnessError("not in the Transaction Manager: \(ui.screen)") }
        return panel
    }

    /// `count` more transactions like `t` after it (ids 2000000000…), as another process adds them.
    private func copies(of t: Transaction, count: Int, into ui: UITestHarness) throws {
        try ui.storage.update { records in
            for n in 0..<count {
                records.transactions.append(t.remade(id: String(2_000_000_000 + n)))
            }
        }
        ui.runtime.tick()
    }

    /// Two accounts' purchases: the default account's credits and Pro Monthly, the kid's premium.
    private func twoAccounts(_ ui: UITestHarness) throws {
        try ui.buy("5 Monkey Credits")
        try ui.buy("Pro Monthly")
        try ui.changeSettings { $0.account = Self.kid }
        try ui.buy("Premium content")
        try ui.changeSettings { $0.account = Settings.defaultAccount }
    }

    @Test(arguments: [false, true])
    func everyAccountsTransactionsNewestFirstWithTheSelectedOnesFacts(japanese: Bool) throws {
        let ui = try UITestHarness { if japanese { UITestHarness.useJapanese(&$0) } }
        try twoAccounts(ui)
        ui.press(.char("t"))
        let words = ui.state.strings.manager
        let rows = try panel(ui).rows
        #expect(rows.map(\.account) == [Self.kid, Settings.defaultAccount, Settings.defaultAccount], "newest first")
        #expect(rows.map(\.productID) == ["com.storefront.premium", Self.pro, "com.storefront.credits.5"])
        #expect(ui.screen.contains(words.title) && ui.screen.contains(words.count(3, false)), "\(ui.screen)")
        #expect(ui.screen.contains(Self.kid) && ui.screen.contains(ui.state.title(of: "com.storefront.premium")), "\(ui.screen)")
        // The selected one's facts: its account and product, when and where it was bought, for how much.
        let premium = rows[0]
        #expect(ui.screen.contains("\(Self.kid) · \(ui.state.title(of: premium.productID)) (\(premium.productID))"), "\(ui.screen)")
        #expect(ui.screen.contains(words.purchased(ui.state.times.dateTime(try #require(premium.purchaseDate)))), "\(ui.screen)")
        let price = try #require(premium.priceText(locale: ui.state.locale))
        #expect(ui.screen.contains(words.paid(price, ui.state.storefront.id)), "\(ui.screen)")
        // The currency once: the formatted price names it ("¥480", "$2.99"), no code after it.
        let currency = try #require(premium.currency)
        #expect(!ui.screen.split(separator: "\n").contains { $0.contains(price) && $0.contains(currency) }, "\(ui.screen)")
        ui.press(.escape)
        #expect(ui.state.mode == .store)
    }

    @Test func aAndPNarrowTheListToAnAccountThenAProduct() throws {
        let ui = try UITestHarness()
        try twoAccounts(ui)
        ui.press(.char("t"))
        // Accounts in the order last used: the kid's first.
        ui.press(.char("a"))
        #expect(try panel(ui).account == Self.kid && panel(ui).rows.map(\.productID) == ["com.storefront.premium"])
        #expect(ui.screen.contains(ui.state.strings.manager.accountFilter(Self.kid)), "\(ui.screen)")
        ui.press(.char("a"))
        #expect(try panel(ui).rows.allSatisfy { $0.account == Settings.defaultAccount } && panel(ui).rows.count == 2)
        ui.press(.char("a"))
        #expect(try panel(ui).account == nil && panel(ui).rows.count == 3, "round to every account")
        ui.press(.char("p"))
        let first = try #require(ui.state.catalog.products.first?.id)
        #expect(try panel(ui).productID == first && panel(ui).rows.allSatisfy { $0.productID == first })
        if try panel(ui).rows.isEmpty { #expect(ui.screen.contains(ui.state.strings.manager.noneMatching), "\(ui.screen)") }
    }

    @Test func expiringASubscriptionFromItsTransactionUpdatesTheStatusTheRowsAndTheLog() throws {
        let ui = try UITestHarness()
        try ui.buy("Pro Monthly")
        ui.press(.char("t"), .enter)
        let words = ui.state.strings.manager
        #expect(ui.screen.contains(words.expire) && ui.screen.contains(words.renew) && ui.screen.contains(words.autoRenewOff), "\(ui.screen)")
        // Expire is the second (Resolve billing issue is not offered: nothing fails).
        #expect(!ui.screen.contains(words.fixBilling))
        ui.press(.enter)
        #expect(ui.state.snapshot.subscription(inGroup: "pro")?.state == .expired)
        #expect(ui.state.log.contains { $0.text.contains("expired") }, "\(ui.state.log.map(\.text))")
        // Still in the panel, read again: nothing more applies to the expired subscription; the
        // history's actions remain.
        ui.press(.enter)
        #expect(!ui.screen.contains(words.expire) && ui.screen.contains(words.refund), "\(ui.screen)")
    }

    @Test func anotherAccountsSubscriptionSaysWhoseItIs() throws {
        let ui = try UITestHarness()
        try ui.changeSettings { $0.account = Self.kid }
        try ui.buy("Pro Monthly")
        try ui.changeSettings { $0.account = Settings.defaultAccount }
        ui.press(.char("t"), .enter)
        // Only the history's actions: the subscription is acted on by its own account.
        let words = ui.state.strings.manager
        #expect(ui.screen.contains(words.refund) && !ui.screen.contains(words.expire), "\(ui.screen)")
        #expect(ui.state.otherAccountsSubscription(try #require(try panel(ui).selected)) == Self.kid)
    }

    @Test func anAskToBuyRequestIsApprovedFromThePanel() throws {
        let ui = try UITestHarness { $0.askToBuy = true }
        try ui.buy("10 Monkey Credits")
        ui.press(.char("t"))
        #expect(ui.screen.contains(ui.state.strings.manager.waitingApproval), "\(ui.screen)")
        ui.press(.enter, .enter)
        ui.wait()
        #expect(ui.state.snapshot.credits == 10, "approved and delivered")
    }

    @Test(arguments: [false, true])
    func bBuysAProductOutsideTheAppAndTheAppHearsOfItLive(japanese: Bool) throws {
        let ui = try UITestHarness { if japanese { UITestHarness.useJapanese(&$0) } }
        ui.press(.char("t"))
        let words = ui.state.strings.manager
        #expect(ui.screen.contains(words.none), "\(ui.screen)")
        ui.press(.char("b"))
        #expect(ui.screen.contains(words.buyOutsideTitle) && ui.screen.contains(Settings.defaultAccount), "\(ui.screen)")
        let premium = try #require(ui.state.snapshot.product("com.storefront.premium"))
        #expect(ui.screen.contains(premium.localizedTitle) && ui.screen.contains(premium.formattedPrice), "\(ui.screen)")
        // Down to 10 Monkey Credits, the third product.
        ui.press(.down, .down, .enter)
        #expect(ui.state.snapshot.credits == 10, "delivered at once")
        let rows = try panel(ui).rows
        #expect(rows.map(\.productID) == ["com.storefront.credits.10"] && rows.first?.reason == .outsideApp && rows.first?.queueState.finished == true)
        #expect(ui.screen.contains(words.reason(.outsideApp)), "\(ui.screen)")
        #expect(ui.state.banner?.text == ui.state.strings.log.boughtOutside(ui.state.title(of: "com.storefront.credits.10")) + ui.state.strings.log.thenDelivered)
        // Esc closes the list and buys nothing.
        ui.press(.char("b"), .escape)
        #expect(try panel(ui).overlay == nil && panel(ui).rows.count == 1)
    }

    /// The app made no purchase: the store's refusal is told over the manager, which stays
    /// open. Failed before: an alert in its place.
    @Test func buyingOutsideWhatTheAccountOwnsIsRefusedInABannerOverTheManager() throws {
        let ui = try UITestHarness()
        try ui.buy("Premium content")
        ui.press(.char("t"), .char("b"), .enter)
        #expect(!ui.screen.contains(ui.state.strings.alerts.cannotAnswerTitle), "\(ui.screen)")
        guard case .transactions = ui.state.mode else { Issue.record("left the manager: \(ui.screen)"); return }
        let title = ui.state.title(of: "com.storefront.premium")
        #expect(ui.state.banner?.text.hasPrefix(ui.state.strings.manager.notBoughtOutside(title, "")) == true, "\(String(describing: ui.state.banner))")
        #expect(ui.screen.contains(ui.state.strings.manager.notBoughtOutside(title, "")), "\(ui.screen)")
    }

    @Test func aPriceIncreaseIsTypedThenAsked() throws {
        let ui = try UITestHarness()
        try ui.buy("Pro Monthly")
        ui.press(.char("t"), .enter, .end)
        // Down to the subscription's last action: Request price increase consent.
        for _ in 0..<3 { ui.press(.down) }
        ui.press(.enter)
        #expect(ui.screen.contains(ui.state.strings.manager.newPrice(ui.state.title(of: Self.pro), "USD, USA")), "\(ui.screen)")
        for _ in 0..<4 { ui.press(.backspace) }
        ui.type("6.99x")
        #expect(ui.screen.contains("6.99▏"), "letters are not typed: \(ui.screen)")
        ui.press(.enter)
        let status = try #require(ui.state.snapshot.subscription(inGroup: "pro"))
        #expect(status.priceIncreaseStatus == .pending)
        #expect(ui.state.snapshot.consentPrices[Self.pro] == Decimal(string: "6.99"))
    }

    /// The price field opens on the price now, selected: typing replaces it, as a text field
    /// does, rather than adding to it ("4.99" then "5.49" is 5.49, not 4.995.49).
    @Test func thePriceFieldOpensSelectedAndTypingReplacesIt() throws {
        let ui = try UITestHarness()
        try ui.buy("Pro Monthly")
        ui.press(.char("t"), .enter, .end)
        for _ in 0..<3 { ui.press(.down) }
        ui.press(.enter)
        #expect(ui.screen.contains("4.99▏"), "opens on the price now: \(ui.screen)")
        ui.type("5.49")
        #expect(ui.screen.contains("5.49▏") && !ui.screen.contains("4.99"), "\(ui.screen)")
        ui.press(.enter)
        #expect(ui.state.snapshot.consentPrices[Self.pro] == Decimal(string: "5.49"))
    }

    @Test func aBackspaceClearsTheSelectedPrice() throws {
        let ui = try UITestHarness()
        try ui.buy("Pro Monthly")
        ui.press(.char("t"), .enter, .end)
        for _ in 0..<3 { ui.press(.down) }
        ui.press(.enter, .backspace)
        #expect(!ui.screen.contains("4.99") && !ui.screen.contains("4.9▏"), "the whole selected price goes: \(ui.screen)")
        ui.type("7")
        #expect(ui.screen.contains(" 7▏"), "\(ui.screen)")
    }

    @Test func pagesFollowAsTheSelectionNearsTheEnd() throws {
        let ui = try UITestHarness()
        try ui.buy("5 Monkey Credits")
        let bought = try #require(ui.transactions.first)
        // 450 more of the history, as years of use leave it.
        try copies(of: bought, count: 450, into: ui)
        ui.press(.char("t"))
        #expect(try panel(ui).rows.count == TransactionManagerPanel.page && panel(ui).hasMore)
        #expect(try panel(ui).rows.first?.id == "2000000449")
        ui.press(.end)
        #expect(try panel(ui).rows.count == 2 * TransactionManagerPanel.page, "the next page came")
        ui.press(.end, .end)
        #expect(try panel(ui).rows.count == 451 && !panel(ui).hasMore)
        #expect(try panel(ui).selected?.id == bought.id, "the oldest last")
        // A change to the store (here from elsewhere) reads it again: the new one on top, what
        // was loaded kept, the selection on the same transaction.
        try ui.storage.update { records in
            records.transactions.append(bought.remade(id: "3000000000"))
        }
        ui.runtime.tick()
        #expect(try panel(ui).rows.first?.id == "3000000000" && panel(ui).rows.count == 452)
        #expect(try panel(ui).selected?.id == bought.id)
    }

    /// In grace the store renews nothing by force; cancelled, it retries no more: neither is offered.
    @Test func billingRetryOffersWhatTheStoreAllows() throws {
        let ui = try UITestHarness { $0.billingRetry = true; $0.gracePeriod = .sixteenDays }
        try ui.buy("Pro Monthly")
        ui.wait(seconds: 8 * 86_400)
        #expect(ui.state.snapshot.subscription(inGroup: "pro")?.state == .inGracePeriod)
        // The Billing Problem message came first: not now.
        if case .alert = ui.state.mode { ui.press(.escape) }
        ui.press(.char("t"))
        let t = try #require(try panel(ui).rows.first { $0.productID == Self.pro })
        let id = Self.pro
        let plan = try #require(ui.state.snapshot.subscription(inGroup: "pro")?.originalTransactionID)
        // Its period (the free week) has ended: no time of it is left to refund in part.
        let history: [TransactionAction] = [.operation(.refund(transactionID: t.id, Refund())),
                                            .operation(.deleteTransaction(transactionID: t.id)), .clearPurchaseHistory]
        #expect(ui.state.actions(for: t) == [.operation(.fixBilling(originalTransactionID: plan)),
                                             .operation(.expire(originalTransactionID: plan)),
                                             .operation(.autoRenew(originalTransactionID: plan, on: false)),
                                             .requestPriceIncrease(productID: id)] + history)
        _ = try ui.runtime.queue.hearing { try StoreAdmin(store: ui.runtime.queue.store).setAutoRenew(id, on: false, account: try ui.runtime.queue.store.settings().account) }
        ui.runtime.tick()
        #expect(ui.state.actions(for: t) == [.operation(.expire(originalTransactionID: plan)),
                                             .operation(.autoRenew(originalTransactionID: plan, on: true)),
                                             .requestPriceIncrease(productID: id)] + history)
    }

    /// A subscription bought through an interrupted purchase: its resolution is the status's
    /// first purchase, and offers the subscription's actions.
    @Test func theResolutionOfAnInterruptedSubscriptionOffersItsActions() throws {
        let ui = try UITestHarness { $0.interrupted = true }
        try ui.select("Pro Monthly")
        ui.buySelected()
        ui.press(.enter)
        ui.wait()
        ui.press(.enter)
        let status = try #require(ui.state.snapshot.subscription(inGroup: "pro"))
        ui.press(.char("t"))
        let resolution = try #require(try panel(ui).rows.first { $0.id == status.originalTransactionID })
        #expect(ui.state.actions(for: resolution).contains(.operation(.expire(originalTransactionID: status.originalTransactionID))), "\(ui.screen)")
    }

    /// A page that cannot be read stops the waiting; the next tick reads again, though the
    /// store did not change. The full log does the same.
    @Test func tAsksForTheFirstPageAndItsAnswerFillsThePanel() throws {
        let ui = try UITestHarness()
        try ui.buy("5 Monkey Credits")
        let bought = try #require(ui.transactions.last)
        var panel = TransactionManagerPanel()
        panel.version = ui.state.snapshot.storeVersion
        var store = TestStore(ui.state)
        store.send(.key(.char("t")), effects: [.loadTransactions(panel.firstPage)]) { $0.mode = .transactions(panel) }

        let page = TransactionPage(transactions: [bought], hasMore: false)
        var otherFilter = panel.firstPage
        otherFilter.account = Self.kid
        store.receive(.transactionsLoaded(otherFilter, page), "a page asked for under other filters is dropped")
        store.receive(.transactionsLoaded(panel.firstPage, page)) {
            panel.rows = [bought]
            panel.isLoading = false
            panel.selectedID = bought.id
            $0.mode = .transactions(panel)
        }
        store.receive(.transactionsUnreadable(panel.firstPage), "the next change reads it again") {
            panel.version = nil
            $0.mode = .transactions(panel)
        }
    }

    @Test func aPageThatCouldNotBeReadIsReadAtTheNextTick() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-tm-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let storage = FlakyStorage(InMemoryStorage())
        let store = AppStore(catalog: try CatalogLoader.defaultCatalog(), storage: storage, wallClock: ManualClock())
        let defaults = try UserDefaultsFile(url: directory.appendingPathComponent("UserDefaults.json"))
        let runtime = try StorefrontRuntime(store: store, appDescription: .builtIn, defaults: defaults, width: 100, height: 30,
                                            times: TimeDisplay(timeZone: TimeZone(identifier: "UTC")!))
        _ = try runtime.app.purchase(Payment(productID: "com.storefront.credits.5"))
        runtime.tick()
        storage.failingPages = true
        runtime.send(.char("t"))
        guard case .transactions(let failed) = runtime.state.mode else { Issue.record("no panel"); return }
        #expect(!failed.isLoading && failed.rows.isEmpty)
        storage.failingPages = false
        runtime.tick()
        guard case .transactions(let read) = runtime.state.mode else { Issue.record("no panel"); return }
        #expect(read.rows.count == 1)

        runtime.send(.escape)
        storage.failingPages = true
        runtime.send(.char("l"))
        #expect(runtime.state.logPage.transactions.isEmpty)
        storage.failingPages = false
        runtime.tick()
        #expect(runtime.state.logPage.transactions.count == 1)
    }

    @Test func resizingKeepsTheSelectedRowInView() throws {
        let ui = try UITestHarness()
        try ui.buy("5 Monkey Credits")
        let bought = try #require(ui.transactions.first)
        try copies(of: bought, count: 40, into: ui)
        ui.press(.char("t"), .end)
        ui.runtime.send(.resize(width: 70, height: 20))
        let p = try panel(ui)
        let capacity = TransactionManagerView.Geometry(ui.state, layout: Layout(width: 70, height: 20)).capacity
        #expect(p.selection >= p.scroll && p.selection < p.scroll + capacity, "selection \(p.selection), scroll \(p.scroll)")
        #expect(ui.screen.contains(bought.id), "\(ui.screen)")
    }

    // MARK: The history

    @Test func aRefundFromThePanelLocksPremiumAgainAndTheRowSaysRefunded() throws {
        let ui = try UITestHarness()
        try ui.buy("Premium content")
        ui.press(.char("t"))
        let t = try #require(try panel(ui).selected)
        #expect(ui.state.actions(for: t) == [.operation(.refund(transactionID: t.id, Refund())),
                                             .operation(.refund(transactionID: t.id, .prorated(50))),
                                             .operation(.deleteTransaction(transactionID: t.id)), .clearPurchaseHistory])
        ui.press(.enter, .enter)
        ui.wait()
        #expect(!ui.state.snapshot.premiumUnlocked, "\(ui.screen)")
        #expect(ui.screen.contains("refunded 20"), "the row's status, in the list's casing:\n\(ui.screen)")
        #expect(ui.state.log.contains { $0.text.contains("premium items locked again") }, "\(ui.state.log.map(\.text))")
        // Refunded: only the deletion and the clearing are left.
        let refunded = try #require(try panel(ui).selected)
        #expect(ui.state.actions(for: refunded) == [.operation(.deleteTransaction(transactionID: t.id)), .clearPurchaseHistory])
    }

    /// As in Xcode's Transaction Manager, a transaction the app has not finished is refunded
    /// and deleted as any other: the app took back what it delivered, and the deletion takes it
    /// out of the queue.
    @Test func aTransactionTheAppHasNotFinishedIsRefundedAndDeletedFromThePanel() throws {
        let ui = try UITestHarness { $0.finishTransactions = false }
        try ui.buy("Premium content")
        ui.press(.char("t"))
        let t = try #require(try panel(ui).selected)
        #expect(!t.queueState.finished)
        #expect(ui.state.actions(for: t) == [.operation(.refund(transactionID: t.id, Refund())),
                                             .operation(.refund(transactionID: t.id, .prorated(50))),
                                             .operation(.deleteTransaction(transactionID: t.id)), .clearPurchaseHistory])
        ui.press(.enter, .enter)
        ui.wait()
        #expect(!ui.state.snapshot.premiumUnlocked, "\(ui.screen)")
        let refunded = try #require(try panel(ui).selected)
        #expect(refunded.isRevoked && !refunded.queueState.finished, "\(ui.screen)")
        #expect(ui.state.actions(for: refunded) == [.operation(.deleteTransaction(transactionID: t.id)), .clearPurchaseHistory])
        ui.press(.enter, .enter)
        ui.wait()
        #expect(ui.transactions.isEmpty && ui.runtime.queue.transactions.isEmpty, "\(ui.screen)")
    }

    /// A subscription's period is refunded in part by the time left in it: the action says so,
    /// and how much, as the store applies it (two decimals at most); any other purchase by the half chosen.
    @Test(arguments: [false, true])
    func theProratedRefundSaysWhichItApplies(japanese: Bool) throws {
        let ui = try UITestHarness { if japanese { UITestHarness.useJapanese(&$0) } }
        try ui.buy("Premium content")
        // A paid period (a free trial's has nothing to refund in part).
        try ui.buy("Lite Monthly")
        ui.wait(seconds: 2 * 86_400)
        ui.press(.char("t"), .enter)
        let words = ui.state.strings.manager
        let t = try #require(try panel(ui).selected)
        #expect(t.productID == "com.storefront.lite.monthly" && t.price != 0)
        let left = Refund.percentText(try t.timeLeftPercentage(at: ui.state.now))
        #expect(left != "50%" && ui.screen.contains(words.refundProratedTimeLeft(left)), "\(ui.screen)")
        ui.press(.escape, .down, .enter)
        #expect(try panel(ui).selected?.productID == "com.storefront.premium")
        #expect(ui.screen.contains(words.refundProrated("50%")) && !ui.screen.contains(words.refundProratedTimeLeft("50%")), "\(ui.screen)")
    }

    @Test func aConsumableIsOfferedAFullRefundOnly() throws {
        let ui = try UITestHarness()
        try ui.buy("5 Monkey Credits")
        ui.press(.char("t"))
        let t = try #require(try panel(ui).selected)
        #expect(!ui.state.actions(for: t).contains(.operation(.refund(transactionID: t.id, .prorated(50)))))
    }

    @Test func clearingThePurchaseHistoryAsksFirst() throws {
        let ui = try UITestHarness()
        try ui.buy("5 Monkey Credits")
        ui.press(.char("t"), .enter, .down, .down)  // Refund, Delete transaction, Clear purchase history…
        ui.press(.enter)
        let words = ui.state.strings.manager
        #expect(ui.screen.contains(words.clearHistoryHint), "\(ui.screen)")
        ui.press(.escape)
        #expect(try panel(ui).rows.count == 1, "kept")
        ui.press(.enter, .down, .down, .enter, .enter)
        ui.wait()
        #expect(try panel(ui).rows.isEmpty, "\(ui.screen)")
    }
}
