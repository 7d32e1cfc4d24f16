import Foundation
import Testing

/// `storefront request-refund`, `approve-refund` and `decline-refund`, and the store condition
/// `refund-requests`, through the real binary.
@Suite(.ownThreads) final class RefundRequestCommandTests {
    let cli = BinaryRunner()
    static let start = ["STOREFRONT_START_TIME": "2030-01-01T09:00:00Z", "TZ": "UTC"]

    deinit { cli.cleanUp() }

    @discardableResult
    private func run(_ arguments: String..., status: Int32 = 0, sourceLocation: SourceLocation = #_sourceLocation) throws -> BinaryRunner.Result {
        let result = try cli.run(arguments: ["--data-dir", cli.dataDirectory.path] + arguments, environment: Self.start)
        #expect(result.status == status, "\(result.summary)", sourceLocation: sourceLocation)
        return result
    }

    @Test func approvedAtOnceByDefaultAndADuplicateIsRefused() throws {
        try run("buy", "com.storefront.premium")
        let output = try run("request-refund", "1000000001", "--reason", "fulfillment-issue", "--json").json()
        let events = try #require(output["events"] as? [[String: Any]])
        #expect(events.map { $0["kind"] as? String } == ["refundRequested", "refunded"], "\(events)")
        #expect((events.first?["details"] as? [String: Any])?["refundRequestReason"] as? String == "fulfillmentIssue")
        let transaction = try #require(output["transaction"] as? [String: Any])
        #expect(transaction["revocationReason"] as? String == "developerIssue" && transaction["revocationType"] as? String == "refundFull")
        let again = try run("request-refund", "1000000001", status: 64)
        #expect(again.stderr.contains("duplicateRequest"), "\(again.summary)")
        let bad = try run("request-refund", "1000000001", "--reason", "bored", status: 64)
        #expect(bad.stderr.contains("unintended-purchase"), "the reasons are listed: \(bad.summary)")
    }

    @Test func aManualRequestWaitsAndIsAnsweredFromAnotherCommand() throws {
        try run("buy", "com.storefront.pass.yearly")
        try run("set", "refund-requests", "manual")
        #expect(try run("state").stdout.range(of: #"refund-requests +manual"#, options: .regularExpression) != nil)
        let requested = try run("request-refund", "1000000001")
        #expect(requested.stdout.contains("the App Store took it"), "\(requested.summary)")
        let history = try #require(try run("state", "--json").json()["history"] as? [[String: Any]])
        #expect(history.first?["revocationDate"] == nil, "waiting: nothing is revoked")
        let declined = try run("decline-refund", "1000000001")
        #expect(declined.stdout.contains("refundDeclined"), "\(declined.summary)")
        let answered = try run("approve-refund", "1000000001", status: 64)
        #expect(answered.stderr.contains("answered already (declined)"), "\(answered.summary)")
        let none = try run("approve-refund", "42", status: 64)
        #expect(none.stderr.contains("no refund was requested for transaction 42"), "\(none.summary)")
        let badSetting = try run("set", "refund-requests", "sometimes", status: 64)
        #expect(badSetting.stderr.contains("approve, prorated, decline or manual"), "\(badSetting.summary)")
    }

    @Test func approvedByHandWithAProratedRefund() throws {
        try run("buy", "com.storefront.pass.yearly")
        try run("set", "refund-requests", "manual")
        try run("request-refund", "1000000001", "--reason", "legal")
        let approved = try run("approve-refund", "1000000001", "--prorated", "25", "--json").json()
        let transaction = try #require(approved["transaction"] as? [String: Any])
        #expect(transaction["revocationPercentage"] as? Int == 25_000 && transaction["revocationReason"] as? String == "other")
    }
}
