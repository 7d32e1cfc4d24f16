import Foundation
import SampleApp
import SnapshotTesting
import AppStoreCore
import Testing
@testable import StorefrontUI

/// The refund request sheet (`Transaction.beginRefundRequest(for:in:)`): opened with p on a
/// purchase, Cancel and Submit, the API's failures, and the store's answers.
@Suite struct RefundRequestSheetTests {
    static let credits = "5 Monkey Credits"

    /// Bought, the selection on it, and p pressed.
    static func openSheet(_ ui: UITestHarness, _ title: String = credits) throws {
        try ui.buy(title)
        try ui.select(title)
        ui.press(.char("p"))
    }

    static func sheet(_ ui: UITestHarness) -> RefundRequestSheet? {
        if case .refundRequest(let sheet) = ui.state.mode { sheet } else { nil }
    }

    @Test func submittingAReasonApprovesAtOnceAndTheAppTakesTheCreditsBack() throws {
        let ui = try UITestHarness()
        try Self.openSheet(ui)
        let sheet = try #require(Self.sheet(ui))
        #expect(sheet.transaction.productID == "com.storefront.credits.5" && sheet.reason == nil)
        #expect(ui.screen.contains("Request a Refund") && ui.screen.contains("I didn't intend to make this purchase"))
        ui.press(.enter)
        #expect(Self.sheet(ui) != nil, "Submit waits for a reason")
        ui.press(.down, .down, .enter)
        #expect(ui.state.mode == .store)
        let request = try #require(try ui.store.storage.load().refundRequests.first)
        #expect(request.reason == .fulfillmentIssue && request.status == .approved)
        #expect(ui.transactions.first { $0.id == sheet.transaction.id }?.isRevoked == true)
        #expect(ui.state.snapshot.credits == 0, "the app took the 5 credits back")
        #expect(ui.screen.contains("refund requested: 5 Monkey Credits  → .success"), "\(ui.screen)")
        #expect(ui.screen.contains("Refunded: 5 Monkey Credits"), "the banner of the existing refund path")
    }

    @Test func cancelTellsTheAppUserCancelledAndAsksNothing() throws {
        let ui = try UITestHarness()
        try Self.openSheet(ui)
        ui.press(.down, .escape)
        #expect(ui.state.mode == .store)
        #expect(ui.screen.contains("refund request cancelled: 5 Monkey Credits  → .userCancelled"))
        #expect(try ui.store.storage.load().refundRequests.isEmpty)
        try Self.openSheet(ui)
        ui.press(.down, .tab, .enter)
        #expect(ui.state.mode == .store, "Tab moves to Cancel")
        #expect(try ui.store.storage.load().refundRequests.isEmpty)
    }

    @Test func theChosenErrorFailsTheRequestBeforeAnySheet() throws {
        let ui = try UITestHarness { $0.failures[.refundRequest] = .refundRequest(.failed) }
        try Self.openSheet(ui)
        guard case .alert(let alert) = ui.state.mode else { Issue.record("no alert: \(ui.state.mode)"); return }
        #expect(alert.title == "Cannot Request a Refund" && alert.detail?.contains("RefundRequestError") == true, "\(alert)")
        try ui.changeSettings { $0.failures = [:]; $0.network = false }
        ui.press(.enter, .char("p"))
        guard case .alert(let offline) = ui.state.mode else { Issue.record("no alert: \(ui.state.mode)"); return }
        #expect(offline.detail?.contains("networkError") == true, "\(offline)")
    }

    @Test func aSecondRequestIsADuplicateAndADeclineRevokesNothing() throws {
        let ui = try UITestHarness { $0.refundRequests = .decline }
        try Self.openSheet(ui)
        ui.press(.down, .enter)
        #expect(ui.state.snapshot.credits == 5, "declined: nothing taken back")
        #expect(ui.screen.contains("the App Store declined the refund request"), "\(ui.screen)")
        ui.press(.char("p"))
        guard case .alert(let alert) = ui.state.mode else { Issue.record("no alert: \(ui.state.mode)"); return }
        #expect(alert.detail?.contains("duplicateRequest") == true && alert.message.contains("declined"), "\(alert)")
    }

    @Test func aWaitingRequestIsAnsweredInTheTransactionManager() throws {
        let ui = try UITestHarness { $0.refundRequests = .manual }
        try Self.openSheet(ui, "One-Year Pass")
        ui.press(.down, .enter)
        #expect(ui.state.snapshot.refundRequests.map(\.status) == [.pending])
        ui.press(.char("t"))
        #expect(ui.screen.contains("refund requested"), "\(ui.screen)")
        ui.press(.enter)
        #expect(ui.screen.contains("Approve refund request") && ui.screen.contains("Decline refund request"), "\(ui.screen)")
        ui.press(.enter)
        #expect(ui.state.snapshot.refundRequests.map(\.status) == [.approved])
        #expect(ui.transactions.last?.isRevoked == true)
    }

    @Test func premiumContentRefundsThePremiumPurchaseAndAFreeRowHasNone() throws {
        let ui = try UITestHarness()
        try ui.select("Free quote 1")
        ui.press(.char("p"))
        guard case .alert(let alert) = ui.state.mode else { Issue.record("no alert: \(ui.state.mode)"); return }
        #expect(alert.title == "No Purchase to Refund")
        ui.press(.enter)
        try ui.buy("Premium content here")
        let premium = try #require(ui.state.rows.firstIndex { if case .content(_, premium: true) = $0 { true } else { false } })
        ui.press(.home)
        while ui.state.selection < premium { ui.press(.down) }
        ui.press(.char("p"))
        #expect(Self.sheet(ui)?.transaction.productID == "com.storefront.premium")
    }

    /// On a purchase, p joins the footer: at 100 columns too, where delete app gives way to
    /// it and ? reads more (the help lists every key).
    @Test func theFooterOffersPOnAPurchaseWhereThereIsRoom() throws {
        let wide = try UITestHarness(width: 160, height: 30)
        #expect(!FooterView.fitted(wide.state, width: 160).hints.contains { $0.key == "p" }, "nothing bought: no p")
        try wide.buy(Self.credits)
        try wide.select(Self.credits)
        #expect(wide.screen.contains("  p refund  "), "\(wide.screen)")
        let narrow = try UITestHarness(width: 100, height: 30)
        try narrow.buy(Self.credits)
        try narrow.select(Self.credits)
        let footer = try #require(narrow.screen.split(separator: "\n").last.map(String.init))
        #expect(footer.contains("? more") && footer.contains("p refund") && !footer.contains("D delete"), "\(footer)")
    }

    @Test(arguments: [false, true])
    func theSheetAt100x30(japanese: Bool) throws {
        let ui = try UITestHarness(width: 100, height: 30) { if japanese { UITestHarness.useJapanese(&$0) } }
        try ui.buy(Self.credits)
        try ui.select(Self.credits)
        ui.press(.char("p"), .down)
        #expect(Self.sheet(ui) != nil, "\(ui.screen)")
        assertSnapshot(of: ui.screen, as: .lines, named: japanese ? "sheet-ja-100x30" : "sheet-100x30")
        if japanese {
            let english = JapaneseScreenText.englishWords(in: ui.screen, state: ui.state)
            #expect(english.isEmpty, "\(english)\n\(ui.screen)")
        }
    }
}
