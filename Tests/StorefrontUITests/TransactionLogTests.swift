import Foundation
import SampleApp
import AppStoreCore
import StoreKitSim
import Testing
@testable import StorefrontUI

/// The full log (`l`) and the live log pane under the store.
@Suite struct TransactionLogTests {
    private func lines(_ ui: UITestHarness) -> [String] {
        ui.screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    // MARK: The full log

    @Test func endReachesTheLastRowWhenErrorsTakeRowsOfTheirOwn() throws {
        let ui = try UITestHarness(width: 80, height: 24)
        try ui.fillLog()
        let last = try #require(ui.transactions.last)
        ui.press(.char("l"), .char("G"))
        let bottom = lines(ui)[ui.state.height - 2]
        #expect(bottom.contains("\(last.id)  "), "the newest transaction is the last row above the footer:\n\(ui.screen)")
        guard case .log(let end) = ui.state.mode else { Issue.record("not in the log"); return }

        ui.press(.char("j"))
        #expect(ui.state.mode == .log(scroll: end), "j stops at the bottom")
        ui.press(.pageDown)
        #expect(ui.state.mode == .log(scroll: end), "so does PgDn")
        ui.press(.char("k"))
        #expect(ui.state.mode == .log(scroll: end - 1))
        ui.press(.char("g"))
        #expect(ui.state.mode == .log(scroll: 0))
        #expect(lines(ui)[2].contains("1000000001  "))
        ui.press(.pageDown, .pageDown, .pageDown)
        #expect(ui.state.mode == .log(scroll: end), "paging down ends at the same bottom")
        ui.press(.pageUp)
        #expect(ui.state.mode == .log(scroll: max(0, end - LogScreen.pageHeight(24))))
    }

    @Test func anotherAccountsTransactionsNameIt() throws {
        let ui = try UITestHarness(width: 120)
        try ui.select("5 Monkey Credits")
        ui.buySelected()
        ui.press(.enter)
        try ui.changeSettings { $0.account = "other@example.com" }
        try ui.select("10 Monkey Credits")
        ui.buySelected()
        ui.press(.enter, .char("l"))
        let rows = lines(ui)
        let first = try #require(rows.first { $0.contains("com.storefront.credits.5") })
        let second = try #require(rows.first { $0.contains("com.storefront.credits.10") })
        #expect(first.contains("account sandbox.user@example.com"), "\(first)")
        #expect(!second.contains("account"), "the signed-in account's own are not marked: \(second)")
    }

    @Test func theLogOpensOnTheNewest() throws {
        let ui = try UITestHarness(width: 80, height: 24)
        try ui.fillLog()
        let last = try #require(ui.transactions.last)
        ui.press(.char("l"))
        #expect(lines(ui)[ui.state.height - 2].contains("\(last.id)  "), "\(ui.screen)")
        #expect(ui.state.mode == .log(scroll: ui.state.logMaxScroll))
        #expect(ui.state.logMaxScroll > 0, "the log is longer than the screen")
    }

    /// Showing its newest rows, the log follows what arrives; scrolled back, it stays put.
    @Test func aLogAtItsEndFollowsNewTransactions() throws {
        let ui = try UITestHarness(width: 80, height: 24)
        try ui.fillLog()
        ui.press(.char("l"))
        // Another process (a `storefront approve`, say) adds to the history.
        let elsewhere = PaymentQueue(store: ui.store)
        let (added, _) = try elsewhere.add(Payment(productID: "com.storefront.credits.5"))
        _ = try elsewhere.cancel(added)
        ui.runtime.tick()  // the data directory's watcher wakes the loop
        #expect(lines(ui)[ui.state.height - 3].contains("\(added.id)  "), "above its cancel message:\n\(ui.screen)")
        #expect(ui.state.mode == .log(scroll: ui.state.logMaxScroll))

        ui.press(.char("g"))
        let (more, _) = try elsewhere.add(Payment(productID: "com.storefront.credits.5"))
        _ = try elsewhere.cancel(more)
        ui.runtime.tick()
        #expect(ui.state.mode == .log(scroll: 0), "a log read from the top stays at the top")
    }

    @Test func errorMessagesWrapWhole() throws {
        let ui = try UITestHarness(width: 100, height: 30)
        try ui.fillLog()
        ui.press(.char("l"), .char("G"))
        let screen = ui.screen
        #expect(!screen.contains("…"), "nothing is cut:\n\(screen)")
        #expect(screen.contains("↳ 0 unknown: The purchase was interrupted: the App Store needs you to agree to its\n"))
        #expect(screen.contains("\n               updated terms."))
    }

    @Test func narrowTerminalsKeepProductIDsWhole() throws {
        for width in [70, 80] {
            let ui = try UITestHarness(width: width, height: 24)
            try ui.fillLog()
            ui.press(.char("l"), .char("G"))
            for id in ["com.storefront.credits.5", "com.storefront.credits.10", "com.storefront.pro.monthly", "com.storefront.pass.yearly"] {
                #expect(ui.screen.contains("\(id)\n"), "\(id) at \(width) columns:\n\(ui.screen)")
            }
        }
    }

    @Test func longProductIDsLoseTheirStartNotTheirEnd() {
        let ids = ["com.example.a.very.long.catalog.name.credits.5", "com.example.a.very.long.catalog.name.credits.10"]
        let history = ids.enumerated().map { i, id in
            Transaction(id: "100000000\(i)", payment: Payment(productID: id), state: .purchased, date: Date(timeIntervalSince1970: 0))
        }
        let rows = LogTable(history, width: 70, times: TimeDisplay(timeZone: TimeZone(identifier: "UTC")!), signedIn: nil, strings: .english).rows.map(\.text)
        #expect(rows.count == 2)
        #expect(rows[0].contains("  …") && rows[0].hasSuffix(".credits.5"), "\(rows[0])")
        #expect(rows[1].contains("  …") && rows[1].hasSuffix(".credits.10"), "\(rows[1])")
        #expect(rows.allSatisfy { DisplayWidth.of($0) <= 68 })
    }

    @Test func resizingKeepsTheScrollWithinTheRows() throws {
        let ui = try UITestHarness(width: 80, height: 24)
        try ui.fillLog()
        ui.press(.char("l"), .char("G"))
        guard case .log(let narrow) = ui.state.mode else { Issue.record("not in the log"); return }
        // Wider, each message takes one row fewer: the old bottom is past the end.
        ui.press(.resize(width: 100, height: 30))
        #expect(ui.state.logMaxScroll < narrow)
        #expect(ui.state.mode == .log(scroll: ui.state.logMaxScroll))
        #expect(lines(ui)[28].contains("com.storefront.pro.monthly"))
    }

    @Test func aLogAtItsEndStaysThereWhenTheWindowShrinks() throws {
        let ui = try UITestHarness(width: 100, height: 30)
        try ui.fillLog()
        let last = try #require(ui.transactions.last)
        ui.press(.char("l"))
        ui.press(.resize(width: 70, height: 20))
        #expect(ui.state.mode == .log(scroll: ui.state.logMaxScroll))
        #expect(lines(ui)[18].contains("\(last.id)  "), "the newest row is still in view:\n\(ui.screen)")

        ui.press(.char("g"), .resize(width: 80, height: 24))
        #expect(ui.state.mode == .log(scroll: 0), "a log read from the top stays at the top")
    }

    @Test func oneTransactionIsSingular() throws {
        let ui = try UITestHarness()
        try ui.select("5 Monkey Credits")
        ui.buySelected()
        ui.press(.enter, .char("l"))
        #expect(lines(ui)[0] == " Transaction log · 1 transaction · times +00:00")
    }

    /// However long the history, the full log holds its newest page and says so.
    @Test func aLongHistoryShowsItsNewestPageAndSaysSo() throws {
        let ui = try UITestHarness()
        try ui.select("5 Monkey Credits")
        ui.buySelected()
        ui.press(.enter, .char("l"))
        var state = ui.state
        state.logPage.count = 120_000
        #expect(render(state).text.split(separator: "\n")[0]
                .hasPrefix(" Transaction log · 120000 transactions · the newest 1 shown"))
    }

