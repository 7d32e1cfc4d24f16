import Foundation
import Testing
@testable import StorefrontUI

/// Cancel Subscription's confirmation, opened over Manage Subscriptions, is the dialog in front:
/// its buttons and title are read as any dialog's, and the panel's rows by their titles as
/// drawn, so a walkthrough presses and chooses in them as a person does.
@Suite struct PanelDialogTests {
    @Test(arguments: [false, true])
    func theConfirmationOverManageSubscriptionsIsTheDialogInFront(japanese: Bool) throws {
        let ui = try UITestHarness { if japanese { UITestHarness.useJapanese(&$0) } }
        try ui.buy("Pro Monthly")
        ui.press(.char("m"))
        let words = ui.state.strings.store
        #expect(ui.state.dialogButtons == nil && ui.state.dialogTitle == nil, "a panel alone has no dialog in front")
        let rows = try #require(ui.state.manageSubscriptionsRows)
        let pro = ui.state.title(of: "com.storefront.pro.monthly")
        #expect(rows.titles.contains(pro) && rows.titles.contains(ui.state.title(of: "com.storefront.lite.monthly")))
        #expect(rows.titles.last == words.cancelFreeTrial, "\(rows.titles)")
        #expect(rows.selection == rows.titles.firstIndex(of: pro), "it opens on the current plan")
        for title in rows.titles { #expect(ui.screen.contains(title), "\(title) is drawn:\n\(ui.screen)") }

        ui.press(.end, .enter)
        #expect(ui.state.dialogButtons == DialogButtons(labels: [ui.state.strings.sheet.notNow, words.confirm], focus: 0))
        #expect(ui.state.dialogTitle == words.confirmCancellation)
        #expect(ui.state.manageSubscriptionsRows == nil, "nothing to choose while the confirmation is open")
        ui.press(.tab)
        #expect(ui.state.dialogButtons?.focus == 1)
    }

    @Test func resubscribeNamesThePlanItRenewsTo() throws {
        let ui = try UITestHarness()
        try ui.buy("Pro Monthly")
        // Cancelled: the action under the plans is Resubscribe.
        ui.press(.char("m"), .end, .enter, .right, .enter)
        #expect(ui.state.manageSubscriptionsRows?.titles.last == ui.state.strings.store.resubscribe, "\(ui.screen)")
    }
}
