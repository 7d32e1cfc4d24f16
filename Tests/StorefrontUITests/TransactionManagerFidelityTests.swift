import Foundation
import SampleApp
import AppStoreCore
import StoreKitSim
import Wording
import Testing
@testable import StorefrontUI

/// The Transaction Manager says what its actions did to the product they did it to, in the
/// banners' one style, and each row and its facts tell where that transaction stands.
@Suite struct TransactionManagerFidelityTests {
    static let pro = "com.storefront.pro.monthly"
    static let lite = "com.storefront.lite.monthly"
    static let yearly = "com.storefront.pro.yearly"
    static let premium = "com.storefront.premium"

    private func panel(_ ui: UITestHarness) throws -> TransactionManagerPanel {
        guard case .transactions(let panel) = ui.state.mode else { throw HarnessError("not in the Transaction Manager: \(ui.screen)") }
        return panel
    }

    /// Moves the selection down to the first row whose transaction matches.
    private func selectRow(_ ui: UITestHarness, _ matches: (Transaction) -> Bool) throws {
        ui.press(.home)
        for _ in 0..<30 {
            if let t = try panel(ui).selected, matches(t) { return }
            ui.press(.down)
        }
        throw HarnessError("no such row: \(ui.screen)")
    }

    /// Opens the selected row's actions and carries out `action`.
    private func choose(_ ui: UITestHarness, _ action: TransactionAction) throws {
        ui.press(.enter)
        for _ in 0..<15 {
            if case .actions(let focus)? = try panel(ui).overlay, focus == action { ui.press(.enter); return }
            ui.press(.down)
        }
        throw HarnessError("no action \(action): \(ui.screen)")
    }

    private func lines(_ ui: UITestHarness) -> [String] { ui.screen.components(separatedBy: "\n") }

    /// Pro Monthly, then Lite Monthly at the renewal: a price increase asked from the manager
    /// is of the plan it renews to, and the prompt, the store, the log and the banner name it.
    @Test(arguments: [false, true])
    func aPriceIncreaseNamesThePlanItRenewsToThroughout(japanese: Bool) throws {
        let ui = try UITestHarness { if japanese { UITestHarness.useJapanese(&$0) } }
        try ui.buy("Pro Monthly")
        try ui.buy("Lite Monthly")
        let status = try #require(ui.state.snapshot.subscriptions.first { $0.groupID == "pro" })
        try #require(status.productID == Self.pro && status.autoRenewProductID == Self.lite, "downgraded at the renewal")
        ui.press(.char("t"))
        try selectRow(ui) { $0.id == status.originalTransactionID }
        try choose(ui, .requestPriceIncrease(productID: Self.lite))
        let liteTitle = ui.state.title(of: Self.lite)
        #expect(ui.screen.contains(liteTitle), "\(ui.screen)")
        ui.type("9999")
        ui.press(.enter)
        // The banner names the new price and the renewal it starts at (it read "Price increase: Lite Monthly").
        let day = ui.state.localDate(status.expiresDate)
        let banner = try #require(ui.state.banner?.text)
        #expect(banner.hasPrefix("✓") && banner.contains(liteTitle) && banner.contains("9,999") && banner.contains(day), "\(banner)")
        #expect(!banner.contains(ui.state.title(of: Self.pro)), "\(banner)")
        #expect(ui.screen.contains(day), "\(ui.screen)")
        let events = try ui.store.storage.events(after: 0, limit: 500).filter { $0.kind == .priceIncreasePending }
        #expect(events.map(\.productID) == [Self.lite])
    }

