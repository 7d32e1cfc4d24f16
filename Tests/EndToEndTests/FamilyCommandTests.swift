import Foundation
import Testing

/// Family Sharing from the command line, through the binary: `family create | add | remove |
/// leave | share | buy | show`, their JSON and refusals, and a live revocation reaching an open
/// storefront.
@Suite(.ownThreads) final class FamilyCommandTests {
    let cli = BinaryRunner()
    static let premium = "com.storefront.premium"
    static let parent = "parent@example.com"
    static let kid = "kid@example.com"

    deinit { cli.cleanUp() }

    @Test func aFamilyMembersPurchaseIsSharedRestoredAndRevoked() throws {
        try cli.command("set", "account", Self.kid)
        try cli.command("family", "create", Self.parent)
        let added = try cli.command("family", "add", Self.kid, "--to", Self.parent, "--json").json()
        let families = try #require(added["families"] as? [[String: Any]])
        #expect(families.first?["organizer"] as? String == Self.parent && families.first?["members"] as? [String] == [Self.kid])
        let bought = try cli.command("family", "buy", Self.parent, Self.premium, "--json").json()
        let kinds = (bought["events"] as? [[String: Any]])?.compactMap { $0["kind"] as? String }
        #expect(kinds == ["purchased", "familyShared"], "\(bought)")
        // The kid's app hears of it at its launch; its transaction is family-shared.
        let launched = try cli.command("launch", "--json").json()
        let delivered = try #require((launched["delivered"] as? [[String: Any]])?.first, "\(launched)")
        #expect(delivered["ownershipType"] as? String == "familyShared" && delivered["sharedTransactionID"] as? String == "1000000001")
        #expect((launched["userDefaults"] as? [String: Any])?[Self.premium] as? Bool == true)
        #expect(try cli.command("restore").stdout.contains("family shared"))
        #expect(try cli.command("family", "show").stdout.contains("Family of \(Self.parent) (organizer)\n  member \(Self.kid)"))

        // Only the purchaser's purchase is refunded; the refund revokes the kid's, once.
        let refused = try cli.command("refund", "1000000002", status: 4)
        #expect(refused.stderr.contains("is family-shared: only the purchaser's purchase can be refunded"), "\(refused.summary)")
        let refund = try cli.command("refund", "1000000001", "--json").json()
        #expect((refund["events"] as? [[String: Any]])?.compactMap { $0["kind"] as? String } == ["refunded", "familyRevoked"])
        #expect(try cli.command("state").stdout.contains("revoked (familyRevoke)"))
        #expect(try cli.command("events").stdout.contains("familyRevoked  kid@example.com  com.storefront.premium  txn 1000000002  familyRevoke, reason other"))
        let relaunched = try cli.command("launch", "--json").json()
        #expect((relaunched["revoked"] as? [[String: Any]])?.map { $0["id"] as? String } == ["1000000002"], "\(relaunched)")
        #expect((relaunched["userDefaults"] as? [String: Any])?[Self.premium] as? Bool == false)
        #expect(((try cli.command("launch", "--json").json())["revoked"] as? [Any])?.isEmpty == true, "not twice")
    }

    /// Shared while the kid's app was closed: news at its launch, not a redelivery.
    @Test func aPurchaseSharedWhileTheAppWasClosedIsDeliveredAtLaunch() throws {
        try cli.command("set", "account", Self.kid)
        try cli.command("family", "create", Self.parent)
        try cli.command("family", "add", Self.kid, "--to", Self.parent)
        try cli.command("family", "buy", Self.parent, Self.premium)
        let launched = try cli.command("launch")
        #expect(launched.stdout.contains("1000000002 purchased  com.storefront.premium  (family shared, delivered at launch)"), "\(launched.summary)")
    }

    @Test func requestsThatCannotApplyAreRefusedInTheStoresWords() throws {
        try cli.command("family", "create", Self.parent)
        #expect(try cli.command("family", "create", Self.parent, status: 4).stderr.contains("is in the family of \(Self.parent) already"))
        #expect(try cli.command("family", "add", Self.kid, "--to", "nobody@example.com", status: 4).stderr.contains("nobody@example.com is in no family"))
        #expect(try cli.command("family", "share", "com.storefront.credits.5", "off", status: 4).stderr.contains("is not family-shareable"))
        #expect(try cli.command("family", "leave", status: 4).stderr.contains("is in no family"))
        for n in 1...5 { try cli.command("family", "add", "member\(n)@example.com", "--to", Self.parent) }
        #expect(try cli.command("family", "add", Self.kid, "--to", Self.parent, status: 4).stderr.contains("is full"))
        try cli.command("family", "remove", Self.parent)
        #expect(try cli.command("family", "show").stdout.contains("No families"))
    }

