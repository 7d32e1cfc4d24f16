import Foundation
import AppStoreCore
import Testing
@testable import StorefrontUI

/// The store's pace as a presenter sees it: the products load after the latency, the latency
/// steps over its whole range, and hold waits for the side button (Enter).
@Suite struct PacingTests {
    private func lines(_ ui: UITestHarness) -> [String] { ui.screen.components(separatedBy: "\n") }

    // MARK: Loading the products

    @Test func theProductsReadLoadingUntilTheAnswerIsDue() throws {
        let ui = try UITestHarness(loadsProducts: false)
        #expect(ui.state.snapshot.isLoadingProducts)
        #expect(lines(ui).contains { $0.contains("5 Monkey Credits") && $0.contains("Loading…") })
        try ui.select("5 Monkey Credits")
        #expect(ui.state.mode == .store, "keys still work while loading")
        #expect(ui.runtime.tickInterval == 1, "the loop sleeps until the answer is due, one latency away")
        ui.press(.enter)
        #expect(ui.state.mode == .store, "nothing to buy before the answer")
        ui.clock.advance(by: 0.5)
        ui.runtime.tick()
        #expect(ui.screen.contains("Loading…"))
        #expect(ui.runtime.tickInterval == 0.5)
        ui.clock.advance(by: 0.5)
        ui.runtime.tick()
        #expect(!ui.screen.contains("Loading…"))
        #expect(ui.screen.contains("$0.99"))
        #expect(ui.runtime.tickInterval == nil, "idle once the answer is in")
    }

    @Test func theProductsReadNetworkDownAfterTheLatencyWithTheNetworkOff() throws {
        let ui = try UITestHarness(loadsProducts: false) { $0.network = false }
        #expect(ui.screen.contains("Loading…"))
        #expect(!ui.screen.contains("Network down?"))
        ui.wait()
        #expect(ui.screen.contains("Network down?"))
        #expect(ui.state.mode == .store, "no alert: the app asked by itself")
    }

    @Test func aStorefrontChangeAsksAgainOtherChangesDoNot() throws {
        let ui = try UITestHarness()
        try ui.changeSettings { $0.askToBuy = true; $0.latencyMilliseconds = 2000 }
        #expect(ui.screen.contains("$0.99"), "the products stay as they are")
        try ui.changeSettings { $0.storefront = "JPN" }
        #expect(ui.screen.contains(ui.state.strings.store.loading), "new prices are on their way")
        ui.wait()
        #expect(ui.screen.contains("¥160"))
    }

    /// An app keeps the products it has: the network going down fails only what it asks for
    /// next (a retry, a purchase), and the rows keep their prices and the invalid identifiers.
    @Test func theNetworkGoingOffKeepsTheProductsTheAppHas() throws {
        let ui = try UITestHarness()
        func toggleNetwork() {
            ui.press(.char("s"))
            for _ in 0..<SettingRow.network.rawValue { ui.press(.down) }
            ui.press(.enter, .escape)
        }
        let loaded = try #require(ui.state.snapshot.loadedProducts)
        #expect(!loaded.invalidProductIdentifiers.isEmpty)
        toggleNetwork()  // off, from the panel
        ui.wait()
        #expect(!ui.state.snapshot.settings.network)
        #expect(ui.state.snapshot.loadedProducts == loaded, "the products and the invalid identifiers stay")
        #expect(ui.screen.contains("$0.99"))
        #expect(!ui.screen.contains("Network down?"))
        #expect(!ui.screen.contains("R retry"), "nothing failed to load")

        ui.press(.char("R"))
        #expect(ui.screen.contains("$0.99"), "what the app has stays while it asks")
        ui.wait()
        #expect(ui.screen.contains("Cannot Connect to the App Store"), "the new request fails, and says so")
        ui.press(.enter)
        #expect(ui.state.snapshot.loadedProducts == loaded, "and takes nothing away")

        try ui.select("5 Monkey Credits")
        ui.buySelected()
        #expect(ui.screen.contains("Purchase Failed"), "a purchase fails at the store")
        ui.press(.enter)
        toggleNetwork()  // on again
        try ui.buy("5 Monkey Credits")
        #expect(ui.state.snapshot.credits == 5)
    }

    // MARK: The latency's steps

