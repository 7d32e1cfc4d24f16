import Testing
@testable import StorefrontUI

/// The detail pane's Japanese breaks between phrases, as a person reads it: never inside a
/// word ("1週 / 間") or between a verb and its ending ("保存されてい / ます").
@Suite struct JapanesePhraseWrapScreenTests {
    /// Failed before: "最初の1週 / 間は無料トライアル。" at 70×20.
    @Test func proMonthlysTrialAt70By20KeepsItsWeek() throws {
        let ui = try UITestHarness(width: 70, height: 20) { UITestHarness.useJapanese(&$0) }
        try ui.select(ui.state.title(of: "com.storefront.pro.monthly"))
        #expect(ui.screen.contains("1週間は"), "\(ui.screen)")
    }

    /// Failed before: "保存されてい / ます", "増えま / す。" at 100×30.
    @Test func theCreditsDetailKeepsItsVerbsWhole() throws {
        let ui = try UITestHarness { UITestHarness.useJapanese(&$0) }
        try ui.select(ui.state.strings.store.yourCredits)
        #expect(ui.screen.contains("保存されています。"), "\(ui.screen)")
        #expect(ui.screen.contains("増えます。"), "\(ui.screen)")
    }
}
