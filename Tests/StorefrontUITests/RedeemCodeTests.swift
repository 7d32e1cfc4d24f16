import Foundation
import SampleApp
import AppStoreCore
import Testing
@testable import StorefrontUI

/// The App Store's offer code sheet, as the app presents it (`presentCodeRedemptionSheet`):
/// the code typed, redeemed, and the subscription reaching the app as an update.
@Suite struct RedeemCodeTests {
    static let code = "FRIENDMONTH"
    static let proMonthly = "com.storefront.pro.monthly"

    private func sheetCode(_ ui: UITestHarness) -> String? {
        if case .redeemCode(let sheet) = ui.state.mode { sheet.code } else { nil }
    }

    @Test(arguments: [false, true])
    func aRedeemedCodeStartsTheSubscriptionWithABanner(japanese: Bool) throws {
        let ui = try UITestHarness { if japanese { UITestHarness.useJapanese(&$0) } }
        ui.press(.char("o"))
        ui.type("friendmonth")
        #expect(sheetCode(ui) == "friendmonth")
        #expect(ui.screen.contains(japanese ? "コードを使う" : "Redeem Code") && ui.screen.contains("› friendmonth▏"))
        ui.press(.enter)
        #expect(ui.state.mode == .store)
        let bought = try #require(ui.transactions.last)
        #expect(bought.productID == Self.proMonthly && bought.offer?.type == .code && bought.offer?.id == Self.code && bought.queueState.finished)
        #expect(ui.state.snapshot.isSubscribed(Self.proMonthly, now: ui.state.now), "delivered")
        let name = ui.state.title(of: Self.proMonthly)
        #expect(ui.state.banner?.text == ui.state.strings.log.codeRedeemed(name) + ui.state.strings.log.thenDelivered)
        #expect(ui.state.log.contains { $0.text.contains(ui.state.strings.log.offerCode(Self.code)) }, "\(ui.state.log.map(\.text))")
    }

    @Test func typingEditsTheCodeAndNoKeyOfTheStoreScreenActs() throws {
        let ui = try UITestHarness()
        ui.press(.char("o"))
        ui.press(.enter)
        #expect(sheetCode(ui) == "", "Redeem waits for a code")
        ui.type("qsDt ?")
        #expect(sheetCode(ui) == "qsDt?" && !ui.state.quitting, "q, s, D, t and ? are letters of the code here")
        ui.press(.backspace, .backspace)
        #expect(sheetCode(ui) == "qsD")
        ui.type(String(repeating: "X", count: 80))
        #expect(sheetCode(ui)?.count == OfferCodeSheet.maximumLength)
        ui.press(.tab, .enter)
        #expect(ui.state.mode == .store, "Cancel")
        #expect(ui.transactions.isEmpty)
    }

    @Test func escapeCancelsAndNothingIsRedeemed() throws {
        let ui = try UITestHarness()
        ui.press(.char("o"))
        ui.type(Self.code)
        ui.press(.escape)
        #expect(ui.state.mode == .store)
        #expect(ui.transactions.isEmpty && !ui.state.snapshot.isSubscribed(Self.proMonthly, now: ui.state.now))
    }

    /// As the App Store's sheet says it: no command line in it (it read "no subscription sold
    /// here has the offer code "NOPE": `products` lists … (storefront … products)").
    @Test func anUnknownCodeIsRefusedWithTheReason() throws {
        let ui = try UITestHarness()
        ui.press(.char("o"))
        ui.type("NOPE")
        ui.press(.enter)
        guard case .alert(let alert) = ui.state.mode else { Issue.record("no alert: \(ui.state.mode)"); return }
        #expect(alert.title == ui.state.strings.alerts.redeemCodeFailed && alert.message == ui.state.strings.sheet.codeNotValid,
                "\(alert.message)")
        #expect(ui.transactions.isEmpty)
    }

    @Test(arguments: [false, true])
    func theRedemptionAPIsErrorShowsInsteadOfTheSheet(japanese: Bool) throws {
        let ui = try UITestHarness {
            $0.failures[.offerCodeRedemption] = .storeKit(.networkError)
            if japanese { UITestHarness.useJapanese(&$0) }
        }
        ui.press(.char("o"))
        guard case .alert(let alert) = ui.state.mode else { Issue.record("no alert: \(ui.state.mode)"); return }
        #expect(alert.kind == .failure && alert.title == ui.state.strings.alerts.redeemCodeFailed)
        #expect(ui.screen.contains(japanese ? "コードを使えません" : "Cannot Redeem Code"))
        ui.press(.enter)
        try ui.changeSettings { $0.failures[.offerCodeRedemption] = nil }
        ui.press(.char("o"))
        #expect(sheetCode(ui) == "")
    }
}
