import Foundation
import Testing

/// A well-formed command the store's records refuse (the subscription ended, refunded already,
/// in no family) is a refusal: exit 4 with the refusal's name and the store's words, no usage
/// line. A command naming nothing the store has stays a usage error (64, with its usage line).
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

    @Test func aCommandNamingNothingTheStoreHasStaysAUsageError() throws {
        let product = try cli.command("fix-billing", "com.nope", status: 64)
        #expect(product.stderr.contains("no product com.nope in the catalog"), "\(product.summary)")
        #expect(product.stderr.contains("Usage: storefront fix-billing"), "\(product.summary)")
        let transaction = try cli.command("refund", "999", "--json", status: 64)
        #expect(try transaction.error()["kind"] as? String == "usage", "\(transaction.summary)")
        #expect(try transaction.error()["usage"] as? String != nil, "\(transaction.summary)")
    }
}
