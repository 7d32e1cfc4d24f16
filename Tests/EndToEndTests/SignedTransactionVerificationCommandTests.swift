import Foundation
import GRDB
import Testing

/// The sample app on the command line delivers what verifies: a transaction whose signed form
/// kept in store.sqlite was damaged (one character of its signature changed) is not delivered,
/// and the app says why.
@Suite(.ownThreads) final class SignedTransactionVerificationCommandTests {
    static let premium = "com.storefront.premium"
    let cli = BinaryRunner()

    deinit { cli.cleanUp() }

    @Test func aDamagedStoredSignedFormIsNotDelivered() throws {
        try cli.command("set", "ask-to-buy", "on")
        try cli.command("buy", Self.premium, status: 3)
        try cli.command("approve", "1000000001")
        try Self.damageSignedForm(of: "1000000001", in: cli)
        let launched = try cli.run("launch", "--json")
        let defaults = (try? launched.json())?["userDefaults"] as? [String: Any]
        #expect(defaults?[Self.premium] as? Bool != true, "not delivered: \(launched.summary)")
        let told = try cli.run("launch")
        #expect(told.stdout.contains("1000000001 not delivered, left unfinished in the queue: StoreKit.VerificationResult.VerificationError 4 invalidSignature: "
                                     + "The signed data's signature is not valid."),
                "\(told.summary)")
    }

    @Test func anUndamagedOneIsDelivered() throws {
        try cli.command("set", "ask-to-buy", "on")
        try cli.command("buy", Self.premium, status: 3)
        try cli.command("approve", "1000000001")
        _ = try cli.command("state", "--json")
        let launched = try cli.command("launch", "--json").json()
        #expect((launched["userDefaults"] as? [String: Any])?[Self.premium] as? Bool == true, "\(launched)")
    }

    /// Changes one character of transaction `id`'s signed form in store.sqlite, as
    /// `sqlite3 store.sqlite "UPDATE signedForms …"` would: its signature no longer matches.
    /// The form is signed and kept first (`state --json` prints it).
    static func damageSignedForm(of id: String, in cli: BinaryRunner) throws {
        let history = try #require(try cli.command("state", "--json").json()["history"] as? [[String: Any]])
        let jws = try #require(history.first { $0["id"] as? String == id }?["jwsRepresentation"] as? String)
        // One character of the signature changed, well before its last (whose spare bits must stay zero).
        var parts = jws.split(separator: ".").map(Array.init)
        parts[2][10] = parts[2][10] == "A" ? "B" : "A"
        let damaged = parts.map { String($0) }.joined(separator: ".")
        try DatabaseQueue(path: cli.dataDirectory.appendingPathComponent("store.sqlite").path).write { db in
            try db.execute(sql: "UPDATE signedForms SET jws = ? WHERE kind = 'transaction' AND id = ?", arguments: [damaged, id])
        }
    }
}
