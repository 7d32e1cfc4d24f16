import DataFiles
import Foundation
import SampleApp
import AppStoreCore
import Testing
@testable import StorefrontUI

/// What the user sees when a purchase does not verify, and when UserDefaults.json claimed
/// more than the signed transactions give: in English and Japanese.
@Suite struct SignedDataScreenTests {
    @Test(arguments: [false, true])
    func aPurchaseThatDoesNotVerifyIsToldAndNotDelivered(japanese: Bool) throws {
        let ui = try UITestHarness {
            if japanese { UITestHarness.useJapanese(&$0) }
            $0.failures[.verification] = .verification(.invalidSignature)
        }
        try ui.select("Premium content here")
        ui.buySelected()
        let screen = ui.screen
        if japanese {
            #expect(screen.contains("購入を完了できません"))
            #expect(screen.contains("「プレミアム名言集」のApp Storeの署名を"))
            #expect(screen.contains("検証できなかったため、Appはこの項目を配信していません。"))
            #expect(screen.contains("配信できず、未完了のままキューに残します"), "the log says so")
        } else {
            #expect(screen.contains("Cannot Complete Purchase"))
            #expect(screen.contains("The App Store's signature on Premium Quotes could not be"))
            #expect(screen.contains("not delivered, left unfinished in the queue"), "the log says so")
        }
        #expect(!screen.contains("You're all set.") && !screen.contains("設定が完了しました"))
        ui.press(.enter)
        #expect(ui.state.snapshot.premiumUnlocked == false)
        #expect(ui.transactions.last.map { !$0.queueState.finished } == true)
    }

    @Test(arguments: [false, true])
    func aHandGrantedUnlockIsCorrectedWithABannerAndALogLine(japanese: Bool) throws {
        let ui = try UITestHarness { if japanese { UITestHarness.useJapanese(&$0) } }
        try UserDefaultsFile(url: ui.directory.appendingPathComponent("UserDefaults.json")).set(.bool(true), forKey: "com.storefront.premium")
        try ui.relaunch()
        let screen = ui.screen
        if japanese {
            #expect(screen.contains("✗ UserDefaults.jsonを修正しました: com.storefront.premium true → false"))
            #expect(screen.contains("UserDefaults.jsonのcom.storefront.premium = trueを、署名付きトランザクションのとおり"))
        } else {
            #expect(screen.contains("✗ UserDefaults.json corrected: com.storefront.premium true → false"))
            #expect(screen.contains("UserDefaults.json claimed com.storefront.premium = true, the signed transactions say"))
        }
        #expect(ui.state.snapshot.premiumUnlocked == false)
    }

    @Test func aRealPurchaseIsNotCorrected() throws {
        let ui = try UITestHarness()
        try ui.buy("Premium content here")
        try ui.relaunch()
        #expect(!ui.screen.contains("UserDefaults.json corrected"))
        #expect(ui.state.snapshot.premiumUnlocked == true)
    }
}
