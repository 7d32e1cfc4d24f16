import Foundation
import AppStoreCore
import SampleApp
import Testing
@testable import StorefrontUI

/// What the storefront says: commands that act on this store, quantities, local times.
@Suite struct MessageTests {
    private static let tokyo = TimeZone(identifier: "Asia/Tokyo")!
    private static let utc = TimeZone(identifier: "UTC")!

    /// `date` as a clock in `zone` reads it, worked out apart from the code under test.
    private func clockTime(_ date: Date, in zone: TimeZone) -> (day: String, time: String) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return (String(format: "%04d-%02d-%02d", c.year!, c.month!, c.day!),
                String(format: "%02d:%02d:%02d", c.hour!, c.minute!, c.second!))
    }

    private func askToBuyNotice(_ ui: UITestHarness) throws -> Alert {
        try ui.select("10 Monkey Credits")
        ui.buySelected(quantity: 2)
        guard case .alert(let alert) = ui.state.mode else { throw HarnessError("no notice: \(ui.state.mode)") }
        return alert
    }

    @Test func theRequestSentNoticeGivesTheCommandForThisDataDirectory() throws {
        let hint = CommandLineHint(dataDirectory: "/tmp/my store")
        let ui = try CommandLineHint.$current.withValue(hint) { try UITestHarness { $0.askToBuy = true } }
        let alert = try askToBuyNotice(ui)
        let id = try #require(ui.state.snapshot.pendingApprovals.first?.id)
        #expect(alert.detail == "storefront --data-dir '/tmp/my store' approve \(id)")
        ui.press(.enter, .char("a"))
        #expect(ui.screen.contains("storefront --data-dir '/tmp/my store' approve|decline|resolve ID"), "\(ui.screen)")
    }

    @Test func theRequestSentNoticeLeavesOutTheDefaultDataDirectory() throws {
        let ui = try UITestHarness { $0.askToBuy = true }
        let alert = try askToBuyNotice(ui)
        let id = try #require(ui.state.snapshot.pendingApprovals.first?.id)
        #expect(alert.detail == "storefront approve \(id)")
    }

    @Test func theRequestSentNoticeNamesTheQuantity() throws {
        let ui = try UITestHarness { $0.askToBuy = true }
        let alert = try askToBuyNotice(ui)
        #expect(alert.message.hasPrefix("A request to buy 10 Monkey Credits ×2 was sent"), "\(alert.message)")
    }

    @Test func theSuccessSummaryNamesTheQuantity() throws {
        let ui = try UITestHarness()
        try ui.select("10 Monkey Credits")
        ui.buySelected(quantity: 3)
        guard case .alert(let alert) = ui.state.mode else { Issue.record("no outcome: \(ui.state.mode)"); return }
        #expect(alert.detail == "10 Monkey Credits ×3: +30 credits.", "\(alert.detail ?? "")")
        #expect(ui.state.log.contains { $0.text.hasSuffix("purchased  com.storefront.credits.10 ×3") })
    }

    @Test func theFailureAlertNamesTheQuantity() throws {
        let ui = try UITestHarness { $0.failWith = .paymentNotAllowed }
        try ui.select("10 Monkey Credits")
        ui.buySelected(quantity: 2)
        guard case .alert(let alert) = ui.state.mode else { Issue.record("no alert: \(ui.state.mode)"); return }
        #expect(alert.kind == .failure)
        #expect(alert.message.hasPrefix("Could not buy 10 Monkey Credits ×2. "), "\(alert.message)")
    }

    @Test(arguments: [("Asia/Tokyo", "+09:00"), ("UTC", "+00:00")])
    func theLogShowsLocalTimesAndNamesTheZoneOnce(zone: String, offset: String) throws {
        let timeZone = try #require(TimeZone(identifier: zone))
        let ui = try UITestHarness(timeZone: timeZone)
        try ui.buy("5 Monkey Credits")
        let line = try #require(ui.state.log.first { $0.text.hasSuffix("purchased  com.storefront.credits.5") })
        let local = clockTime(line.date, in: timeZone)
        #expect(ui.screen.contains(" \(local.time)  \(line.text)"), "\(ui.screen)")
        #expect(ui.screen.contains("Transactions · times \(offset)"), "\(ui.screen)")

        // The full log shows the transaction's own date.
        let recorded = clockTime(try #require(ui.transactions.first?.queueState.transactionDate), in: timeZone)
        ui.press(.char("l"))
        #expect(ui.screen.contains("· times \(offset)"), "\(ui.screen)")
        #expect(ui.screen.contains("\(recorded.day) \(recorded.time)  purchased"), "\(ui.screen)")
    }

    @Test func earlierLinesFromAnotherDayShowTheLocalDate() throws {
        // 08:00 UTC is 17:00 in Tokyo: 8 hours on, it is the next day there and still today in UTC.
        let ui = try UITestHarness(timeZone: Self.tokyo)
        try ui.buy("5 Monkey Credits")
        let date = try #require(ui.transactions.first?.queueState.transactionDate)
        ui.clock.advance(by: 8 * 3600)
        try ui.relaunch()
        #expect(ui.screen.contains(" \(clockTime(date, in: Self.tokyo).day)  1000000001 purchased"), "\(ui.screen)")
    }

    @Test func aLineFromAnotherDayInThisSessionShowsItsDate() throws {
        let ui = try UITestHarness(timeZone: Self.tokyo)
        try ui.buy("5 Monkey Credits")
        let line = try #require(ui.state.log.first { $0.text.hasSuffix("purchased  com.storefront.credits.5") })
        ui.wait(seconds: 86_400)
        #expect(ui.screen.contains(" \(clockTime(line.date, in: Self.tokyo).day)  \(line.text)"), "\(ui.screen)")
    }

    @Test func theDetailPaneShowsTheExpiryInLocalTime() throws {
        let ui = try UITestHarness(timeZone: Self.tokyo)
        try ui.buy("Pro Monthly")
        try ui.select("Pro Monthly")
        let expiry = try #require(ui.state.snapshot.subscriptionExpiries["com.storefront.pro.monthly"])
        let local = clockTime(expiry, in: Self.tokyo)
        // The pane reads the store's status: the day its free trial ends, in the local time zone,
        // as the App Store writes it; the log keeps the ISO date.
        #expect(ui.screen.contains("Free trial until \(TimeDisplay(timeZone: Self.tokyo).localDate(expiry, language: "en"))"), "\(ui.screen)")
        #expect(ui.state.log.contains { $0.text.hasSuffix("active until \(local.day) \(local.time) +09:00") },
                "the delivery's log line too")
    }
}
