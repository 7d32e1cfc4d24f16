import Foundation
import Testing

/// The store's clock from the command line: `clock`, `advance`, `set time-rate`, and runs that
/// repeat byte for byte under a fixed start.
@Suite(.ownThreads) final class CommandLineClockTests {
    let cli = BinaryRunner()

    deinit { cli.cleanUp() }

    @Test func aFixedStartGivesTheSameBytesTwice() throws {
        func session() throws -> String {
            let other = BinaryRunner()
            defer { other.cleanUp() }
            var output = ""
            for arguments in [
                ["buy", "com.storefront.credits.5", "--quantity", "2"], ["set", "ask-to-buy", "on"],
                ["buy", "com.storefront.premium"], ["advance", "25h"], ["set", "ask-to-buy", "off"],
                ["buy", "com.storefront.pro.monthly"], ["advance", "2mo"], ["state", "--json"], ["clock"],
            ] {
                let result = try other.run(arguments: ["--data-dir", other.dataDirectory.path] + arguments, environment: BinaryRunner.fixedStart)
                // The data directory's own path, and what its own chain signed (a fresh ECDSA
                // signature each time), are the things that differ between the runs.
                output += result.stdout.replacingOccurrences(of: other.dataDirectory.path, with: "DIR")
                    .replacingOccurrences(of: #""eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+""#, with: "\"JWS\"", options: .regularExpression)
                    + result.stderr
            }
            return output
        }
        let first = try session()
        #expect(first.contains("1000000001"), "\(first)")
        #expect(first.contains("2030-01-01"), "dates are the fixed start's")
        #expect(first.contains(#""jwsRepresentation" : "JWS""#) || first.contains(#""jwsRepresentation":"JWS""#), "\(first)")
        #expect(try session() == first)
    }

    @Test func clockShowsStoreTimeRateAndOffset() throws {
        let fresh = try cli.command("clock", "--json").json()
        #expect(fresh["storeTime"] as? String == "2030-01-01T09:00:00.000Z")
        #expect(fresh["rate"] as? String == "realtime")
        #expect(fresh["offsetSeconds"] as? Double == 0)
        #expect(fresh["fixed"] as? Bool == true)
        _ = try cli.command("advance", "1w")
        let text = try cli.command("clock").stdout
        #expect(text.contains("store time  2030-01-08 09:00:00 +00:00"), "\(text)")
        #expect(text.contains("offset      7d ahead of real time"), "\(text)")
    }

    @Test func anAskToBuyRequestLapsesAfterAdvancing25Hours() throws {
        _ = try cli.command("set", "latency", "0")
        _ = try cli.command("set", "ask-to-buy", "on")
        _ = try cli.command("buy", "com.storefront.premium", status: 3)
        _ = try cli.command("advance", "23h")
        #expect(try cli.command("pending", "--json").json()["askToBuy"] as? [Any] != nil)
        #expect((try cli.command("pending", "--json").json()["askToBuy"] as? [Any])?.count == 1, "still waiting after 23 hours")
        let advanced = try cli.command("advance", "2h")
        #expect(advanced.stdout.contains("1000000001 com.storefront.premium: the Ask to Buy request lapsed after 24 hours unanswered, dropped"),
                "\(advanced.summary)")
        #expect((try cli.command("pending", "--json").json()["askToBuy"] as? [Any])?.count == 0)
        let history = try cli.command("state").stdout
        #expect(history.contains("deferred") && history.contains("lapsed unanswered"), "the history says why it left the queue:\n\(history)")
        let approve = try cli.command("approve", "1000000001", status: 4)
        #expect(approve.stderr.contains("transaction 1000000001 was an Ask to Buy request nobody answered within 24 hours"), "\(approve.summary)")
    }

    @Test func advanceRenewsAndSaysWhatHappenedInOrder() throws {
        _ = try cli.command("buy", "com.storefront.pro.monthly")
        let advanced = try cli.command("advance", "3mo", "--json").json()
        let transactions = try #require(advanced["transactions"] as? [[String: Any]])
        let dates = transactions.compactMap { $0["date"] as? String }
        #expect(transactions.count >= 2 && transactions.allSatisfy { $0["reason"] as? String == "renewal" }, "\(advanced)")
        #expect(dates == dates.sorted(), "in the order they happened")
        #expect((advanced["clock"] as? [String: Any])?["storeTime"] as? String == "2030-04-01T09:00:01.500Z", "3 months after the purchase, made 1.5 s (its latency) after the start")
    }