    // MARK: The live log

    @Test func liveLinesShowWhenTheEventArrived() throws {
        let ui = try UITestHarness { $0.latencyMilliseconds = 0 }
        try ui.select("5 Monkey Credits")
        ui.press(.enter)
        // The loop ticks after each key, then waits idle while the sheet is open.
        ui.runtime.tick()
        ui.clock.advance(by: 10)
        ui.press(.enter)
        #expect(!ui.state.log.isEmpty)
        #expect(ui.state.log.allSatisfy { $0.date == ui.clock.now })
        #expect(ui.screen.contains("08:00:10  1000000001 purchased  com.storefront.credits.5"))
    }

    @Test func aRelaunchShowsTheLatestEarlierTransactions() throws {
        let ui = try UITestHarness(width: 100, height: 30)
        try ui.fillLog()
        ui.clock.advance(by: 60)
        try ui.relaunch()
        let pane = lines(ui)[22...28].joined(separator: "\n")
        #expect(pane.contains("Transactions · times +00:00 · dimmed: before this launch"))
        #expect(!pane.contains("No transactions yet"))
        let expected = ui.transactions.suffix(4).map { "\(ui.state.times.time($0.queueState.transactionDate))  \($0.id) \($0.queueState.state.rawValue)  \($0.productID)" }
        for line in expected { #expect(pane.contains(line), "\(line) in\n\(pane)") }
        #expect(ui.state.log.isEmpty, "nothing happened in this session yet")
    }

    @Test func earlierTransactionsFromAnotherDayShowTheirDate() throws {
        let ui = try UITestHarness()
        try ui.buy("5 Monkey Credits")
        ui.clock.advance(by: 86_400)
        try ui.relaunch()
        #expect(ui.screen.contains(" 2027-01-15  1000000001 purchased  com.storefront.credits.5"), "\(ui.screen)")
    }

    @Test func redeliveredTransactionsFollowTheEarlierOnesOnce() throws {
        let ui = try UITestHarness(width: 100, height: 30)
        try ui.buy("5 Monkey Credits")
        try ui.changeSettings { $0.finishTransactions = false }
        try ui.buy("10 Monkey Credits")
        try ui.relaunch()
        let pane = lines(ui)[22...28]
        #expect(pane.filter { $0.contains("1000000002") }.count == 2, "purchased, redelivered, then delivered:\n\(ui.screen)")
        #expect(pane.contains { $0.contains("1000000002 purchased  com.storefront.credits.10  (redelivered at launch)") })
        #expect(pane.contains { $0.contains("1000000001 purchased  com.storefront.credits.5") })
        #expect(ui.state.earlier.map(\.id) == ["1000000001"], "the unfinished one is this session's, not an earlier line")
    }
}
