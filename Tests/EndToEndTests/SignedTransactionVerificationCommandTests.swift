import Foundation
import GRDB
import Testing

/// The sample app on the command line delivers what verifies: a transaction whose signed form
/// kept in store.sqlite was damaged (one character of its signature changed) is not delivered.
@Suite(.ownThreads) final class SignedTransactionVerificationCommandTests {
    static let premium = "com.storefront.premium"
    let cli = BinaryRunner()

    deinit { cli.cleanUp() }

    @Test func aDamagedStoredSignedFormIsNotDelivered() throws {
        try cli.command("set", "ask-to-buy", "on")
        try cli.command("buy", Self.premium, status: 3)
        try cli.command("approve", "1000000001")
        // Signed and kept by the store before the app hears of it.
        let state = try cli.command("state", "--json").json()
        let history = try #require(state["history"] as? [[String: Any]])
        let jws = try #require(history.first { $0["id"] as? String == "1000000001" }?["jwsRepresentation"] as? String)
        let damaged = String(jws.dropLast(4)) + (jws.hasSuffix("AAAA") ? "BBBB" : "AAAA")
        try DatabaseQueue(path: cli.dataDirectory.appendingPathComponent("store.sqlite").path).write { db in
            try db.execute(sql: "UPDATE signedForms SET jws = ? WHERE kind = 'transaction' AND id = '1000000001'", arguments: [damaged])
        }
        let launched = try cli.run("launch", "--json")
        let defaults = (try? launched.json())?["userDefaults"] as? [String: Any]
        #expect(defaults?[Self.premium] as? Bool != true, "not delivered: \(launched.summary)")
    }

    @Test func anUndamagedOneIsDelivered() throws {
        try cli.command("set", "ask-to-buy", "on")
        try cli.command("buy", Self.premium, status: 3)
        try cli.command("approve", "1000000001")
        _ = try cli.command("state", "--json")
        let launched = try cli.command("launch", "--json").json()
        #expect((launched["userDefaults"] as? [String: Any])?[Self.premium] as? Bool == true, "\(launched)")
    }
}
