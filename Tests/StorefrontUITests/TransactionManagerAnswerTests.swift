import Foundation
import SampleApp
import AppStoreCore
import StoreKitSim
import Testing
@testable import StorefrontUI

/// Every action of the Transaction Manager is answered where the user looks: a banner, a line
/// in the log or an alert. None passes in silence.
@Suite struct TransactionManagerAnswerTests {
    /// A store with something to act on, the manager open on it.
    struct Scene: CustomTestStringConvertible, Sendable {
        let name: String
        let settings: @Sendable (inout Settings) -> Void
        let setUp: @Sendable (UITestHarness) throws -> Void
        let product: String
        var testDescription: String { name }
    }

    static let scenes = [
        Scene(name: "a subscription", settings: { _ in }, setUp: { try $0.buy("Pro Monthly") }, product: "com.storefront.pro.monthly"),
        Scene(name: "a subscription in billing retry", settings: { $0.billingRetry = true },
              setUp: { ui in try ui.buy("Pro Monthly"); ui.wait(seconds: 8 * 86_400); ui.press(.escape) }, product: "com.storefront.pro.monthly"),
        Scene(name: "a non-consumable", settings: { _ in }, setUp: { try $0.buy("Premium content") }, product: "com.storefront.premium"),
        Scene(name: "an Ask to Buy request", settings: { $0.askToBuy = true },
              setUp: { ui in try ui.select("Premium content"); ui.press(.enter, .enter); ui.wait(); ui.press(.escape) },
              product: "com.storefront.premium"),
    ]

    /// How many actions `scene`'s transaction offers.
    private func open(_ scene: Scene) throws -> (UITestHarness, [TransactionAction]) {
        let ui = try UITestHarness(settings: scene.settings)
        try scene.setUp(ui)
        ui.press(.char("t"))
        guard case .transactions(let panel) = ui.state.mode else { throw HarnessError("no manager:\n\(ui.screen)") }
        guard let index = panel.rows.firstIndex(where: { $0.productID == scene.product }) else { throw HarnessError("no row:\n\(ui.screen)") }
        for _ in 0..<index { ui.press(.down) }
        return (ui, ui.state.actions(for: panel.rows[index]))
    }

    @Test(arguments: scenes)
    func everyActionIsAnswered(scene: Scene) throws {
        let (first, actions) = try open(scene)
        #expect(!actions.isEmpty, "\(first.screen)")
        for (i, action) in actions.enumerated() {
            let (ui, _) = try open(scene)
            let banner = ui.state.banner
            let lines = ui.state.log.count
            ui.press(.enter)
            for _ in 0..<i { ui.press(.down) }
            ui.press(.enter)
            switch action {
            case .requestPriceIncrease: ui.press(.backspace, .backspace, .backspace, .backspace, .backspace); ui.type("9.99"); ui.press(.enter)
            case .clearPurchaseHistory: ui.press(.enter)
            default: break
            }
            ui.wait()
            // Said on the screen the user is looking at: the manager's own, or an alert over it.
            let said = [ui.state.banner.flatMap { $0 != banner ? $0.text : nil }] + ui.state.log.dropFirst(lines).map { Optional($0.text) }
            let shown = said.compactMap { $0 }.contains { ui.screen.contains(String($0.prefix(40))) }
            let alert = { if case .alert = ui.state.mode { true } else { false } }()
            #expect(shown || alert, "\(scene.name): \(action) passed in silence (said: \(said)):\n\(ui.screen)")
        }
    }
}
