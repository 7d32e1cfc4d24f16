import Foundation
import AppStoreCore
import StoreKitSim
import Testing
@testable import StorefrontUI

/// A product whose purchase waits for someone (a parent's approval, the user resolving an
/// interruption) says so on its row, and Enter shows the wait instead of a second Buy.
@Suite struct WaitingRequestTests {
    @Test func aRequestWaitingForApprovalShowsOnItsRowAndEnterSaysSo() throws {
        let ui = try UITestHarness { $0.askToBuy = true }
        try ui.select("Premium content here")
        ui.buySelected()
        ui.press(.enter)  // the "request sent" notice
        let row = try #require(ui.state.rows.first { if case .premiumOffer = $0 { true } else { false } })
        #expect(RowText(row, state: ui.state).trailing == "waiting for approval")
        #expect(ui.screen.contains("waiting for approval"))
        let count = ui.transactions.count
        ui.press(.enter)
        guard case .alert(let alert) = ui.state.mode else { Issue.record("no alert: \(ui.state.mode)"); return }
        #expect(alert.title == "Waiting for Approval")
        let request = try #require(ui.state.snapshot.pendingApprovals.first)
        #expect(alert.detail == "storefront approve \(request.id)")
        #expect(ui.transactions.count == count, "no second request")
        ui.press(.enter)
        #expect(ui.state.mode == .store)
    }

    @Test func theWaitingDialogGivesTheCommandForThisDataDirectory() throws {
        let hint = CommandLineHint(dataDirectory: "/tmp/qa 12")
        let ui = try CommandLineHint.$current.withValue(hint) { try UITestHarness { $0.askToBuy = true } }
        try ui.select("Premium content here")
        ui.buySelected()
        ui.press(.enter, .enter)  // the "request sent" notice, then Enter on the waiting row
        guard case .alert(let alert) = ui.state.mode else { Issue.record("no alert: \(ui.state.mode)"); return }
        let request = try #require(ui.state.snapshot.pendingApprovals.first)
        #expect(alert.detail == "storefront --data-dir '/tmp/qa 12' approve \(request.id)")
    }

    @Test func anInterruptedPurchaseShowsOnItsRowAndEnterOpensItsResolution() throws {
        let ui = try UITestHarness { $0.interrupted = true }
        try ui.select("One-Year Pass")
        ui.buySelected()
        ui.press(.escape)  // Not Now
        #expect(ui.state.mode == .store)
        let interrupted = try #require(ui.state.snapshot.interruptions.first)
        #expect(RowText(.product("com.storefront.pass.yearly"), state: ui.state).trailing == "action needed")
        ui.press(.enter)
        guard case .sheet(let sheet) = ui.state.mode else { Issue.record("no sheet: \(ui.state.mode)"); return }
        #expect(sheet.stage == .interrupted(transactionID: interrupted.id))
        ui.press(.enter)  // Agree
        #expect(ui.transactions.filter { $0.productID == "com.storefront.pass.yearly" && $0.queueState.state == .purchased }.count == 1)
        #expect(RowText(.product("com.storefront.pass.yearly"), state: ui.state).trailing != "action needed")
    }

    @Test func consumablesStayOnSale() throws {
        let ui = try UITestHarness { $0.askToBuy = true }
        try ui.buy("5 Monkey Credits")
        #expect(RowText(.product("com.storefront.credits.5"), state: ui.state).trailing == "$0.99")
        try ui.select("5 Monkey Credits")
        ui.press(.enter)
        guard case .sheet = ui.state.mode else { Issue.record("no sheet: \(ui.state.mode)"); return }
    }

    @Test func withTheNetworkOffAPurchaseGoesPurchasingThenFails() throws {
        let ui = try UITestHarness()
        try ui.select("5 Monkey Credits")
        ui.press(.enter)
        try ui.changeSettings { $0.network = false }
        ui.press(.enter)  // Buy
        guard case .sheet(let sheet) = ui.state.mode, case .purchasing = sheet.stage else {
            Issue.record("no purchasing sheet: \(ui.state.mode)"); return
        }
        ui.wait()
        guard case .alert(let alert) = ui.state.mode else { Issue.record("no alert: \(ui.state.mode)"); return }
        #expect(alert.title == "Purchase Failed")
        #expect(ui.state.log.map(\.text).contains { $0.hasSuffix("purchasing  com.storefront.credits.5") })
    }
}

/// What the last run left reaches the relaunched storefront, labelled.
@Suite struct RelaunchLabelTests {
    @Test func aPurchaseLeftInFlightCompletesAfterTheRelaunchAndSaysSo() throws {
        let ui = try UITestHarness { $0.latencyMilliseconds = 5000 }
        // Another run confirmed it and was killed before the store answered.
        let killed = PaymentQueue(store: ui.store)
        _ = try killed.confirm(try killed.add(Payment(productID: "com.storefront.premium")).0)
        try ui.relaunch(loadsProducts: false)
        #expect(ui.runtime.tickInterval == 5, "the loop wakes when the store answers, not at the next key")
        ui.wait(seconds: 5)
        #expect(ui.state.snapshot.premiumUnlocked)
        #expect(ui.state.log.contains { $0.text.hasSuffix("purchased  com.storefront.premium  (redelivered at launch)") })
    }
}