    /// Lite Monthly, a month on, its first period refunded: unfolded, the original purchase's
    /// row says it was refunded, and its facts say how and why.
    @Test(arguments: [false, true])
    func anUnfoldedGroupsFirstRowShowsItsOwnRefund(japanese: Bool) throws {
        let ui = try UITestHarness { if japanese { UITestHarness.useJapanese(&$0) } }
        try ui.buy("Lite Monthly")
        try PaymentQueue(store: ui.store).advance(by: try #require(StoreDuration("1mo")))
        ui.runtime.tick()
        let original = try #require(ui.transactions.first { $0.productID == Self.lite })
        try StoreAdmin(store: ui.store).perform(.refund(transactionID: original.id, Refund()), account: ui.state.snapshot.settings.account)
        ui.runtime.tick()
        let refunded = try #require(ui.transactions.first { $0.id == original.id }?.revocationDate)
        ui.press(.char("t"))
        try selectRow(ui) { $0.id == original.id }
        let words = ui.state.strings.manager
        let day = ui.state.times.day(refunded)
        let folded = try #require(lines(ui).first { $0.contains(original.id) })
        #expect(!folded.contains(words.refundedOn(day)), "folded, the group reads as its newest period\n\(ui.screen)")
        ui.press(.right)
        let row = try #require(lines(ui).first { $0.contains(original.id) })
        #expect(row.contains("▾") && row.contains(words.refundedOn(day)), "\(ui.screen)")
        let news = ui.state.strings.messages
        #expect(ui.screen.contains(words.refundedBecause(day, news.refundFull, news.reasonOther)), "\(ui.screen)")
    }

    /// A family member's copy, taken back when the purchaser stops sharing it, reads `revoked`
    /// as the docs' status list says, and its facts say why.
    @Test(arguments: [false, true])
    func aCopyWhoseSharingStoppedReadsRevoked(japanese: Bool) throws {
        let ui = try UITestHarness {
            $0.account = "kid@example.com"
            if japanese { UITestHarness.useJapanese(&$0) }
        }
        let admin = StoreAdmin(store: ui.store)
        try admin.createFamily(organizer: "parent@example.com")
        try admin.addFamilyMember("kid@example.com", organizer: "parent@example.com")
        _ = try admin.buyAsFamilyMember("parent@example.com", productID: Self.premium)
        try admin.setFamilySharing(Self.premium, on: false, account: "parent@example.com")
        ui.runtime.tick()
        let copy = try #require(ui.transactions.first { $0.account == "kid@example.com" })
        let revoked = try #require(copy.revocationDate)
        ui.press(.char("t"))
        try selectRow(ui) { $0.id == copy.id }
        let words = ui.state.strings.manager
        let row = try #require(lines(ui).first { $0.contains(copy.id) })
        #expect(row.contains(words.revoked), "\(ui.screen)")
        #expect(ui.screen.contains(words.revokedBySharing(ui.state.times.day(revoked))), "\(ui.screen)")
    }

    /// A subscription whose original transaction is deleted, from the Transaction Manager or
    /// from another terminal, while the storefront is open: the app hears of it, its access ends
    /// and its row reads the plan's price again, never "✓ active" from the expiry the app kept.
    @Test(arguments: [(false, false), (true, false), (false, true), (true, true)])
    func aSubscriptionDeletedNoLongerReadsActive(japanese: Bool, fromAnotherTerminal: Bool) throws {
        let ui = try UITestHarness { if japanese { UITestHarness.useJapanese(&$0) } }
        try ui.buy("Pro Monthly")
        let bought = try #require(ui.transactions.last { $0.productID == Self.pro })
        ui.press(.escape)
        let title = ui.state.title(of: Self.pro)
        #expect(ui.state.snapshot.isSubscribed(Self.pro, now: ui.state.now), "\(ui.screen)")
        if fromAnotherTerminal {
            try StoreAdmin(store: ui.store).deleteTransaction(bought.id)
            ui.runtime.tick()
        } else {
            ui.press(.char("t"))
            try selectRow(ui) { $0.id == bought.id }
            try choose(ui, .operation(.deleteTransaction(transactionID: bought.id)))
            ui.press(.escape)
        }
        #expect(ui.transactions.isEmpty)
        let row = try #require(lines(ui).first { $0.contains(title) }, "\(ui.screen)")
        #expect(!row.contains(ui.state.strings.store.active), "\(ui.screen)")
        #expect(!ui.state.snapshot.isSubscribed(Self.pro, now: ui.state.now))
        let ended = ui.state.strings.log.deleted(bought.id, ui.state.strings.log.accessEnded(Self.pro))
        #expect(ui.state.log.map(\.text).filter { $0 == ended }.count == 1, "\(ui.state.log.map(\.text))")
    }

    /// Deleting a transaction, declining a price increase and buying outside the app with
    /// auto-renew off each say what was done, in the banners' style.
    @Test(arguments: [false, true])
    func itsBannersSayWhatWasDone(japanese: Bool) throws {
        let ui = try UITestHarness { if japanese { UITestHarness.useJapanese(&$0) } }
        let words = ui.state.strings.messages
        try ui.buy("5 Monkey Credits")
        let credits = try #require(ui.transactions.last)
        ui.press(.char("t"))
        try selectRow(ui) { $0.id == credits.id }
        try choose(ui, .operation(.deleteTransaction(transactionID: credits.id)))
        #expect(ui.screen.contains(words.transactionDeletedBanner(credits.id, ui.state.title(of: credits.productID))), "\(ui.screen)")

        ui.press(.escape)
        try ui.buy("Pro Monthly")
        let account = ui.state.snapshot.settings.account
        try StoreAdmin(store: ui.store).perform(.priceIncrease(productID: Self.pro, storefront: nil, price: 9999, consentNeeded: true),
                                                account: account)
        ui.runtime.tick()
        let status = try #require(ui.state.snapshot.subscriptions.first { $0.productID == Self.pro })
        try #require(status.priceIncreaseStatus == .pending)
        // The app asks the subscriber to review it: answered later.
        if case .store = ui.state.mode {} else { ui.press(.escape) }
        ui.press(.char("t"))
        try selectRow(ui) { $0.id == status.originalTransactionID }
        try choose(ui, .operation(.declinePriceIncrease(originalTransactionID: status.originalTransactionID)))
        let ends = ui.state.localDate(status.expiresDate)
        #expect(ui.screen.contains(words.priceIncreaseDeclinedBanner(ui.state.title(of: Self.pro), ends)), "\(ui.screen)")
    }

    @Test(arguments: [false, true])
    func aSubscriptionBoughtOutsideNotRenewingSaysItWasBought(japanese: Bool) throws {
        let ui = try UITestHarness { if japanese { UITestHarness.useJapanese(&$0) } }
        ui.press(.char("t"), .char("b"))
        let index = try #require(ui.state.productsToBuyOutside.firstIndex(of: Self.pro))
        for _ in 0..<index { ui.press(.down) }
        ui.press(.enter, .char(" "), .enter)
        ui.wait()
        let status = try #require(ui.state.snapshot.subscriptions.first { $0.productID == Self.pro })
        let name = ui.state.title(of: Self.pro)
        #expect(ui.screen.contains(ui.state.strings.log.boughtOutside(name)), "\(ui.screen)")
        #expect(ui.screen.contains(ui.state.strings.messages.boughtNotRenewing(ui.state.localDate(status.expiresDate))), "\(ui.screen)")
        #expect(!ui.screen.contains(ui.state.strings.messages.autoRenewOffBanner(name)), "\(ui.screen)")
    }

    /// A free trial's period paid nothing: refunded whole, never in part. A share of time left
    /// is said as the store applies it, two decimals at most (it read "61%" for 61.29%).
    @Test func aFreeTrialOffersNoProratedRefundAndSharesReadWhole() throws {
        let ui = try UITestHarness()
        try ui.buy("Pro Monthly")
        let trial = try #require(ui.transactions.last { $0.productID == Self.pro })
        try #require(trial.price == 0)
        let refunds = ui.state.actions(for: trial).compactMap { action -> Refund? in
            if case .operation(.refund(_, let refund)) = action { refund } else { nil }
        }
        #expect(refunds.map(\.type) == [.refundFull])
        let words = ui.state.strings.manager
        let label = TransactionManagerView.label(.operation(.refund(transactionID: "1", .timeLeft())), words,
                                                 family: ui.state.strings.family, timeLeft: 61_290)
        #expect(label == words.refundProratedTimeLeft("61.29%"))
    }

    /// The terms sheet of a plan of a group subscribed to states the change as the purchase
    /// sheet does; a downgrade offers no auto-renew; a trial not renewing says no later price.
    @Test(arguments: [false, true])
    func theBuyOutsideSheetStatesPlanChangesAndATrialNotRenewing(japanese: Bool) throws {
        let ui = try UITestHarness { if japanese { UITestHarness.useJapanese(&$0) } }
        let words = ui.state.strings.buyOutside
        let sheet = ui.state.strings.sheet
        func open(_ id: String) throws {
            ui.press(.char("t"), .char("b"))
            let index = try #require(ui.state.productsToBuyOutside.firstIndex(of: id))
            for _ in 0..<index { ui.press(.down) }
            ui.press(.enter)
        }
        // A trial with auto-renew off: the trial alone.
        try open(Self.pro)
        let product = try #require(ui.state.snapshot.product(Self.pro))
        let offer = try #require(product.introductoryOffer)
        ui.press(.char(" "))
        #expect(ui.screen.contains(ui.state.strings.introductoryTerms(offer, of: product)), "\(ui.screen)")
        #expect(!ui.screen.contains(ui.state.strings.subscriptionCharge(product, offer: offer)), "\(ui.screen)")
        ui.press(.escape, .escape, .escape)

        // A Lite subscriber's Pro Monthly: an upgrade, today.
        try ui.buy("Lite Monthly")
        try open(Self.pro)
        #expect(ui.screen.contains(String(sheet.replacesToday(ui.state.title(of: Self.lite)).prefix(20))), "\(ui.screen)")
        ui.press(.escape, .escape, .escape)

        // A Pro Yearly subscriber's Lite Monthly: at the renewal, and nothing to turn off.
        try ui.buy("Pro Yearly")
        let yearly = try #require(ui.state.snapshot.subscriptions.first { $0.productID == Self.yearly })
        try open(Self.lite)
        let day = ui.state.localDate(yearly.expiresDate)
        #expect(ui.screen.contains(String(sheet.keepsUntil(ui.state.title(of: Self.yearly), day).prefix(20))), "\(ui.screen)")
        #expect(!ui.screen.contains(words.renews(true)), "\(ui.screen)")
        ui.press(.char(" "))
        #expect(try panel(ui).overlay == .buyOutsideTerms(productID: Self.lite, offer: .none, autoRenew: true))
    }

    /// A refund request waiting: its answers come first in the row's actions, before the
    /// subscription's (they came after Expire, Renew, auto-renew and price consent).
    @Test func aWaitingRefundRequestsAnswersComeFirst() throws {
        let ui = try UITestHarness { $0.refundRequests = .manual }
        try ui.buy("Lite Monthly")
        try ui.select("Lite Monthly")
        ui.press(.char("p"), .down, .enter)
        #expect(ui.state.snapshot.refundRequests.map(\.status) == [.pending], "\(ui.screen)")
        ui.press(.char("t"))
        let t = try #require(try panel(ui).selected)
        let actions = ui.state.actions(for: t)
        #expect(actions.prefix(2) == [.operation(.approveRefundRequest(transactionID: t.id, refund: nil)),
                                      .operation(.declineRefundRequest(transactionID: t.id))], "\(actions)")
        #expect(actions.contains(.operation(.expire(originalTransactionID: t.originalID ?? t.id))), "\(actions)")
        ui.press(.enter)
        let words = ui.state.strings.manager
        let lines = lines(ui)
        let approve = try #require(lines.firstIndex { $0.contains(words.approveRefundRequest) }, "\(ui.screen)")
        let expire = try #require(lines.firstIndex { $0.contains(words.expire) }, "\(ui.screen)")
        #expect(approve < expire, "\(ui.screen)")
    }

    /// Premium's prorated refund: 50% at first, ←→ in steps of 5, digits typed; Enter refunds
    /// the part chosen, as `--prorated N` does (it was a fixed 50%).
    @Test(arguments: [false, true])
    func theRefundedPartIsChosenInTheList(japanese: Bool) throws {
        let ui = try UITestHarness { if japanese { UITestHarness.useJapanese(&$0) } }
        try ui.buy("Premium content")
        ui.press(.char("t"))
        try selectRow(ui) { $0.productID == Self.premium }
        let t = try #require(try panel(ui).selected)
        ui.press(.enter)
        let words = ui.state.strings.manager
        let half = TransactionAction.operation(.refund(transactionID: t.id, .prorated(50)))
        for _ in 0..<10 {
            if try panel(ui).overlay == .actions(focus: half) { break }
            ui.press(.down)
        }
        #expect(ui.screen.contains(words.refundProrated("50%")) && ui.screen.contains(words.refundPartKeys), "\(ui.screen)")
        ui.press(.right)
        #expect(ui.screen.contains(words.refundProrated("55%")), "\(ui.screen)")
        ui.press(.left, .left)
        #expect(ui.screen.contains(words.refundProrated("45%")), "\(ui.screen)")
        ui.press(.char("2"), .char("5"))
        #expect(ui.screen.contains(words.refundProrated("25%")), "\(ui.screen)")
        ui.press(.enter)
        let refunded = try #require(ui.transactions.first { $0.id == t.id })
        #expect(refunded.revocationPercentage == 25_000, "\(String(describing: refunded.revocation))")
    }

    /// Clearing the purchase history from the manager ends the subscription in the app: its row
    /// no longer reads active (it still read "✓ active").
    @Test func clearingTheHistoryEndsTheSubscriptionsAccess() throws {
        let ui = try UITestHarness()
        try ui.buy("Lite Monthly")
        #expect(ui.runtime.app.isSubscriptionActive(Self.lite, now: ui.state.now))
        ui.press(.char("t"))
        try choose(ui, .clearPurchaseHistory)
        ui.press(.enter)
        #expect(ui.screen.contains(ui.state.strings.messages.purchaseHistoryClearedBanner), "\(ui.screen)")
        ui.press(.escape)
        ui.wait(seconds: 1)
        #expect(!ui.runtime.app.isSubscriptionActive(Self.lite, now: ui.state.now), "\(ui.screen)")
        #expect(ui.state.snapshot.subscription(inGroup: "pro") == nil)
        let told = ui.state.strings.log.deleted("1000000001", "").trimmingCharacters(in: .whitespaces)
        #expect(ui.state.log.contains { $0.text.contains(told) }, "the app's line: \(ui.state.log.map(\.text))")
    }

    @Test func oneRenewalReadsWithItsDayInJapaneseToo() {
        #expect(ManagerStrings.shared.renewals.ja(1, "2026-12-07") == "更新1件(2026-12-07)")
        #expect(ManagerStrings.shared.renewals.en(2, "2027-03-16") == "2 renewals, the last 2027-03-16")
    }
}
