import Foundation
import Testing

/// The App Store's side of the history from the command line, through the binary: `refund`,
/// `delete-transaction`, `clear-history`, their JSON and their refusals.
@Suite(.ownThreads) final class RefundCommandTests {
    let cli = BinaryRunner()
    static let premium = "com.storefront.premium"
    static let monthly = "com.storefront.pro.monthly"

    deinit { cli.cleanUp() }

    private func history() throws -> [[String: Any]] {
        try #require(try cli.command("state", "--json").json()["history"] as? [[String: Any]])
    }

    /// The help says what the store does: any completed purchase is refunded, finished or not.
    /// Failed before: it said the app must have finished the transaction first.
    @Test func theHelpSaysAnUnfinishedPurchaseIsRefundedToo() throws {
        // As one line, however the help wraps it.
        let help = try cli.command("help", "refund").stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.contains("finished by the app or not") && !help.contains("must have"), "\(help)")
    }

    @Test func aRefundRevokesThePurchaseWithItsReasonTypeAndPercentage() throws {
        try cli.command("buy", Self.premium)
        let output = try cli.command("refund", "1000000001", "--reason", "developer-issue", "--json").json()
        let transaction = try #require(output["transaction"] as? [String: Any])
        #expect(transaction["revocationReason"] as? String == "developerIssue")
        #expect(transaction["revocationType"] as? String == "refundFull")
        #expect(transaction["revocationPercentage"] as? Int == 100_000)
        #expect(transaction["revocationDate"] as? String != nil)
        let events = try #require(output["events"] as? [[String: Any]])
        #expect(events.map { $0["kind"] as? String } == ["refunded"])
        let details = try #require(events.first?["details"] as? [String: Any])
        #expect(details["revocationReason"] as? String == "developerIssue" && details["revocationPercentage"] as? Int == 100_000)
        #expect(try history().first?["revocationType"] as? String == "refundFull")
        // Refunded, no longer owned: a restore brings nothing back.
        #expect(try cli.command("state").stdout.contains("refunded (refundFull 100%, developerIssue)"))
        // The app takes it back at its launch, once.
        let launched = try cli.command("launch", "--json").json()
        #expect((launched["revoked"] as? [[String: Any]])?.map { $0["id"] as? String } == ["1000000001"], "\(launched)")
        #expect((launched["userDefaults"] as? [String: Any])?["com.storefront.premium"] as? Bool == false)
        #expect(((try cli.command("launch", "--json").json())["revoked"] as? [Any])?.isEmpty == true, "not twice")
        let again = try cli.command("refund", "1000000001", status: 4)
        #expect(again.stderr.contains("transaction 1000000001 has already been refunded"), "\(again.summary)")
    }

    @Test func aProratedRefundEndsTheSubscriptionAtOnce() throws {
        try cli.command("buy", Self.monthly)
        let text = try cli.command("refund", "1000000001", "--prorated", "time-left").stdout
        // A subscription's period is refunded in part by the time left in it (almost all of its week).
        #expect(text.contains(", by the time left (") && text.contains("%) (other): it is revoked."), "\(text)")
        let percentage = try #require(try cli.command("state", "--json").json()["history"] as? [[String: Any]]).first?["revocationPercentage"] as? Int
        #expect((99_000..<100_000).contains(percentage ?? 0), "\(String(describing: percentage))")
        let status = try #require(try cli.command("subscriptions", "--json").json()["subscriptions"] as? [[String: Any]])
            .first?["status"] as? [String: Any]
        #expect(status?["state"] as? String == "revoked" && status?["givesAccess"] as? Bool == false)
    }

    /// A subscription's period is refunded in part by the time left in it, as the App Store
    /// does: a percentage asked for it is refused, never replaced by another. The time left reads
    /// with two decimals at most.
    @Test func aSubscriptionsPeriodIsProratedByTheTimeLeftNotByAPercentage() throws {
        try cli.command("buy", "com.storefront.pro.yearly")
        try cli.command("advance", "3mo")
        let refused = try cli.command("refund", "1000000001", "--prorated", "50", status: 4)
        #expect(refused.stderr == "storefront: transaction 1000000001 is a subscription's period: the App Store refunds part of it "
            + "by the time left in it, not by a percentage; give --prorated time-left\n", "\(refused.summary)")
        let json = try cli.command("refund", "1000000001", "--prorated", "50", "--json", status: 4)
        #expect(try json.error()["kind"] as? String == "refused" && json.error()["name"] as? String == "proratedByTimeLeft", "\(json.summary)")
        #expect(try history().first?["revocationDate"] == nil, "nothing refunded")

        let text = try cli.command("refund", "1000000001", "--prorated", "time-left").stdout
        let percentage = try #require(try history().first?["revocationPercentage"] as? Int)
        #expect((74_000..<76_000).contains(percentage), "about three quarters of the year left: \(percentage)")
        let shown = try #require(text.firstMatch(of: /by the time left \(([0-9.]+)%\)/)?.1, "\(text)")
        #expect(shown.split(separator: ".").dropFirst().first.map { $0.count <= 2 } ?? true, "two decimals at most: \(text)")
    }

    @Test func theTimeLeftIsOnlyForASubscriptionsPeriod() throws {
        try cli.command("buy", Self.premium)
        let refused = try cli.command("refund", "1000000001", "--prorated", "time-left", "--json", status: 4)
        #expect(try refused.error()["name"] as? String == "noPeriodToProrate", "\(refused.summary)")
        #expect(try cli.command("refund", "1000000001", "--prorated", "50").stdout.contains("50% prorated"))
    }

    @Test func refusalsAreUsageErrors() throws {
        try cli.command("buy", "com.storefront.credits.5")
        #expect(try cli.command("refund", "1000000001", "--prorated", "50", status: 4).stderr.contains("refunded in full only"))
        #expect(try cli.command("refund", "1000000001", "--prorated", "100", status: 64).stderr.contains("--prorated takes a percentage"))
        #expect(try cli.command("refund", "999", status: 64).stderr.contains("no transaction 999"))
        let json = try cli.command("delete-transaction", "999", "--json", status: 64).json()
        #expect((json["error"] as? [String: Any])?["exitCode"] as? Int == 64)
    }

    @Test func deleteAndClearEmptyTheHistory() throws {
        try cli.command("buy", Self.premium)
        try cli.command("buy", "com.storefront.credits.5")
        let deleted = try cli.command("delete-transaction", "1000000001", "--json").json()
        #expect((deleted["events"] as? [[String: Any]])?.map { $0["kind"] as? String } == ["transactionDeleted"])
        #expect(try history().map { $0["id"] as? String } == ["1000000002"])
        try cli.command("clear-history")
        #expect(try history().isEmpty)
        #expect(try cli.command("buy", Self.premium).stdout.contains("delivered"), "a purchase again, not a re-download")
    }

    /// Clearing the history takes the subscription's original transaction as `delete-transaction`
    /// does: the app, launched, ends its access once (it said "Nothing was waiting for the app."
    /// and kept the subscription), and doctor finds the files as they should be.
    @Test func clearingTheHistoryEndsTheSubscriptionInTheApp() throws {
        let lite = "com.storefront.lite.monthly"
        try cli.command("set", "latency", "0")
        try cli.command("buy", lite)
        let bought = try #require(try cli.command("launch", "--json").json()["userDefaults"] as? [String: Any])
        let paidUntil = try #require(bought[lite] as? String)
        try cli.command("clear-history")
        let told = try cli.command("launch").stdout
        #expect(told == "1000000001 deleted from the purchase history  \(lite) access ended\n", "\(told)")
        let defaults = try #require(try cli.command("launch", "--json").json()["userDefaults"] as? [String: Any])
        #expect(defaults["\(lite).state"] == nil, "\(defaults)")
        #expect((defaults[lite] as? String).map { $0 < paidUntil } == true, "access ended at the clearing: \(defaults)")
        #expect(try cli.command("launch").stdout == "Nothing was waiting for the app.\n", "heard once")
        #expect(try cli.command("doctor").status == 0)
    }

    /// What `delete-transaction` says: the store's events list the deletion (`state` does not
    /// show it), access is said to end only when a subscription ended, and a subscription's
    /// child restored is a restore (it said "renewal", and "no longer gives access" of Premium).
    @Test func deleteTransactionSaysWhatItEndedAndWhereTheDeletionIsListed() throws {
        try cli.command("set", "latency", "0")
        try cli.command("buy", Self.premium)
        let premium = try cli.command("delete-transaction", "1000000001").stdout
        #expect(premium.contains(" events`).") || premium.contains(" events)."), "\(premium)")
        #expect(!premium.contains(" state") && !premium.contains("no longer gives access"), "\(premium)")
        try cli.command("buy", "com.storefront.lite.monthly")
        try cli.command("restore")
        let lite = try cli.command("delete-transaction", "1000000002").stdout
        #expect(lite.hasPrefix("Deleted transaction 1000000002 from the history and its 1 restore; the subscription ended.\n"), "\(lite)")
        #expect(lite.contains("no longer gives access"), "\(lite)")
    }

    /// Pro Monthly bought, and renewed after its free week while the app was closed: the
    /// renewal, 1000000002, waits in the queue unfinished.
    private func renewedWhileClosed() throws {
        try cli.command("set", "latency", "0")
        try cli.command("buy", Self.monthly)
        try cli.command("advance", "8d")
        let queue = try #require(try cli.command("state", "--json").json()["queue"] as? [[String: Any]])
        #expect(queue.map { $0["id"] as? String } == ["1000000002"], "\(queue)")
    }

    /// As Xcode deletes it: the original with the renewal the app has not finished, which
    /// leaves the queue with it; the app, launched, is handed nothing, its subscription gone,
    /// and doctor finds the files as they should be.
    @Test func theOriginalIsDeletedWithARenewalTheAppHasNotFinished() throws {
        try renewedWhileClosed()
        let deleted = try cli.command("delete-transaction", "1000000001")
        #expect(deleted.stdout.hasPrefix("Deleted transaction 1000000001 from the history and its 1 renewal; the subscription ended.\n"),
                "\(deleted.summary)")
        #expect(try history().isEmpty)
        let told = try cli.command("launch").stdout
        // The original whose deletion ended the subscription (it named the renewal, 1000000002).
        #expect(told == "1000000001 deleted from the purchase history  \(Self.monthly) access ended\n", "\(told)")
        let launched = try cli.command("launch", "--json").json()
        #expect((launched["delivered"] as? [Any])?.isEmpty == true && (launched["queue"] as? [Any])?.isEmpty == true, "\(launched)")
        let defaults = try #require(launched["userDefaults"] as? [String: Any])
        #expect(defaults["\(Self.monthly).state"] == nil, "the app keeps no state of a subscription gone: \(defaults)")
        let subscriptions = try #require(try cli.command("subscriptions", "--json").json()["subscriptions"] as? [[String: Any]])
        #expect(subscriptions.allSatisfy { $0["status"] == nil }, "\(subscriptions)")
        #expect(try cli.command("doctor").status == 0)
    }

    /// As Xcode refunds it: the renewal the app has not finished is refunded, and the app,
    /// launched, is handed it revoked (StoreKit's update with its revocationDate): nothing
    /// delivered, and the refund not taken back a second time.
    @Test func aRenewalTheAppHasNotFinishedIsRefundedAndHandedRevoked() throws {
        try renewedWhileClosed()
        let refunded = try cli.command("refund", "1000000002")
        #expect(refunded.stdout.contains("Refunded transaction 1000000002"), "\(refunded.summary)")
        let launched = try cli.command("launch", "--json").json()
        let handed = try #require(launched["delivered"] as? [[String: Any]])
        #expect(handed.map { $0["id"] as? String } == ["1000000002"] && handed.first?["revocationDate"] as? String != nil, "\(launched)")
        #expect((launched["revoked"] as? [Any])?.isEmpty == true, "taken back once: it gave nothing, \(launched)")
        #expect((launched["queue"] as? [Any])?.isEmpty == true, "finished")
        let defaults = try #require(launched["userDefaults"] as? [String: Any])
        #expect(defaults["revokedTransactionsTakenBack"] as? [String] == ["1000000002"], "\(defaults)")
        #expect(defaults["\(Self.monthly).state"] as? String == "revoked", "\(defaults)")
        #expect(try cli.command("doctor").status == 0)
    }

    /// A refund from another terminal reaches the open storefront: the app takes back the
    /// premium unlock, with its log line and banner.
    @Test func aRefundFromAnotherTerminalReachesAnOpenStorefront() throws {
        try cli.run("set", "latency", "0")
        #expect(try cli.run("buy", Self.premium).status == 0)
        let tty = try TmuxSession(cli)
        defer { tty.kill() }
        try tty.waitFor("✓ owned")
        let refund = try cli.run("refund", "1000000001")
        #expect(refund.status == 0, "not busy: \(refund.summary)")
        let screen = try tty.waitFor("✗ Refunded: Premium Quotes — locked again")
        #expect(screen.contains("1000000001 refunded  com.storefront.premium = false"), "\(screen)")
        #expect(!screen.contains("✓ owned"), "locked again: \(screen)")
        // Noted with what was taken back, so no later reading takes it back again.
        let state = try cli.run("state", "--json")
        #expect(state.stdout.contains("\"revokedTransactionsTakenBack\""), "\(state.summary)")
    }
}
