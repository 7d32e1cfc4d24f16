import Foundation
import SampleApp
import SnapshotTesting
import AppStoreCore
import Testing
@testable import StorefrontUI

/// The App Store's message sheets rendered to text, as every other dialog is
/// (ScreenSnapshotTests): in English at 100×30 and 80×24, in Japanese at 100×30, 80×24 and
/// 70×20, compared with reviewed snapshots; no Japanese sheet shows English of the app's own.
@Suite struct MessageSheetSnapshotTests {
    private func check(_ name: String, settings: @escaping (inout Settings) -> Void = { _ in },
                       testName: String = #function, _ steps: (UITestHarness) throws -> Void) throws {
        let english = ScreenSizes.english.map { ($0, $1, false) }
        let japanese = ScreenSizes.japanese.map { ($0, $1, true) }
        for (width, height, inJapanese) in english + japanese {
            let ui = try UITestHarness(width: width, height: height) {
                settings(&$0)
                if inJapanese { UITestHarness.useJapanese(&$0) }
            }
            try steps(ui)
            let named = "\(name)\(inJapanese ? "-ja" : "")-\(width)x\(height)"
            assertSnapshot(of: ui.screen, as: .lines, named: named, testName: testName)
            if inJapanese {
                let words = JapaneseScreenText.englishWords(in: ui.screen, state: ui.state)
                #expect(words.isEmpty, "English of the app's own on \(named): \(words)\n\(ui.screen)")
            }
        }
    }

    @Test func billingProblem() throws {
        try check("billing-problem", settings: { $0.billingRetry = true }) { ui in
            try ui.buy("Pro Monthly")
            ui.wait(seconds: 8 * 86_400)
        }
    }

    @Test func billingProblemInGrace() throws {
        try check("billing-problem-grace", settings: { $0.billingRetry = true; $0.gracePeriod = .sixteenDays }) { ui in
            try ui.buy("Pro Monthly")
            ui.wait(seconds: 8 * 86_400)
        }
    }

    @Test func priceIncreaseConsent() throws {
        try check("price-increase") { ui in
            try ui.buy("Pro Monthly")
            let storefront = ui.state.storefront.id
            ui.runtime.perform(.priceIncrease(productID: "com.storefront.pro.monthly", storefront: nil,
                                              price: storefront == "JPN" ? 1000 : 5.99, consentNeeded: true))
        }
    }
}

/// The sizes every screen is checked at.
enum ScreenSizes {
    static let english = [(100, 30), (80, 24)]
    static let japanese = [(100, 30), (80, 24), (70, 20)]
}
