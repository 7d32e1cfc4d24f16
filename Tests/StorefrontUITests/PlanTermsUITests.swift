import Foundation
import SampleApp
import AppStoreCore
import Testing
@testable import StorefrontUI
import Wording

/// What a plan's row, detail pane and Manage Subscriptions say of its trial and of the terms of
/// buying a plan: a trial that ends reads as one, and no date or price said is one that will not be.
@Suite struct PlanTermsUITests {
    static let monthly = "com.storefront.pro.monthly"
    static let yearly = "com.storefront.pro.yearly"
    static let lite = "com.storefront.lite.monthly"

    private func status(_ ui: UITestHarness) throws -> SubscriptionStatus {
        try #require(ui.state.snapshot.subscription(inGroup: "pro"))
    }

    private func detail(_ id: String, _ ui: UITestHarness) -> [String] {
        DetailPane.productLines(id, state: ui.state).map(\.text)
    }

    /// Failed before: the row read "Expires DATE", the detail pane "$4.99/month" over it, and
    /// Manage Subscriptions "Pro Monthly — Expires DATE".
    @Test(arguments: [false, true])
    func aCancelledFreeTrialReadsAsATrialThatEnds(japanese: Bool) throws {
        let ui = try UITestHarness { if japanese { UITestHarness.useJapanese(&$0) } }
        let title = ui.state.title(of: Self.monthly)
        try ui.buy(title)
        ui.runtime.perform(onPlanOf: Self.monthly) { .autoRenew(originalTransactionID: $0, on: false) }
        ui.runtime.tick()
        let plan = try status(ui)
        #expect(!plan.willAutoRenew)
        let ends = ui.state.strings.store.freeTrialEnds(ui.state.localDate(plan.expiresDate))
        #expect(RowText(.product(Self.monthly), state: ui.state).trailing == ends)
        let pane = detail(Self.monthly, ui)
        #expect(pane.contains(ends), "\(pane)")
        let price = try #require(ui.state.snapshot.product(Self.monthly)?.formattedPrice)
        #expect(!pane.contains { $0.contains(price) }, "nothing is charged: \(pane)")
        try ui.select(title)
        ui.press(.char("m"))
        #expect(ui.screen.contains("\(title) — \(ends)"), "\(ui.screen)")
    }

    /// Failed before: the detail pane read "¥800/月" over "DATEに「ライト 月額プラン」へ変更", a
    /// price never paid.
    @Test(arguments: [false, true])
    func aDowngradeDuringATrialSaysTheTrialThenTheNewPlanAtItsPrice(japanese: Bool) throws {
        let ui = try UITestHarness { if japanese { UITestHarness.useJapanese(&$0) } }
        try ui.buy(ui.state.title(of: Self.monthly))
        try ui.buy(ui.state.title(of: Self.lite))
        let plan = try status(ui)
        #expect(plan.autoRenewProductID == Self.lite && ui.state.snapshot.freeTrialGroups.contains("pro"))
        let lite = try #require(ui.state.snapshot.product(Self.lite))
        let charge = ui.state.strings.charge(lite, introOffer: false, app: ui.state.appDescription)
        let expected = ui.state.strings.store.freeTrialThenPlan(ui.state.localDate(plan.expiresDate), ui.state.title(of: Self.lite), charge)
        let pane = detail(Self.monthly, ui)
        #expect(pane.contains(expected), "\(pane)")
        let pro = try #require(ui.state.snapshot.product(Self.monthly)?.formattedPrice)
        #expect(!pane.contains { $0.contains(pro) }, "\(pane)")
    }

    /// Failed before: in grace, another plan's terms read "$4.99/month starting DATE", a date
    /// already past.
    @Test(arguments: [false, true])
    func inGraceAnotherPlanStartsWhenTheRenewalIsPaid(japanese: Bool) throws {
        let ui = try UITestHarness {
            $0.gracePeriod = .sixteenDays
            $0.billingRetry = true
            if japanese { UITestHarness.useJapanese(&$0) }
        }
        try ui.buy(ui.state.title(of: Self.yearly))
        ui.wait(seconds: 366 * 86_400)
        let plan = try status(ui)
        #expect(plan.state == .inGracePeriod && plan.expiresDate < ui.state.now)
        let pane = detail(Self.monthly, ui)
        #expect(!pane.contains { $0.contains(ui.state.localDate(plan.expiresDate)) }, "no past date: \(pane)")
        let charge = try #require(ui.state.storeCharge(of: Self.monthly))
        #expect(pane.contains(ui.state.strings.sheet.startingOncePaid(charge)), "\(pane)")
    }

    /// Failed before: in grace, the plan a downgrade waits for read "Starts DATE", a day gone by.
    @Test(arguments: [false, true])
    func inGraceTheNextPlanStartsWhenTheRenewalIsPaid(japanese: Bool) throws {
        let ui = try UITestHarness {
            $0.gracePeriod = .sixteenDays
            $0.billingRetry = true
            if japanese { UITestHarness.useJapanese(&$0) }
        }
        try ui.buy(ui.state.title(of: Self.yearly))
        try ui.buy(ui.state.title(of: Self.lite))
        ui.wait(seconds: 366 * 86_400)
        let plan = try status(ui)
        #expect(plan.state == .inGracePeriod && plan.autoRenewProductID == Self.lite)
        let next = try #require(PlanStatus(Self.lite, state: ui.state))
        #expect(next.text == ui.state.strings.store.startsOncePaid, "\(next.text)")
        #expect(!next.text.contains(ui.state.localDate(plan.expiresDate)))
    }

    /// Failed before: once the plan ended, its terms read the price the products request
    /// answered at launch ("$4.99/month"), not the $5.99 the store charges since.
    @Test func anEndedPlansTermsReadTheStoresPriceNow() throws {
        let ui = try UITestHarness()
        try ui.buy(ui.state.title(of: Self.monthly))
        ui.runtime.perform(.priceIncrease(productID: Self.monthly, storefront: nil, price: Decimal(string: "5.99")!, consentNeeded: true))
        if case .alert = ui.state.mode { ui.press(.escape) }
        ui.runtime.perform(onPlanOf: Self.monthly) { .agreeToPriceIncrease(originalTransactionID: $0) }
        ui.wait(seconds: try status(ui).expiresDate.timeIntervalSince(ui.state.now) + 60)
        #expect(ui.transactions.last?.price == Decimal(string: "5.99"), "renewed at the new price")
        ui.runtime.perform(onPlanOf: Self.monthly) { .expire(originalTransactionID: $0) }
        ui.runtime.tick()
        #expect(try status(ui).state == .expired)
        let pane = detail(Self.monthly, ui)
        #expect(pane.contains { $0.contains("$5.99/month") }, "\(pane)")
        #expect(!pane.contains { $0.contains("$4.99") }, "\(pane)")
    }
}
