import Foundation
import SampleApp
import AppStoreCore
import StoreKitSim
import Testing
@testable import StorefrontUI

/// The storefront under the store's own clock: advanced from another terminal, or running faster.
@Suite struct StoreClockScreenTests {
    private func headerRule(_ ui: UITestHarness) -> String {
        String(ui.screen.split(separator: "\n", omittingEmptySubsequences: false)[1])
    }

    @Test func theHeaderShowsStoreTimeOnlyWhenItIsNotRealTime() throws {
        let ui = try UITestHarness()
        #expect(!headerRule(ui).contains("STORE TIME"), "real time needs no saying")
        // Another terminal: `storefront advance 3d`.
        try PaymentQueue(store: ui.store).advance(by: try #require(StoreDuration("3d")))
        ui.runtime.tick()
        let day = TimeDisplay(timeZone: TimeZone(identifier: "UTC")!).day(ui.clock.now + 3 * 86_400)
        #expect(headerRule(ui).contains("STORE TIME \(day)"), "\(headerRule(ui))")
    }

    @Test func theHeaderNamesAFasterRateAndItsClockMovesAtThatRate() throws {
        let ui = try UITestHarness()
        try ui.changeSettings { $0.timeRate = TimeRate("1d-per-s")! }
        let before = ui.state.now
        #expect(headerRule(ui).contains("· 1d-per-s"), "\(headerRule(ui))")
        #expect(ui.runtime.tickInterval == 1, "the clock in the header is redrawn once a second, no more")
        ui.wait(seconds: 1)
        #expect(ui.state.now == before + 86_400)
    }

    /// The machine's clock steps back an hour while the storefront is open and asking for its
    /// products: they arrive after the latency, not an hour later.
    @Test func aClockSetBackWhileOpenDoesNotHoldTheProductsBack() throws {
        let ui = try UITestHarness(loadsProducts: false)
        try PaymentQueue(store: ui.store).advance(by: try #require(StoreDuration("1min")))
        try ui.relaunch(loadsProducts: false)
        #expect(ui.screen.contains("Loading…"))
        ui.clock.advance(by: -3600)
        ui.wait(seconds: 0)
        ui.wait(seconds: 1)
        #expect(!ui.screen.contains("Loading…"), "\(ui.screen)")
        #expect(ui.screen.contains("$0.99"))
    }

    @Test func aStoreFarBehindShowsHowFarItsCatchUpHasGotUntilItIsDone() throws {
        let ui = try UITestHarness()
        try ui.buy("Pro Monthly")
        try ui.changeSettings { $0.timeRate = TimeRate("1y-per-s")! }
        // Said at once here (a real catch-up is said after a second), a chunk a tick.
        ui.runtime.catchUpShownAfter = .zero
        ui.runtime.queue.catchUpTimeBudget = .zero
        // A hundred real seconds with the storefront asleep: a century of monthly renewals due.
        let target = TimeDisplay(timeZone: TimeZone(identifier: "UTC")!).day(ui.state.now + 100 * 365 * 86_400)
        ui.wait(seconds: 100)
        #expect(headerRule(ui).contains("CATCHING UP 500 renewals · "), "\(headerRule(ui))")
        #expect(headerRule(ui).contains(" of \(target)"), "\(headerRule(ui))")
        #expect(ui.runtime.tickInterval == 0.01, "the next slice at once")
        var ticks = 0
        while headerRule(ui).contains("CATCHING UP"), ticks < 20 {
            ui.runtime.tick()
            ticks += 1
        }
        #expect(!headerRule(ui).contains("CATCHING UP") && headerRule(ui).contains("STORE TIME \(target)"), "\(headerRule(ui))")
        #expect((ui.state.snapshot.subscriptions.first?.expiresDate ?? .distantPast) > ui.state.now, "renewed up to now")
    }

    @Test func theJapaneseHeaderSaysTheCatchUpInJapanese() throws {
        let ui = try UITestHarness(settings: UITestHarness.useJapanese)
        try ui.buy("Pro Monthly")
        try ui.changeSettings { $0.timeRate = TimeRate("1y-per-s")! }
        ui.runtime.catchUpShownAfter = .zero
        ui.runtime.queue.catchUpTimeBudget = .zero
        ui.wait(seconds: 100)
        #expect(headerRule(ui).contains("追いつき中 500件の更新"), "\(headerRule(ui))")
    }

    @Test func anIdleStorefrontSleepsUntilTheNextRenewal() throws {
        let ui = try UITestHarness()
        try ui.buy("Pro Monthly")
        let expiry = try #require(ui.state.snapshot.subscriptionExpiries["com.storefront.pro.monthly"] ?? nil)
        #expect(ui.runtime.tickInterval == expiry.timeIntervalSince(ui.state.now), "no polling: it wakes when the period ends")
        ui.wait(seconds: expiry.timeIntervalSince(ui.state.now))
        #expect(ui.state.log.contains { $0.text.contains("purchased") && $0.text.contains("renewal") }, "renewed as it woke")
    }

    @Test func anAskToBuyRequestLapsingDisappearsFromTheApprovals() throws {
        let ui = try UITestHarness { $0.askToBuy = true }
        try ui.buy("10 Monkey Credits")
        #expect(ui.state.snapshot.pendingApprovals.count == 1)
        try PaymentQueue(store: ui.store).advance(by: try #require(StoreDuration("25h")))
        ui.runtime.tick()
        #expect(ui.state.snapshot.pendingApprovals.isEmpty)
        #expect(ui.state.snapshot.queue.isEmpty)
    }

    /// The app hears nothing of a lapse (as Apple documents), but the log tells the store's
    /// side too: a dimmed line, at the moment the request lapsed.
    @Test func anAskToBuyRequestLapsingIsToldInTheLogAtItsTime() throws {
        let ui = try UITestHarness { $0.askToBuy = true }
        try ui.buy("10 Monkey Credits")
        let request = try #require(ui.state.snapshot.pendingApprovals.first)
        let lapse = try #require(request.lapseDate)
        // Another terminal: `storefront advance 25h`.
        try PaymentQueue(store: ui.store).advance(by: try #require(StoreDuration("25h")))
        ui.runtime.tick()
        let line = try #require(ui.state.log.last)
        #expect(line.text == "\(request.id) Ask to Buy request lapsed  com.storefront.credits.10  (24 hours unanswered: dropped by the store, no update to the app)")
        #expect(line.date == lapse, "stamped when it lapsed, not when the storefront noticed")
        #expect(line.tint == .muted, "dimmed, as the store's own lines")
        let shown = try #require(ui.screen.split(separator: "\n").first { $0.contains("\(request.id) Ask to Buy request lapsed") })
        #expect(shown.hasPrefix(" \(ui.state.times.stamp(of: lapse, now: ui.state.now)) "), "\(shown)")
        ui.runtime.tick()
        #expect(ui.state.log.filter { $0.text.contains("lapsed") }.count == 1, "told once")

        try ui.relaunch()
        #expect(ui.screen.contains("\(request.id) deferred  com.storefront.credits.10  (lapsed unanswered)"),
                "an earlier line no longer says it waits:\n\(ui.screen)")
    }

    @Test func aRequestLapsingAsTheStorefrontWatchesIsToldInItsLanguage() throws {
        let ui = try UITestHarness {
            $0.askToBuy = true
            UITestHarness.useJapanese(&$0)
        }
        try ui.buy("10 Monkey Credits")
        let request = try #require(ui.state.snapshot.pendingApprovals.first)
        ui.wait(seconds: 25 * 3600)
        let line = try #require(ui.state.log.last)
        #expect(line.text.hasPrefix("\(request.id) 購入のリクエストが失効  com.storefront.credits.10"), "\(line.text)")
        #expect(line.date == request.lapseDate)
    }

    @Test func aRequestAnsweredInTimeIsNoLapse() throws {
        let ui = try UITestHarness { $0.askToBuy = true }
        try ui.buy("10 Monkey Credits")
        let request = try #require(ui.state.snapshot.pendingApprovals.first)
        try PaymentQueue(store: ui.store).decline(transactionID: request.id)
        try PaymentQueue(store: ui.store).advance(by: try #require(StoreDuration("25h")))
        ui.runtime.tick()
        #expect(!ui.state.log.contains { $0.text.contains("lapsed") })
    }

    /// One time everywhere: a renewal the storefront hears of late (store time moved on from
    /// another terminal) is stamped with its renewal date in the pane, as in the full log.
    @Test func aRenewalHeardLateIsStampedWhenItHappened() throws {
        let ui = try UITestHarness(width: 120)
        try ui.buy("Pro Monthly")
        try PaymentQueue(store: ui.store).advance(by: try #require(StoreDuration("40d")))
        ui.runtime.tick()
        let renewals = ui.transactions.filter { $0.reason == .renewal }
        try #require(renewals.count >= 2)
        for renewal in renewals {
            let line = try #require(ui.state.log.first { $0.text.hasPrefix("\(renewal.id) purchased") })
            #expect(line.date == renewal.queueState.transactionDate, "\(line.text)")
        }
        let latest = try #require(renewals.last)
        let paneLine = try #require(ui.screen.split(separator: "\n").first { $0.contains("\(latest.id) purchased") })
        #expect(paneLine.contains(ui.state.times.stamp(of: latest.queueState.transactionDate, now: ui.state.now)), "\(paneLine)")
        ui.press(.char("l"))
        let logRow = try #require(ui.screen.split(separator: "\n").first { $0.contains("\(latest.id)  ") })
        #expect(logRow.contains("\(ui.state.times.day(latest.queueState.transactionDate)) \(ui.state.times.time(latest.queueState.transactionDate))"), "\(logRow)")
    }
}
