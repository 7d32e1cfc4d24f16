import AppStoreCore
import Foundation
import SampleApp
import StoreKitSim
import Testing
@testable import StorefrontUI

/// Promoted In-App Purchases: an App Store product page starts a purchase, and the app
/// continues it (its sheet opens) or holds it until it is ready.
@Suite struct PromotedPurchaseTests {
    static let premium = "com.storefront.premium"

    /// Another terminal's `storefront promote`: the store keeps it, the storefront hears of it at its next tick.
    private func promoteElsewhere(_ productID: String, _ ui: UITestHarness) throws {
        try StoreAdmin(store: ui.store).promote(productID, account: try ui.store.settings().account)
        ui.runtime.tick()
    }

    private func sheetProduct(_ ui: UITestHarness) -> String? {
        if case .sheet(let sheet) = ui.state.mode { sheet.productID } else { nil }
    }

    @Test(arguments: [false, true])
    func theAppContinuesItAtOnceWhenReady(japanese: Bool) throws {
        let ui = try UITestHarness { if japanese { UITestHarness.useJapanese(&$0) } }
        try promoteElsewhere(Self.premium, ui)
        #expect(sheetProduct(ui) == Self.premium, "its sheet opens: \(ui.screen)")
        let log = ui.state.strings.log
        let name = ui.state.title(of: Self.premium)
        #expect(ui.state.log.map(\.text).suffix(2) == [log.promoted(Self.premium), log.promotedContinued(name)])
        ui.press(.enter)
        ui.wait()
        #expect(ui.state.snapshot.premiumUnlocked, "bought through its own sheet")
        let stored = try ui.store.storage.load().purchaseIntents
        #expect(ui.state.snapshot.purchaseIntents.isEmpty && stored.isEmpty, "the store forgets it")
    }

    @Test func whileAnotherPurchaseIsInProgressTheAppHoldsItThenContinuesIt() throws {
        let ui = try UITestHarness()
        try ui.select("10 Monkey Credits")
        ui.press(.enter)
        try promoteElsewhere(Self.premium, ui)
        #expect(sheetProduct(ui) == "com.storefront.credits.10", "the sheet in front stays")
        #expect(ui.state.log.last?.text == ui.state.strings.log.promotedHeld(ui.state.title(of: Self.premium)))
        ui.press(.enter)  // Buy the credits
        ui.wait()
        #expect(ui.state.snapshot.credits == 10)
        ui.press(.enter)  // You're all set: OK
        #expect(sheetProduct(ui) == Self.premium, "continued once the app is ready: \(ui.screen)")
    }

    @Test func cancellingItsSheetEndsIt() throws {
        let ui = try UITestHarness()
        try promoteElsewhere(Self.premium, ui)
        ui.press(.escape)
        ui.wait()
        #expect(ui.state.mode == .store, "not opened again: \(ui.screen)")
        #expect(try ui.store.storage.load().purchaseIntents.isEmpty)
        #expect(ui.transactions.last?.queueState.error?.isCancellation == true)
    }

    @Test func oneStartedWhileTheAppWasClosedIsContinuedAtItsLaunch() throws {
        let ui = try UITestHarness()
        try StoreAdmin(store: ui.store).promote(Self.premium, account: try ui.store.settings().account)
        try ui.relaunch()
        #expect(sheetProduct(ui) == Self.premium, "\(ui.screen)")
    }
}
