import Foundation
import Testing

/// `advance` says what the store did on the way, a line per event in order with its store time,
/// as `events` lists them: a subscription's failed renewal, the end of its grace period and its
/// expiry make no transaction, yet each is told.
@Suite(.ownThreads) final class AdvanceEventsCommandTests {
    let cli = BinaryRunner()
    static let monthly = "com.storefront.pro.monthly"

    deinit { cli.cleanUp() }

    /// The events `events` lists after `id`, a line each.
    private func eventLines(after id: Int) throws -> [String] {
        try cli.command("events", "--after", "\(id)").stdout.split(separator: "\n").map(String.init)
    }

    @Test func aFailingSubscriptionsChangesAreListedInOrderAsEventsListsThem() throws {
        try cli.command("set", "billing-retry", "on")
        try cli.command("set", "grace-period", "16d")
        try cli.command("buy", Self.monthly)
        let before = try eventLines(after: 0).count
        let advanced = try cli.command("advance", "3mo")
        let listed = advanced.stdout.split(separator: "\n").filter { $0.hasPrefix("  ") }.map { String($0.dropFirst(2)) }
        let events = try eventLines(after: before)
        #expect(listed == events, "each event on its line, worded as `events` words it:\n\(advanced.stdout)")
        let kinds = listed.map { $0.split(separator: " ")[4] }
        #expect(kinds == ["renewalFailed", "gracePeriodExpired", "expired"], "\(advanced.stdout)")
        #expect(listed.first?.contains("2030-01-08 09:00:01 +00:00  renewalFailed") == true, "at its store time: \(advanced.stdout)")
    }

    /// A server tells a group's first subscription from a resubscribe (SUBSCRIBED's INITIAL_BUY
    /// and RESUBSCRIBE): so do `events` and its JSON.
    @Test func aResubscribeIsToldFromAFirstSubscription() throws {
        try cli.command("buy", Self.monthly)
        try cli.command("auto-renew", Self.monthly, "off")
        try cli.command("advance", "1mo")
        try cli.command("buy", Self.monthly)
        let subscribed = try eventLines(after: 0).filter { $0.split(separator: " ")[4] == "subscribed" }
        #expect(subscribed.count == 2 && subscribed.first?.contains("  initialBuy, ") == true
                && subscribed.last?.contains("  resubscribe, ") == true, "\(subscribed)")
        let events = try #require(try cli.command("events", "--json").json()["events"] as? [[String: Any]])
        let subtypes = events.filter { $0["kind"] as? String == "subscribed" }.map { ($0["details"] as? [String: Any])?["subtype"] as? String }
        #expect(subtypes == ["initialBuy", "resubscribe"], "\(events)")
    }

    /// The event that starts a period says the offer its transaction used.
    @Test func aSubscribedEventSaysTheOfferItUsed() throws {
        try cli.command("buy", Self.monthly)
        let subscribed = try #require(try eventLines(after: 0).first { $0.split(separator: " ")[4] == "subscribed" })
        #expect(subscribed.contains("  initialBuy, introductory offer (freeTrial P1W), 0 USD"), "\(subscribed)")
    }

    @Test func theJSONHasTheEventsBesideTheTransactions() throws {
        try cli.command("buy", Self.monthly)
        try cli.command("auto-renew", Self.monthly, "off")
        let advanced = try cli.command("advance", "1mo", "--json").json()
        let events = try #require(advanced["events"] as? [[String: Any]], "\(advanced)")
        #expect(events.map { $0["kind"] as? String } == ["expired"], "\(advanced)")
        #expect(events.first?["date"] as? String == "2030-01-08T09:00:01.500Z")
        #expect((events.first?["details"] as? [String: Any])?["expirationReason"] as? String == "autoRenewDisabled")
        #expect((advanced["transactions"] as? [Any])?.isEmpty == true, "an expiry makes no transaction")
    }
}
