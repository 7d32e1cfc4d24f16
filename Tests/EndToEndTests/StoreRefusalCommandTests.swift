import Foundation
import Testing

/// A well-formed command the store's records refuse (the subscription ended, refunded already,
/// in no family) is a refusal: exit 4 with the refusal's name and the store's words, no usage
/// line. A command naming nothing the store has exits 64 with its message alone.
@Suite(.ownThreads) final class StoreRefusalCommandTests {
    let cli = BinaryRunner()
    static let monthly = "com.storefront.pro.monthly"

    deinit { cli.cleanUp() }

    @Test func fixingBillingOnAnEndedSubscriptionIsARefusalNotAUsageError() throws {
        try cli.command("buy", Self.monthly)
        try cli.command("expire", Self.monthly)
        let text = try cli.command("fix-billing", Self.monthly, status: 4)
        #expect(text.stderr == "storefront: the subscription to \(Self.monthly) has ended: buy it again to resubscribe\n", "\(text.summary)")
        #expect(text.stdout.isEmpty, "\(text.summary)")

        let json = try cli.command("fix-billing", Self.monthly, "--json", status: 4)
        let error = try json.error()
        #expect(error["kind"] as? String == "refused", "\(json.summary)")
        #expect(error["exitCode"] as? Int == 4)
        #expect(error["name"] as? String == "subscriptionExpired")
        #expect(error["message"] as? String == "the subscription to \(Self.monthly) has ended: buy it again to resubscribe")
        #expect(error["usage"] == nil, "no usage line: the command was well-formed")
        #expect(json.stderr.isEmpty, "\(json.summary)")
    }

    @Test func historyAndAskToBuyRefusalsExit4WithTheirNames() throws {
        try cli.command("set", "latency", "0")
        try cli.command("buy", "com.storefront.premium")
        try cli.command("refund", "1000000001")
        let again = try cli.command("refund", "1000000001", "--json", status: 4)
        #expect(try again.error()["name"] as? String == "alreadyRefunded", "\(again.summary)")
        let approve = try cli.command("approve", "1000000001", status: 4)
        #expect(approve.stderr.hasPrefix("storefront: ") && !approve.stderr.contains("Usage:"), "\(approve.summary)")
        let leave = try cli.command("family", "leave", "--json", status: 4)
        #expect(try leave.error()["name"] as? String == "notInFamily", "\(leave.summary)")
    }

    /// A command naming what the store does not have exits 64 with the message alone: it was
    /// typed as the command is used, so its usage would not help; the message says what lists
    /// what there is (the history for a transaction, not the requests waiting).
    @Test func aCommandNamingNothingTheStoreHasExits64WithTheMessageAlone() throws {
        let state = cli.hint("state")
        let cases: [([String], String)] = [
            (["refund", "9999"], "no transaction 9999 in the history: `\(state)` lists every transaction"),
            (["delete-transaction", "9999"], "no transaction 9999 in the history: `\(state)` lists every transaction"),
            (["approve", "5"], "no transaction 5 in the history: `\(state)` lists every transaction"),
            (["resolve", "5"], "no transaction 5 in the history: `\(state)` lists every transaction"),
            (["fix-billing", "com.nope"], "no product com.nope in the catalog: `\(cli.hint("products"))` lists the products sold"),
            (["buy", "com.nope"], "unknown product \"com.nope\""),
        ]
        for (arguments, message) in cases {
            let text = try cli.run(arguments: ["--data-dir", cli.dataDirectory.path] + arguments, environment: BinaryRunner.fixedStart)
            #expect(text.status == 64, "\(text.summary)")
            #expect(text.stderr.hasPrefix("storefront: \(message)"), "\(text.summary)")
            #expect(text.stderr.split(separator: "\n").count == 1, "the message alone, no usage: \(text.summary)")
            let json = try cli.run(arguments: ["--data-dir", cli.dataDirectory.path] + arguments + ["--json"], environment: BinaryRunner.fixedStart)
            let error = try json.error()
            #expect(json.status == 64 && error["kind"] as? String == "usage" && error["usage"] == nil, "\(json.summary)")
        }
    }

    /// The store's answer to a well-formed command about what it has is a refusal: exit 4,
    /// its name, its message alone.
    @Test func aRefusalOfWhatTheStoreHasExits4WithItsMessageAlone() throws {
        try cli.command("set", "latency", "0")
        try cli.command("buy", "com.storefront.premium")
        let cases: [([String], String, String)] = [
            (["approve-refund", "1000000001"], "noRefundRequest",
             "no refund was requested for transaction 1000000001: `\(cli.hint("pending"))` lists the requests waiting"),
            (["redeem-code", "NOPE"], "noSuchOfferCode", "no subscription sold here has the offer code \"NOPE\""),
            (["family", "share", "com.storefront.credits.5", "off"], "notShareable", "com.storefront.credits.5 is not family-shareable"),
            (["auto-renew", "com.storefront.premium", "off"], "notAutoRenewable", "com.storefront.premium is not an auto-renewable subscription"),
        ]
        for (arguments, name, message) in cases {
            let text = try cli.run(arguments: ["--data-dir", cli.dataDirectory.path] + arguments, environment: BinaryRunner.fixedStart)
            #expect(text.status == 4, "\(text.summary)")
            #expect(text.stderr.hasPrefix("storefront: \(message)"), "\(text.summary)")
            #expect(text.stderr.split(separator: "\n").count == 1 && !text.stderr.contains("--help"), "the message alone: \(text.summary)")
            let json = try cli.run(arguments: ["--data-dir", cli.dataDirectory.path] + arguments + ["--json"], environment: BinaryRunner.fixedStart)
            let error = try json.error()
            #expect(json.status == 4 && error["kind"] as? String == "refused" && error["name"] as? String == name, "\(json.summary)")
            #expect(error["usage"] == nil, "\(json.summary)")
        }
    }
}
