import Foundation
import SampleApp
import AppStoreCore
import Testing
@testable import StorefrontUI

/// The store conditions' list of StoreKit APIs, each failing with its own error, and Manage
/// Subscriptions showing StoreKit's error instead of its sheet.
@Suite struct APIErrorsPanelTests {
    private func apiList(_ ui: UITestHarness) -> Int? {
        if case .settings(let panel) = ui.state.mode { return panel.api }
        return nil
    }

    @Test func theErrorsRowOpensTheAPIsAndEachChoosesItsOwnError() throws {
        let ui = try UITestHarness()
        ui.press(.char("s"))
        for _ in 0..<SettingRow.apiErrors.rawValue { ui.press(.down) }
        ui.press(.enter)
        #expect(apiList(ui) == StoreAPI.allCases.firstIndex(of: .purchase), "it opens on purchases, nothing failing")
        #expect(ui.screen.contains("StoreKit Errors per API"))
        #expect(ui.screen.contains("Verification") && !ui.screen.contains("Verification *"), "every API is simulated: none marked")
        #expect(!ui.screen.contains("not in storefront yet"))
        ui.press(.up, .enter)
        #expect(ui.screen.contains("Fail Load Products With"))
        #expect(ui.screen.contains("off: no error") && ui.screen.contains("notAvailableInStorefront"))
        #expect(!ui.screen.contains("paymentNotAllowed"), "StoreKitError's, not the purchase's SKError codes")
        ui.press(.down, .down, .down, .enter)
        #expect(ui.state.snapshot.settings.failures == [.loadProducts: .storeKit(.networkError)])
        #expect(try ui.storage.load().settings.failures == [.loadProducts: .storeKit(.networkError)], "saved at once")
        #expect(ui.screen.contains("LOAD PRODUCTS FAILING: networkError"), "its badge in the header")
        #expect(apiList(ui) == 0, "back on the list")

        ui.press(.down, .right)
        #expect(ui.state.snapshot.settings.failures[.purchase] == .skError(.unknown), "→ steps purchases from off to the first code")
        ui.press(.escape)
        #expect(apiList(ui) == nil)
        #expect(ui.screen.contains("2 APIs failing"))
        ui.press(.enter)
        #expect(apiList(ui) == 0, "it opens on the first API that fails")
        ui.press(.down, .left)
        #expect(ui.state.snapshot.settings.failures == [.loadProducts: .storeKit(.networkError)], "← steps purchases back to off")
    }

    @Test func theAppTransactionsErrorIsSetAndShown() throws {
        let ui = try UITestHarness { $0.failures[.appTransaction] = .storeKit(.unsupported) }
        #expect(ui.screen.contains("APP TRANSACTION FAILING: unsupported"))
        ui.press(.char("s"))
        for _ in 0..<SettingRow.apiErrors.rawValue { ui.press(.down) }
        ui.press(.enter)
        #expect(apiList(ui) == StoreAPI.allCases.firstIndex(of: .appTransaction), "on the API that fails")
        #expect(ui.screen.contains("App Transaction  ") && !ui.screen.contains("App Transaction *"))
        ui.press(.enter)
        #expect(ui.screen.contains("notEntitled"), "StoreKitError's among its choices")
    }

    @Test(arguments: [false, true])
    func manageSubscriptionsShowsStoreKitsErrorInstead(japanese: Bool) throws {
        let ui = try UITestHarness {
            $0.failures[.manageSubscriptions] = .storeKit(.notEntitled)
            if japanese { UITestHarness.useJapanese(&$0) }
        }
        ui.press(.char("m"))
        guard case .alert(let alert) = ui.state.mode else { Issue.record("no alert: \(ui.state.mode)"); return }
        #expect(alert.kind == .failure)
        #expect(alert.title == ui.state.strings.alerts.manageSubscriptionsFailed)
        #expect(ui.screen.contains(japanese ? "サブスクリプションの管理を開けません" : "Cannot Open Manage Subscriptions"))
        #expect(ui.screen.contains(japanese ? "StoreKit.StoreKitError コード 5 (notEntitled)" : "StoreKit.StoreKitError code 5 (notEntitled)"))
        #expect(ui.screen.contains(japanese ? "Appにはこのリクエストを行う権限がありません。" : "The app is not entitled to make this request."))
        ui.press(.enter)
        try ui.changeSettings { $0.failures[.manageSubscriptions] = nil }
        ui.press(.char("m"))
        guard case .subscriptions = ui.state.mode else { Issue.record("Manage Subscriptions did not open: \(ui.state.mode)"); return }
    }

    @Test func productsFailingAloneShowTheirError() throws {
        let ui = try UITestHarness { $0.failures[.loadProducts] = .storeKit(.notAvailableInStorefront) }
        #expect(ui.state.snapshot.productsError == .storeKitError(.notAvailableInStorefront))
        #expect(ui.screen.contains("Network down?"))
        try ui.changeSettings { $0.failures[.loadProducts] = nil }
        ui.press(.char("R"))
        ui.wait()
        #expect(ui.state.snapshot.productsError == nil)
        #expect(!ui.screen.contains("Network down?"))
    }
}