    @Test func theLatencyStepsOverTheWholeRangeAndFromBetweenSteps() throws {
        #expect(SettingRow.latencies.first == Settings.latencyRange.lowerBound)
        #expect(SettingRow.latencies.last == Settings.latencyRange.upperBound)
        #expect(SettingRow.latency(after: 1500, step: 1) == 2000)
        #expect(SettingRow.latency(after: 1500, step: -1) == 1000)
        #expect(SettingRow.latency(after: 1234, step: 1) == 1500, "a value set with the command line goes to its neighbour")
        #expect(SettingRow.latency(after: 1234, step: -1) == 1000)
        #expect(SettingRow.latency(after: 45_000, step: 1) == 60_000)
        #expect(SettingRow.latency(after: 60_000, step: 1, wrapping: true) == 0, "round again, as Enter only steps up")

        let ui = try UITestHarness { $0.latencyMilliseconds = 1234 }
        ui.press(.char("s"))
        for _ in 0..<SettingRow.latency.rawValue { ui.press(.down) }
        #expect(lines(ui).contains { $0.contains("Store latency") && $0.contains("1.234 s") }, "shown as it is")
        ui.press(.right)
        #expect(try ui.store.settings().latencyMilliseconds == 1500)
        for _ in 0..<6 { ui.press(.enter) }
        #expect(try ui.store.settings().latencyMilliseconds == 30_000)
        #expect(lines(ui).contains { $0.contains("Store latency") && $0.contains("30 s") })
        ui.press(.right)
        #expect(try ui.store.settings().latencyMilliseconds == 60_000)
        ui.press(.left, .left)
        #expect(try ui.store.settings().latencyMilliseconds == 15_000)
    }

    @Test func leftAndRightStopAtTheEndsEnterGoesRound() throws {
        #expect(SettingRow.latency(after: 0, step: -1) == 0)
        #expect(SettingRow.latency(after: 60_000, step: 1) == 60_000)

        let ui = try UITestHarness { $0.latencyMilliseconds = 0 }
        ui.press(.char("s"))
        for _ in 0..<SettingRow.latency.rawValue { ui.press(.down) }
        ui.press(.left)
        #expect(try ui.store.settings().latencyMilliseconds == 0, "stepping down from 0 never lands on a minute")
        try ui.changeSettings { $0.latencyMilliseconds = 60_000 }
        ui.press(.right)
        #expect(try ui.store.settings().latencyMilliseconds == 60_000)
        ui.press(.enter)
        #expect(try ui.store.settings().latencyMilliseconds == 0, "Enter only steps up, so it goes round")
    }

    // MARK: Hold

    @Test func holdIsAPanelToggleAndAHeaderBadge() throws {
        let ui = try UITestHarness()
        #expect(!lines(ui)[1].contains("HOLD"))
        ui.press(.char("s"))
        for _ in 0..<SettingRow.hold.rawValue { ui.press(.down) }
        ui.press(.enter)
        #expect(try ui.store.settings().hold, "saved in the store")
        #expect(lines(ui)[1].contains("HOLD"))
        #expect(lines(ui).contains { $0.contains("Wait for side button") && $0.contains("on") })
    }

    @Test func aHeldPurchaseWaitsForEnterThenTakesTheLatency() throws {
        let ui = try UITestHarness { $0.hold = true }
        try ui.select("Premium content here")
        ui.press(.enter, .enter)
        #expect(ui.screen.contains("Double-click the side button to confirm — press Enter"))
        #expect(!ui.state.isBusy)
        #expect(ui.runtime.tickInterval == nil, "nothing is due: the loop sleeps until a key")
        ui.wait(seconds: 60)
        #expect(ui.screen.contains("press Enter"), "a minute later it still waits")
        #expect(ui.transactions.last?.queueState.state == .purchasing)
        ui.press(.enter)
        #expect(ui.screen.contains("Purchasing…"))
        #expect(ui.state.isBusy)
        ui.wait()
        guard case .alert(let alert) = ui.state.mode else { Issue.record("no outcome: \(ui.state.mode)"); return }
        #expect(alert.kind == .success)
        #expect(ui.state.snapshot.premiumUnlocked)
    }

    @Test func escOnAHeldPurchaseCancelsSilently() throws {
        let ui = try UITestHarness { $0.hold = true }
        try ui.select("5 Monkey Credits")
        ui.press(.enter, .enter)
        #expect(ui.screen.contains("press Enter"))
        ui.press(.escape)
        #expect(ui.state.mode == .store)
        #expect(ui.transactions.last?.queueState.error?.isCancellation == true)
        #expect(ui.state.snapshot.credits == 0)
    }

    @Test func aHeldRestoreWaitsForEnterAndEscCancelsIt() throws {
        let ui = try UITestHarness()
        try ui.buy("Premium content here")
        ui.press(.char("D"), .tab, .enter)
        try ui.changeSettings { $0.hold = true }
        ui.press(.char("r"))
        #expect(ui.screen.contains("Restore Purchases"))
        #expect(ui.screen.contains("press Enter"))
        ui.press(.escape)
        #expect(ui.state.mode == .store, "dismissed silently")
        ui.press(.char("r"))
        ui.press(.enter)
        #expect(ui.screen.contains("Restoring purchases…"))
        ui.wait()
        guard case .alert(let alert) = ui.state.mode else { Issue.record("no summary: \(ui.state.mode)"); return }
        #expect(alert.title == "Purchases Restored")
        #expect(ui.state.snapshot.premiumUnlocked)
    }
}
