import Foundation
import Testing
@testable import StorefrontUI
import Wording

/// Another storefront, refused while a subscription has not ended, is told as what it is: the
/// country or region could not be changed, not a purchase that could not complete.
@Suite struct StorefrontChangeRefusalTests {
    @Test(arguments: [false, true]) func aStorefrontChangeWhileSubscribedHasItsOwnTitle(japanese: Bool) throws {
        let ui = try UITestHarness(settings: japanese ? UITestHarness.useJapanese : { _ in })
        try ui.buy("Pro Monthly")
        ui.press(.char("s"))
        for _ in 0..<SettingRow.storefront.rawValue { ui.press(.down) }
        ui.press(.right)
        guard case .alert(let alert) = ui.state.mode else { Issue.record("no alert: \(ui.state.mode)"); return }
        let title = japanese ? "国または地域を変更できません" : "Cannot Change Country or Region"
        #expect(alert.title == title)
        #expect(alert.message == ui.state.strings.errors.description(.activeSubscriptionInStorefront))
        let screen = ui.screen
        #expect(screen.contains(title), "\(screen)")
        #expect(!screen.contains(ui.state.strings.alerts.cannotCompleteTitle), "\(screen)")
        #expect(ui.state.snapshot.settings.storefront == (japanese ? "JPN" : "USA"), "the storefront stays")
    }
}
