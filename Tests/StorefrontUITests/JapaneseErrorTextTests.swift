import DataFiles
import Foundation
import SampleApp
import AppStoreCore
import StoreKitSim
import Testing
@testable import StorefrontUI

/// The engine's errors on a Japanese screen: what to do in Japanese, the commands as typed;
/// a data file's line (its path, where in it, what is wrong) as found, in every language.
@Suite struct JapaneseErrorTextTests {
    private func alert(_ ui: UITestHarness) throws -> Alert {
        guard case .alert(let alert) = ui.state.mode else { throw HarnessError("no alert: \(ui.state.mode)") }
        return alert
    }

    @Test func aDataFileBrokenWhileOpenIsExplainedInJapanese() throws {
        let ui = try UITestHarness(settings: UITestHarness.useJapanese)
        try ui.buy("5 Monkey Credits")
        try Data("{\"credits\": ".utf8).write(to: ui.directory.appendingPathComponent("UserDefaults.json"))
        ui.runtime.tick()
        let logged = try #require(ui.state.log.last { $0.text.contains("UserDefaults.json") }).text
        #expect(logged.hasPrefix("問題: "))
        #expect(logged.contains("storefrontはこのファイルに手を付けません。"), "\(logged)")

        try ui.select("Your credits")
        ui.press(.enter, .enter)
        let shown = try alert(ui)
        #expect(shown.title == "データファイルを使用できません")
        let lines = shown.message.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix(ui.directory.appendingPathComponent("UserDefaults.json").path), "the file's line as found")
        #expect(lines[1] == "storefrontはこのファイルに手を付けません。手で直すか、`storefront reset --app-only`でAppを削除してください"
            + "(このファイルはUserDefaults.json.broken-…として残します)。")
        #expect(JapaneseScreenText.englishWords(in: shown.message, state: ui.state, diagnostics: [lines[0]]).isEmpty)
    }

    /// The same error in English reads as the command line words it.
    @Test func inEnglishTheRemedyIsTheCommandLines() throws {
        let error = DataFileError(path: "/data/UserDefaults.json", location: "line 1, column 13", problem: "not valid JSON",
                                  remedy: .resetApp(.editFile))
        #expect(ErrorText.of(error, in: .english) == """
            /data/UserDefaults.json: line 1, column 13: not valid JSON
            storefront leaves it untouched. Fix it by hand, or run `storefront reset --app-only` to delete the app \
            (it keeps this file aside as UserDefaults.json.broken-…).
            """)
        #expect(ErrorText.of(StoreAdminError.lapsed("1000000004"), in: .english)
            == "transaction 1000000004 was an Ask to Buy request nobody answered within 24 hours, so the store dropped it: buy again to ask again")
    }

    /// A request answered in another terminal first: approving it here is refused, in Japanese.
    @Test func aRequestNoLongerWaitingIsRefusedInJapanese() throws {
        let ui = try UITestHarness {
            UITestHarness.useJapanese(&$0)
            $0.askToBuy = true
        }
        try ui.buy("5 Monkey Credits")
        ui.press(.char("a"))
        let id = try #require(ui.state.snapshot.pendingApprovals.first?.id)
        try PaymentQueue(store: ui.store).approve(transactionID: id)
        ui.press(.enter)
        let shown = try alert(ui)
        #expect(shown.title == "リクエストに応答できません", "no fault of the data files")
        #expect(shown.message == "トランザクション\(id)は承認を待っていません(状態: 購入済み)。承認待ちのものは`storefront pending`で一覧できます。")
        #expect(JapaneseScreenText.englishWords(in: ui.screen, state: ui.state).isEmpty, "\(ui.screen)")
    }

    /// A quantity the store refused (bought from the command line) reads in Japanese in the log.
    @Test func aRefusedQuantityReadsInJapaneseInTheLog() throws {
        let ui = try UITestHarness(settings: UITestHarness.useJapanese)
        _ = try PaymentQueue(store: ui.store).add(Payment(productID: "com.storefront.premium", quantity: 3))
        try ui.relaunch()
        ui.press(.char("l"))
        #expect(ui.screen.contains("数量3はcom.storefront.premiumには指定できません。"), "\(ui.screen)")
        #expect(JapaneseScreenText.englishWords(in: ui.screen, state: ui.state).isEmpty, "\(ui.screen)")
    }
}