    /// Failed before: "y no longer shares …", with its event and a line in `family show`.
    @Test func sharingIsTurnedOnOrOffOnlyByAPurchaserInAFamily() throws {
        try cli.command("family", "create", Self.parent)
        try cli.command("family", "add", Self.kid, "--to", Self.parent)
        let notBought = try cli.command("family", "share", Self.premium, "off", "--by", Self.kid, status: 4)
        #expect(notBought.stderr.contains("\(Self.kid) has not bought \(Self.premium)"), "\(notBought.summary)")
        let noFamily = try cli.command("family", "share", Self.premium, "on", "--by", "nobody@example.com", status: 4)
        #expect(noFamily.stderr.contains("nobody@example.com is in no family"), "\(noFamily.summary)")
        #expect(!(try cli.command("family", "show").stdout.contains("does not share")))
        #expect(!(try cli.command("events").stdout.contains("familySharing")), "no event written")
    }

    /// A parent stopping sharing from another terminal reaches the kid's open storefront: the
    /// app locks the content again, with its banner and log line.
    @Test func aFamilyRevocationFromAnotherTerminalReachesAnOpenStorefront() throws {
        for command in [["set", "latency", "0"], ["set", "account", Self.kid], ["family", "create", Self.parent],
                        ["family", "add", Self.kid, "--to", Self.parent], ["family", "buy", Self.parent, Self.premium]] {
            #expect(try cli.run(arguments: ["--data-dir", cli.dataDirectory.path] + command).status == 0)
        }
        let tty = try TmuxSession(cli)
        defer { tty.kill() }
        try tty.waitFor("✓ owned")
        let stop = try cli.run("family", "share", Self.premium, "off", "--by", Self.parent)
        #expect(stop.status == 0, "not busy: \(stop.summary)")
        let screen = try tty.waitFor("✗ No longer shared by your family: Premium Quotes — locked again")
        #expect(screen.contains("1000000002 no longer shared by the family  com.storefront.premium = false"), "\(screen)")
        #expect(!screen.contains("✓ owned"), "locked again: \(screen)")
        let state = try cli.run("state", "--json")
        #expect(state.stdout.contains("\"revokedTransactionsTakenBack\""), "\(state.summary)")
    }

    /// `family show` names only what Family Sharing applies to: a subscription's sharing turned
    /// off stops every plan of its group, the ones the catalog does not share left out; a plan
    /// the catalog no longer shares is left out too, its stop kept for when it is shared again.
    @Test func familyShowLeavesOutProductsThatCannotBeShared() throws {
        let monthly = "com.storefront.pro.monthly", yearly = "com.storefront.pro.yearly"
        try cli.command("set", "account", Self.parent)
        try cli.command("family", "create", Self.parent)
        try cli.command("family", "add", Self.kid)
        try cli.command("family", "buy", Self.parent, monthly)
        let stopped = try cli.command("family", "share", monthly, "off", "--json").json()
        let shown = try cli.command("family", "show").stdout
        #expect(shown.contains("  \(Self.parent) does not share \(monthly), \(yearly)\n"), "\(shown)")
        #expect(!shown.contains("com.storefront.pro.student") && !shown.contains("com.storefront.lite.monthly"), "\(shown)")
        let json = try cli.command("family", "show", "--json").json()
        let family = try #require((json["families"] as? [[String: Any]])?.first, "\(json)")
        #expect(family["notShared"] as? [String: [String]] == [Self.parent: [monthly, yearly]], "\(json)")
        let answered = try #require((stopped["families"] as? [[String: Any]])?.first, "\(stopped)")
        #expect(answered["notShared"] as? [String: [String]] == [Self.parent: [monthly, yearly]], "the operation's answer alike")

        // The same store under a catalog that no longer shares Pro Yearly.
        let storekit = cli.dataDirectory.appendingPathComponent("unshared.storekit")
        try cli.command("catalog", "export", "--storekit", storekit.path)
        let file = try JSONSerialization.jsonObject(with: Data(contentsOf: storekit))
        try JSONSerialization.data(withJSONObject: Self.unsharing(yearly, in: file)).write(to: storekit)
        let narrowed = try cli.command("--catalog", storekit.path, "family", "show")
        #expect(narrowed.stdout.contains("  \(Self.parent) does not share \(monthly)\n"), "\(narrowed.summary)")
        #expect(!narrowed.stdout.contains(yearly), "\(narrowed.summary)")
        #expect(try cli.command("family", "show").stdout.contains("does not share \(monthly), \(yearly)"), "shared again: listed again")
    }

    /// A .storekit file's JSON with `productID` no longer family-shareable.
    private static func unsharing(_ productID: String, in json: Any) -> Any {
        if var object = json as? [String: Any] {
            if object["productID"] as? String == productID { object["familyShareable"] = false }
            return object.mapValues { unsharing(productID, in: $0) }
        }
        if let array = json as? [Any] { return array.map { unsharing(productID, in: $0) } }
        return json
    }
}
