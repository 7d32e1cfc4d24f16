import Foundation
import SampleApp
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
}
