import Foundation
import Testing

/// `events --json` carries the App Store's signed forms as `buy --json` does: each event's
/// transaction its `jwsRepresentation` as the event left it, each subscription its
/// `signedRenewalInfo` and the event's transaction as `signedTransactionInfo`, as an App Store
/// Server Notification carries them. Each is signed once: listed again, or by `state --json`
/// for the same facts, the same JWS.
@Suite(.ownThreads) final class EventsSignedFormsCommandTests {
    let cli = BinaryRunner()
    static let monthly = "com.storefront.pro.monthly"

    deinit { cli.cleanUp() }

    private func events() throws -> [[String: Any]] {
        try #require(try cli.command("events", "--json").json()["events"] as? [[String: Any]])
    }

    /// The payload of a compact JWS, decoded.
    private func payload(_ jws: String?) throws -> [String: Any] {
        let parts = try #require(jws, "a signed form").split(separator: ".")
        try #require(parts.count == 3)
        let data = try #require(Data(base64URL: String(parts[1])))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func eventsCarryTheSignedFormsOfWhatTheyName() throws {
        try cli.command("buy", "com.storefront.credits.5")
        try cli.command("buy", Self.monthly)
        try cli.command("advance", "1mo")
        let listed = try events()
        let named = listed.filter { $0["transaction"] != nil }
        try #require(named.count >= 3, "\(listed)")
        for event in named {
            let transaction = try #require(event["transaction"] as? [String: Any])
            let signed = try payload(transaction["jwsRepresentation"] as? String)
            #expect(signed["transactionId"] as? String == transaction["id"] as? String, "\(event)")
            #expect(signed["productId"] as? String == transaction["productID"] as? String, "\(event)")
        }
        let renewing = listed.filter { $0["subscription"] != nil }
        try #require(!renewing.isEmpty, "\(listed)")
        for event in renewing {
            let subscription = try #require(event["subscription"] as? [String: Any])
            let info = try payload(subscription["signedRenewalInfo"] as? String)
            #expect(info["originalTransactionId"] as? String == event["originalTransactionID"] as? String, "\(event)")
            let transaction = event["transaction"] as? [String: Any]
            #expect(subscription["signedTransactionInfo"] as? String == transaction?["jwsRepresentation"] as? String, "\(event)")
        }

        let again = try events()
        #expect(again.map { ($0["transaction"] as? [String: Any])?["jwsRepresentation"] as? String }
                == listed.map { ($0["transaction"] as? [String: Any])?["jwsRepresentation"] as? String }, "signed once")
        #expect(again.map { ($0["subscription"] as? [String: Any])?["signedRenewalInfo"] as? String }
                == listed.map { ($0["subscription"] as? [String: Any])?["signedRenewalInfo"] as? String }, "signed once")
        // The consumable has not changed since its event: state --json hands out the same form.
        let state = try cli.command("state", "--json").json()
        let credits = try #require((state["history"] as? [[String: Any]])?.first { $0["productID"] as? String == "com.storefront.credits.5" })
        let event = try #require(named.first { ($0["transaction"] as? [String: Any])?["id"] as? String == credits["id"] as? String })
        #expect((event["transaction"] as? [String: Any])?["jwsRepresentation"] as? String == credits["jwsRepresentation"] as? String)
    }

    /// A transaction the App Store has not completed (an Ask to Buy request) has no signed form there either.
    @Test func aRequestWaitingForApprovalHasNone() throws {
        try cli.command("set", "ask-to-buy", "on")
        _ = try cli.run("buy", "com.storefront.credits.5")
        let waiting = try events().compactMap { $0["transaction"] as? [String: Any] }
        #expect(!waiting.isEmpty && waiting.allSatisfy { $0["jwsRepresentation"] == nil }, "\(waiting)")
    }
}
