import AppStoreCore
import Testing
@testable import StorefrontUI

/// Signing in offers the accounts used on this store, the last used first: in the Sign In
/// prompt and in the store conditions panel.
@Suite struct AccountChoiceTests {
    static let child = "family.child@example.com"

    /// A store where the sandbox account bought, then the child's, which then signed out.
    private func usedByTwo() throws -> UITestHarness {
        let ui = try UITestHarness()
        try ui.buy("5 Monkey Credits")
        try ui.changeSettings { $0.account = Self.child }
        try ui.buy("10 Monkey Credits")
        try ui.changeSettings { $0.account = nil }
        return ui
    }

    private func signInAccounts(_ ui: UITestHarness) -> (accounts: [String], chosen: Int)? {
        guard case .alert(let alert) = ui.state.mode, case .signIn(_, let accounts, let chosen) = alert.kind else { return nil }
        return (accounts, chosen)
    }

    @Test func theSignInPromptOffersTheLastUsedFirst() throws {
        let ui = try usedByTwo()
        try ui.select("Premium content here")
        ui.press(.enter)
        let prompt = try #require(signInAccounts(ui), "\(ui.state.mode)")
        #expect(prompt.accounts == [Self.child, Settings.defaultAccount])
        #expect(prompt.chosen == 0)
        #expect(ui.screen.contains("› \(Self.child)"), "\(ui.screen)")
        #expect(ui.screen.contains("↑↓ account"))
        ui.press(.enter)
        #expect(ui.state.snapshot.settings.account == Self.child)
        #expect(ui.screen.contains("[ Buy ]"), "signed in, the purchase goes on")
    }

    @Test func upAndDownChooseAnotherAccount() throws {
        let ui = try usedByTwo()
        ui.press(.char("r"))
        ui.press(.down, .down)
        #expect(signInAccounts(ui)?.chosen == 1, "the list ends at its last account")
        ui.press(.up)
        #expect(signInAccounts(ui)?.chosen == 0)
        ui.press(.char("j"), .enter)
        #expect(ui.state.snapshot.settings.account == Settings.defaultAccount)
        #expect(ui.state.log.contains { $0.text == "Signed in to the App Store as \(Settings.defaultAccount)" })
    }

    @Test func aClickChoosesAnAccount() throws {
        let ui = try usedByTwo()
        ui.press(.char("r"))
        let (x, y) = try #require(Self.position(of: Settings.defaultAccount, in: ui.screen))
        ui.press(.click(x: x, y: y))
        #expect(signInAccounts(ui)?.chosen == 1)
    }

    @Test func aStoreNobodyUsedOffersTheSandboxAccount() throws {
        let ui = try UITestHarness { $0.account = nil }
        ui.press(.char("r"))
        #expect(signInAccounts(ui)?.accounts == [Settings.defaultAccount])
        #expect(ui.screen.contains("Sign in as"))
        #expect(!ui.screen.contains("›"), "one account: a question, not a list")
    }

    @Test func thePanelStepsThroughTheAccountsUsed() throws {
        let ui = try UITestHarness()
        try ui.changeSettings { $0.account = "tester@example.com" }
        try ui.buy("5 Monkey Credits")
        try ui.changeSettings { $0.account = Settings.defaultAccount }
        ui.press(.char("s"))
        for _ in 0..<SettingRow.account.rawValue { ui.press(.down) }
        var steps: [String?] = []
        for _ in 0..<4 {
            ui.press(.right)
            steps.append(ui.state.snapshot.settings.account)
        }
        #expect(steps == [Self.child, nil, "tester@example.com", Settings.defaultAccount])
    }

    private static func position(of text: String, in screen: String) -> (x: Int, y: Int)? {
        for (y, line) in screen.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let range = line.range(of: text) { return (DisplayWidth.of(String(line[..<range.lowerBound])), y) }
        }
        return nil
    }
}