    @Test func timeRateIsASettingThatRunsStoreTimeFaster() throws {
        let set = try cli.run("set", "time-rate", "1mo-per-30s")
        #expect(set.status == 0, "\(set.summary)")
        #expect(set.stdout == "time-rate = 1mo-per-30s (86400× real time)\n")
        let clock = try cli.run("clock", "--json").json()
        #expect(clock["factor"] as? Double == 86_400)
        let bad = try cli.run("set", "time-rate", "warp")
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("time-rate takes realtime, or STORE-per-REAL"), "\(bad.summary)")
    }

    /// Xcode's two billing conditions, set from the command line and kept in the store.
    @Test func theBillingConditionsAreSettings() throws {
        let retry = try cli.run("set", "billing-retry", "on")
        #expect(retry.status == 0, "\(retry.summary)")
        #expect(retry.stdout == "billing-retry = on\n")
        let grace = try cli.run("set", "grace-period", "16d")
        #expect(grace.stdout == "grace-period = 16d\n", "\(grace.summary)")
        let settings = try #require(try cli.state()["settings"] as? [String: Any])
        #expect(settings["billingRetry"] as? Bool == true)
        #expect(settings["gracePeriod"] as? String == "16d")
        let bad = try cli.run("set", "grace-period", "16")
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("grace-period takes off, 3d, 16d, 28d or xcode, not \"16\""), "\(bad.summary)")
        let help = try cli.run("set", "--help")
        #expect(help.stdout.contains("  billing-retry on|off\n  grace-period off|3d|16d|28d|xcode\n"), "\(help.summary)")
    }

    @Test func badDurationsAndStartTimesAreUsageErrors() throws {
        let duration = try cli.command("advance", "soon", status: 64)
        #expect(duration.stderr.contains("advance takes a duration"), "\(duration.summary)")
        let start = try cli.run(arguments: ["--data-dir", cli.dataDirectory.path, "clock"],
                                environment: ["STOREFRONT_START_TIME": "yesterday"])
        #expect(start.status == 64)
        #expect(start.stderr.contains("STOREFRONT_START_TIME takes a time in ISO 8601"), "\(start.summary)")
    }
}

/// A fast rate left running: the next command catches up, and says so on stderr once that
/// takes more than a second.
@Suite(.ownThreads) final class CatchUpCommandTests {
    let cli = BinaryRunner()

    deinit { cli.cleanUp() }

    @Test func aLongCatchUpPrintsItsProgressOnStderr() throws {
        _ = try cli.command("set", "latency", "0")
        _ = try cli.command("buy", "com.storefront.pro.monthly")
        _ = try cli.command("set", "time-rate", "1y-per-s")
        // 1,000 real seconds later: a thousand years of monthly renewals, some 12,000, done
        // before the store answers the purchase. Said from the start (not after a second), so
        // the lines do not hang on the machine's speed.
        let later = ["STOREFRONT_START_TIME": "2030-01-01T09:16:40Z", "TZ": "UTC"]
        // Some 12,000 renewals made, signed and checked by the app: minutes on a loaded machine.
        let bought = try cli.run(arguments: ["--data-dir", cli.dataDirectory.path, "buy", "com.storefront.credits.5"],
                                 environment: later.merging(["STOREFRONT_CATCH_UP_QUIET_MS": "0"]) { $1 }, timeout: 600)
        #expect(bought.status == 0, "\(bought.summary)")
        let lines = bought.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first == "Catching up store time: 500 renewals, 2071-09-08 of 3029-05-04…", "\(bought.stderr)")
        #expect(lines.last?.hasPrefix("Caught up store time: 11,992 renewals in ") == true && lines.last?.hasSuffix(" s, now 3029-05-04.") == true,
                "\(bought.stderr)")
        // Caught up: the next command has nothing to catch up on, and says nothing.
        let next = try cli.run("launch", environment: later)
        #expect(next.status == 0 && next.stderr.isEmpty, "\(next.summary)")
    }

    /// Said after a second only: a short catch-up says nothing.
    @Test func aShortCatchUpSaysNothing() throws {
        _ = try cli.command("set", "latency", "0")
        _ = try cli.command("buy", "com.storefront.pro.monthly")
        _ = try cli.command("set", "time-rate", "1y-per-s")
        let bought = try cli.run("buy", "com.storefront.credits.5", environment: ["STOREFRONT_START_TIME": "2030-01-01T09:00:05Z", "TZ": "UTC"])
        #expect(bought.status == 0 && bought.stderr.isEmpty, "\(bought.summary)")
        #expect(bought.stdout.contains("(renewal)"), "five years of renewals were made: \(bought.summary)")
    }
}
