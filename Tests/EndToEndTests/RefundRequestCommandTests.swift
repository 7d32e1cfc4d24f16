import Foundation
import Testing

/// `storefront request-refund`, `approve-refund` and `decline-refund`, and the store condition
/// `refund-requests`, through the real binary.
@Suite(.ownThreads) final class RefundRequestCommandTests {
    let cli = BinaryRunner()

    deinit { cli.cleanUp() }

    @Test func approvedAtOnceByDefaultAndADuplicateIsRefused() throws {
        try cli.command("buy", "com.storefront.premium")
        let output = try cli.command("request-refund", "1000000001", "--reason", "fulfillment-issue", "--json").json()
        let events = try #require(output["events"] as? [[String: Any]])
        #expect(events.map { $0["kind"] as? String } == ["refundRequested", "refunded"], "\(events)")
        #expect((events.first?["details"] as? [String: Any])?["refundRequestReason"] as? String == "fulfillmentIssue")
        let transaction = try #require(output["transaction"] as? [String: Any])
        #expect(transaction["revocationReason"] as? String == "developerIssue" && transaction["revocationType"] as? String == "refundFull")
        let again = try cli.command("request-refund", "1000000001", status: 4)
        #expect(again.stderr.contains("duplicateRequest"), "\(again.summary)")
        let bad = try cli.command("request-refund", "1000000001", "--reason", "bored", status: 64)
        #expect(bad.stderr.contains("unintended-purchase"), "the reasons are listed: \(bad.summary)")
    }

    @Test func aManualRequestWaitsAndIsAnsweredFromAnotherCommand() throws {
        try cli.command("buy", "com.storefront.pass.yearly")
        try cli.command("set", "refund-requests", "manual")
        #expect(try cli.command("state").stdout.range(of: #"refund-requests +manual"#, options: .regularExpression) != nil)
        let requested = try cli.command("request-refund", "1000000001")
        #expect(requested.stdout.contains("the App Store took it and waits for an answer: `\(cli.hint("approve-refund 1000000001"))` "
            + "or `\(cli.hint("decline-refund 1000000001"))` gives it."), "\(requested.summary)")
        let history = try #require(try cli.command("state", "--json").json()["history"] as? [[String: Any]])
        #expect(history.first?["revocationDate"] == nil, "waiting: nothing is revoked")
        // Listed as waiting, with the command that answers it.
        let pending = try cli.command("pending")
        #expect(pending.stdout.contains("1000000001  refund request  One-Year Pass  other  "), "\(pending.summary)")
        #expect(pending.stdout.contains("approve-refund|decline-refund 1000000001"), "\(pending.summary)")
        let waiting = try #require(try cli.command("pending", "--json").json()["refundRequests"] as? [[String: Any]])
        #expect(waiting.map { $0["transactionID"] as? String } == ["1000000001"] && waiting.first?["status"] as? String == "pending")
        #expect(try cli.command("state").stdout.contains("refund requested (other, waiting for the App Store)"))
        let declined = try cli.command("decline-refund", "1000000001")
        #expect(declined.stdout.contains("refundDeclined"), "\(declined.summary)")
        #expect(try cli.command("state").stdout.contains("refund requested (other, declined)"))
        #expect(try cli.command("pending").stdout == "Nothing is waiting.\n", "answered: no longer waiting")
        let answered = try cli.command("approve-refund", "1000000001", status: 4)
        #expect(answered.stderr.contains("answered already (declined)"), "\(answered.summary)")
        let none = try cli.command("approve-refund", "42", status: 4)
        #expect(none.stderr.contains("no refund was requested for transaction 42"), "\(none.summary)")
        let badSetting = try cli.command("set", "refund-requests", "sometimes", status: 64)
        #expect(badSetting.stderr.contains("approve, prorated, decline or manual"), "\(badSetting.summary)")
    }

    @Test func approvedByHandWithAProratedRefund() throws {
        try cli.command("buy", "com.storefront.pass.yearly")
        try cli.command("set", "refund-requests", "manual")
        try cli.command("request-refund", "1000000001", "--reason", "legal")
        let approved = try cli.command("approve-refund", "1000000001", "--prorated", "25", "--json").json()
        let transaction = try #require(approved["transaction"] as? [String: Any])
        #expect(transaction["revocationPercentage"] as? Int == 25_000 && transaction["revocationReason"] as? String == "other")
    }
}
