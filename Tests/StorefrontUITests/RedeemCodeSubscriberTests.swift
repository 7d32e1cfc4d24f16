import Foundation
import SampleApp
import AppStoreCore
import Testing
@testable import StorefrontUI

/// The offer code sheet for a subscriber: the terms of the code typed before Redeem, a code
/// that waits for the next renewal, and a refusal worded as the App Store words it.
@Suite struct RedeemCodeSubscriberTests {
    static let proMonthly = "com.storefront.pro.monthly"

    private func redeem(_ ui: UITestHarness, _ code: String) {
        ui.press(.char("o"))
        ui.type(code)
        ui.press(.enter)
    }

    /// Failed before: the alert read "the offer code "FRIENDMONTH" starts a subscription, and
    /// the signed-in account is subscribed to com.storefront.pro.monthly in its group: redeem it
    /// once that ends (storefront … expire com.storefront.pro.monthly)".
    @Test(arguments: [false, true])
    func aSubscribersRefusalReadsAsTheAppStoreWritesIt(japanese: Bool) throws {
        let ui = try UITestHarness { if japanese { UITestHarness.useJapanese(&$0) } }
        redeem(ui, "FRIENDMONTH")
        #expect(ui.state.snapshot.isSubscribed(Self.proMonthly, now: ui.state.now))
        redeem(ui, "FRIENDMONTH")
        guard case .alert(let alert) = ui.state.mode else { Issue.record("no alert: \(ui.state.mode)"); return }
        #expect(alert.title == ui.state.strings.alerts.redeemCodeFailed)
        #expect(alert.message == ui.state.strings.sheet.codeForNewSubscribers, "\(alert.message)")
        #expect(!alert.message.contains("com.storefront") && !alert.message.contains("storefront ") && alert.detail == nil)
        #expect(ui.screen.contains(japanese ? "このオファーは新規登録者向け" : "This offer is for new subscribers"), "\(ui.screen)")
    }

    @Test(arguments: [false, true])
    func theSheetStatesTheCodesTermsBeforeRedeem(japanese: Bool) throws {
        let ui = try UITestHarness { if japanese { UITestHarness.useJapanese(&$0) } }
        let words = ui.state.strings.sheet
        ui.press(.char("o"))
        ui.type("FRIENDMONTH")
        #expect(ui.state.offerCodeTerms("FRIENDMONTH") == [ui.state.title(of: Self.proMonthly),
            ui.state.strings.subscriptionCharge(try #require(ui.state.snapshot.product(Self.proMonthly)),
                                                offer: SubscriptionOffer(id: "FRIENDMONTH", paymentMode: .freeTrial, period: SubscriptionPeriod(value: 1, unit: .month))),
            words.codeStartsToday])
        #expect(ui.screen.contains(words.codeStartsToday), "\(ui.screen)")
        ui.press(.enter)
        // Subscribed to Pro Monthly, a code for Pro Yearly (the same level, another period) waits for the renewal.
        let renews = try #require(ui.state.snapshot.subscriptions.first).expiresDate
        ui.press(.char("o"))
        ui.type("LOYALYEAR")
        let terms = ui.state.offerCodeTerms("LOYALYEAR")
        #expect(terms.last == words.codeReplaces(ui.state.title(of: Self.proMonthly)))
        #expect(terms.contains(words.codeStartsAtRenewal(ui.state.localDate(renews))), "\(terms)")
        #expect(ui.screen.contains(words.codeReplaces(ui.state.title(of: Self.proMonthly))), "\(ui.screen)")
        ui.press(.enter)
        #expect(ui.state.mode == .store)
        let status = try #require(ui.state.snapshot.subscriptions.first)
        #expect(status.offerCodeAtRenewal == "LOYALYEAR" && status.autoRenewProductID == "com.storefront.pro.yearly")
        let banner = try #require(ui.state.banner?.text)
        #expect(banner == ui.state.strings.messages.offerCodeAtRenewalBanner(ui.state.title(of: "com.storefront.pro.yearly"),
                                                                              ui.state.localDate(renews)), "\(banner)")
    }

    /// Failed before: Manage Subscriptions priced the current plan at the code's terms for
    /// another plan ("✓ Pro Monthly  $24.99/year"), and the plan it renews to at its list price.
    @Test(arguments: [false, true])
    func manageSubscriptionsPricesTheWaitingCodeOnThePlanItIsFor(japanese: Bool) throws {
        let ui = try UITestHarness { if japanese { UITestHarness.useJapanese(&$0) } }
        redeem(ui, "FRIENDMONTH")
        redeem(ui, "LOYALYEAR")
        ui.press(.char("m"))
        let monthly = try #require(ui.state.storeCharge(of: Self.proMonthly))
        let yearly = try #require(ui.state.storeCharge(of: "com.storefront.pro.yearly"))
        let status = try #require(ui.state.snapshot.subscriptions.first)
        let code = try #require(ui.state.offerRenewal(of: status, to: "com.storefront.pro.yearly")).terms
        let rows = ui.screen.split(separator: "\n").map(String.init)
        let current = try #require(rows.first { $0.contains("✓ \(ui.state.title(of: Self.proMonthly))") }, "\(ui.screen)")
        #expect(current.contains(monthly) && !current.contains(code), "\(current)")
        let next = try #require(rows.first { $0.contains(" \(ui.state.title(of: "com.storefront.pro.yearly"))  ") }, "\(ui.screen)")
        #expect(next.contains(code) && !next.contains("  \(yearly)"), "\(next)")
        #expect(ui.state.offerRenewal(of: status) == nil, "the current plan renews at no offer of its own")
    }
}
