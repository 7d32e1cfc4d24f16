import DataFiles
import Foundation
import AppStoreCore
import Testing

/// Each seed's flow through the command line alone: every step is its own process, so the
/// flow survives a restart between every step.
@Suite(.ownThreads) final class CommandLineFlowTests {
    let cli = BinaryRunner()

    init() throws {
        let latency = try cli.run("set", "latency", "0")
        #expect(latency.status == 0, "\(latency.summary)")
    }

    deinit {
        cli.cleanUp()
    }

    /// `buy`, expecting `status`; returns the `--json` output.
    @discardableResult
    private func buy(_ arguments: String..., status: Int32 = 0,
                     sourceLocation: SourceLocation = #_sourceLocation) throws -> BinaryRunner.Result {
        let result = try cli.run(arguments: ["--data-dir", cli.dataDirectory.path, "buy"] + arguments + ["--json"])
        #expect(result.status == status, "\(result.summary)", sourceLocation: sourceLocation)
        return result
    }

    private func history() throws -> [[String: Any]] {
        try #require(try cli.state()["history"] as? [[String: Any]])
    }

    private func queue() throws -> [[String: Any]] {
        try #require(try cli.state()["queue"] as? [[String: Any]])
    }

    // MARK: 1. Premium content (non-consumable), delete the app, restore

    @Test func premiumPurchaseDeleteAppAndRestore() throws {
        let bought = try cli.run("buy", "com.storefront.premium")
        #expect(bought.status == 0, "\(bought.summary)")
        #expect(bought.stdout.contains("purchased  com.storefront.premium"))
        #expect(bought.stdout.contains("finished"))
        #expect(try cli.userDefaults()["com.storefront.premium"] as? Bool == true)
        let purchase = try #require(try history().first)
        let purchaseID = try #require(purchase["id"] as? String)
        #expect(purchase["state"] as? String == "purchased")

        // Bought again: the same item at no charge, as a regular purchase pointing to the first.
        let again = try buy("com.storefront.premium").transaction()
        #expect(again["state"] as? String == "purchased")
        #expect(again["reason"] as? String == "redownload")
        #expect(again["originalTransactionID"] as? String == purchaseID)
        #expect(try history().count == 2)

        let deleted = try cli.run("reset", "--app-only")
        #expect(deleted.status == 0)
        #expect(try cli.userDefaults().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: cli.userDefaultsURL.path))

        let restored = try cli.run("restore", "--json")
        #expect(restored.status == 0, "\(restored.summary)")
        let output = try restored.json()
        let list = try #require(output["restored"] as? [[String: Any]])
        #expect(list.map { $0["productID"] as? String } == ["com.storefront.premium"])
        #expect(list.first?["state"] as? String == "restored")
        #expect(list.first?["originalTransactionID"] as? String == purchaseID)
        #expect(list.first?["finished"] as? Bool == true, "restore finishes what it delivers")
        #expect((output["userDefaults"] as? [String: Any])?["com.storefront.premium"] as? Bool == true)
        #expect(try cli.userDefaults()["com.storefront.premium"] as? Bool == true)

        let afterRestore = try history()
        #expect(afterRestore.map { $0["state"] as? String } == ["purchased", "purchased", "restored"])
        #expect(try queue().isEmpty)

        // After deleting the app, buying it again gets it again, in words too.
        try cli.run("reset", "--app-only")
        let redownload = try cli.run("buy", "com.storefront.premium")
        #expect(redownload.status == 0, "\(redownload.summary)")
        #expect(redownload.stdout.contains("(re-downloaded at no charge)"), "\(redownload.summary)")
        #expect(redownload.stdout.contains("You've already purchased this: com.storefront.premium was downloaded again at no charge"))
        #expect(try cli.userDefaults()["com.storefront.premium"] as? Bool == true)
        let text = try cli.run("restore")
        #expect(text.stdout.contains("Restored 1 purchase: com.storefront.premium"))
    }

    // MARK: 2. Credit packs (consumable) with a quantity

    @Test func creditPacksWithQuantity() throws {
        let three = try buy("com.storefront.credits.5", "--quantity", "3")
        #expect(try three.transaction()["quantity"] as? Int == 3)
        #expect((try three.json()["userDefaults"] as? [String: Any])?["credits"] as? Int == 15)
        #expect(try cli.userDefaults()["credits"] as? Int == 15)

        let ten = try cli.run("buy", "com.storefront.credits.10")
        #expect(ten.status == 0)
        #expect(ten.stdout.contains("+10 credits (balance 25)"))
        let state = try cli.state()
        #expect((state["userDefaults"] as? [String: Any])?["credits"] as? Int == 25)
        #expect(state["credits"] as? Int == 25)

        let tooMany = try buy("com.storefront.credits.5", "--quantity", "11", status: 4)
        #expect(try tooMany.transaction()["state"] as? String == "failed")
        #expect(try tooMany.error()["code"] as? Int == 3)
        #expect(try tooMany.error()["name"] as? String == "paymentInvalid")
        #expect(try buy("com.storefront.credits.5", "--quantity", "0", status: 4).error()["code"] as? Int == 3)
        #expect(try cli.userDefaults()["credits"] as? Int == 25, "a failed purchase delivers nothing")

        // 10 is the most a payment may ask for; quantities are for consumables only.
        try buy("com.storefront.credits.5", "--quantity", "10")
        #expect(try cli.userDefaults()["credits"] as? Int == 75)
        #expect(try buy("com.storefront.premium", "--quantity", "2", status: 4).error()["code"] as? Int == 3)
        #expect(try cli.userDefaults()["com.storefront.premium"] == nil)

        // Consumables are never restored.
        try cli.run("reset", "--app-only")
        let restored = try cli.run("restore", "--json")
        #expect(restored.status == 0)
        #expect((try restored.json()["restored"] as? [Any])?.isEmpty == true)
        #expect(try cli.userDefaults()["credits"] == nil)
    }

    /// A balance raised by hand past anything bought is written back to what the signed
    /// purchases delivered as the app launches, before the pack is delivered on top.
    @Test func aBalanceRaisedPastWhatWasBoughtIsCorrectedBeforeThePack() throws {
        try cli.write(#"{"credits": \#(Int.max - 3)}"#, to: cli.userDefaultsURL)
        let text = try cli.run("buy", "com.storefront.credits.10")
        #expect(text.status == 0, "\(text.summary)")
        #expect(text.stdout.contains("UserDefaults.json claimed credits = \(Int.max - 3), the signed transactions say 0: corrected"),
                "\(text.summary)")
        #expect(try cli.userDefaults()["credits"] as? Int == 10)
        #expect(try queue().isEmpty)
    }

    // MARK: 3. Subscription with a free trial, and the non-renewing pass

    @Test func subscriptionTrialAndWhatRestoreBringsBack() throws {
        let monthly = try buy("com.storefront.pro.monthly").transaction()
        #expect(monthly["isTrialPeriod"] as? Bool == true)
        let date = try #require((monthly["date"] as? String).flatMap(JSONCoding.parse))
        let expires = try #require((monthly["expiresDate"] as? String).flatMap(JSONCoding.parse))
        #expect(abs(expires.timeIntervalSince(date) - 7 * 86_400) < 1, "a one-week free trial first")
        try buy("com.storefront.pass.yearly")

        let defaults = try cli.userDefaults()
        let stored = try #require(defaults["com.storefront.pro.monthly"] as? String, "the app keeps the expiry")
        #expect(JSONCoding.parse(stored) == expires)
        #expect(defaults["com.storefront.pass.yearly"] is String)
        let recorded = try #require(try history().first { $0["productID"] as? String == "com.storefront.pro.monthly" })
        #expect(recorded["isTrialPeriod"] as? Bool == true)
        #expect(recorded["expiresDate"] as? String == monthly["expiresDate"] as? String)

        // An active subscription is owned: buying it again is refused.
        #expect(try buy("com.storefront.pro.monthly", status: 4).error()["name"] as? String == "alreadyOwned")

        try cli.run("reset", "--app-only")
        let restored = try cli.run("restore", "--json")
        #expect(restored.status == 0)
        let list = try #require(try restored.json()["restored"] as? [[String: Any]])
        #expect(list.map { $0["productID"] as? String } == ["com.storefront.pro.monthly"], "never the non-renewing pass")
        #expect(list.first?["state"] as? String == "restored")
        let after = try cli.userDefaults()
        #expect((after["com.storefront.pro.monthly"] as? String).flatMap(JSONCoding.parse) == expires)
        #expect(after["com.storefront.pass.yearly"] == nil)
    }

    /// A restore brings one restored transaction per purchase and renewal, as StoreKit's
    /// does: --json lists each, naming the transaction it restores; the text counts them.
    @Test func restoreListsEachPurchaseAndRenewal() throws {
        try buy("com.storefront.premium")
        try buy("com.storefront.pro.monthly")
        #expect(try cli.run("advance", "2mo").status == 0)
        try cli.run("launch")
        let purchases = try history().filter { $0["state"] as? String == "purchased" }
        #expect(purchases.count == 4, "premium, the trial, two renewals")
        try cli.run("reset", "--app-only")

        let json = try cli.run("restore", "--json").json()
        let restored = try #require(json["restored"] as? [[String: Any]])
        #expect(restored.map { $0["originalTransactionID"] as? String } == purchases.map { $0["id"] as? String })
        #expect(restored.allSatisfy { $0["state"] as? String == "restored" && $0["finished"] as? Bool == true })
        let expiry = (json["userDefaults"] as? [String: Any])?["com.storefront.pro.monthly"] as? String
        #expect(expiry == purchases.last?["expiresDate"] as? String, "the latest period stands")

        try cli.run("reset", "--app-only")
        let text = try cli.run("restore")
        #expect(text.stdout.contains("Restored 4 purchases: com.storefront.premium, com.storefront.pro.monthly ×3\n"), "\(text.summary)")
    }

    /// The restore summary says what the store never restores, of what the account bought
    /// or the app holds, as the storefront's restore dialog does.
    @Test func restoreSaysWhatTheStoreDoesNotRestore() throws {
        try buy("com.storefront.credits.5")
        try buy("com.storefront.pass.yearly")
        try buy("com.storefront.pro.monthly")
        try cli.run("reset", "--app-only")
        let text = try cli.run("restore")
        #expect(text.status == 0, "\(text.summary)")
        let lines = text.stdout.split(separator: "\n").suffix(2)
        #expect(Array(lines) == [
            "Restored 1 purchase: com.storefront.pro.monthly",
            "Not restored (the App Store never restores consumables or non-renewing subscriptions: the app must keep them itself): com.storefront.credits.5, com.storefront.pass.yearly",
        ], "\(text.summary)")

        let json = try cli.run("restore", "--json").json()
        #expect(json["notRestored"] as? [String] == ["com.storefront.credits.5", "com.storefront.pass.yearly"], "\(json)")

        // Another account bought none of them: nothing to say.
        try cli.run("set", "account", "other@example.com")
        let other = try cli.run("restore")
        #expect(other.stdout.hasSuffix("No purchases to restore.\n"), "\(other.summary)")
        #expect(try cli.run("restore", "--json").json()["notRestored"] as? [String] == [])
    }

    // MARK: 4. Ask to Buy

    @Test(arguments: [
        ("com.storefront.credits.10", "credits", 10 as Int?),
        ("com.storefront.premium", "com.storefront.premium", nil),
    ])
    func askToBuyApprovedThenDeliveredAtLaunch(productID: String, key: String, credits: Int?) throws {
        #expect(try cli.run("set", "ask-to-buy", "on").status == 0)
        let bought = try cli.run("buy", productID)
        #expect(bought.status == 3, "\(bought.summary)")
        #expect(bought.stdout.contains("deferred"))
        let id = try #require(bought.stdout.split(separator: " ").first.map(String.init))
        #expect(bought.stdout.contains(cli.hint("approve \(id)")), "\(bought.summary)")
        #expect(try cli.userDefaults()[key] == nil)

        let pending = try cli.run("pending", "--json").json()
        let requests = try #require(pending["askToBuy"] as? [[String: Any]])
        #expect(requests.map { $0["id"] as? String } == [id])
        #expect(requests.first?["state"] as? String == "deferred")
        #expect(requests.first?["productID"] as? String == productID)
        #expect((pending["interrupted"] as? [Any])?.isEmpty == true)
        #expect(try queue().map { $0["id"] as? String } == [id], "deferred transactions are not finished")

        let approved = try cli.run("approve", id, "--json")
        #expect(approved.status == 0, "\(approved.summary)")
        #expect(try approved.transaction()["id"] as? String == id)
        #expect(try approved.transaction()["state"] as? String == "purchased")
        #expect(try cli.userDefaults()[key] == nil, "the app has not run since")
        #expect((try cli.run("pending", "--json").json()["askToBuy"] as? [Any])?.isEmpty == true)

        let launched = try cli.run("launch", "--json")
        #expect(launched.status == 0)
        let delivered = try #require(try launched.json()["delivered"] as? [[String: Any]])
        #expect(delivered.map { $0["id"] as? String } == [id])
        #expect(delivered.first?["state"] as? String == "purchased")
        let defaults = try cli.userDefaults()
        if let credits {
            #expect(defaults[key] as? Int == credits)
        } else {
            #expect(defaults[key] as? Bool == true)
        }
        #expect(try queue().isEmpty)
        #expect(try cli.run("launch").stdout.contains("Nothing was waiting"), "delivered once only")
    }

    @Test func askToBuyDeclined() throws {
        try cli.run("set", "ask-to-buy", "on")
        let deferred = try buy("com.storefront.premium", status: 3).transaction()
        #expect(deferred["state"] as? String == "deferred")
        #expect(deferred["phase"] as? String == "deferred")
        let id = try #require(deferred["id"] as? String)
        #expect(try queue().map { $0["phase"] as? String } == ["deferred"], "state --json shows where it waits")
        #expect(try cli.run("state").stdout.contains("waiting for approval"))

        let declined = try cli.run("decline", id, "--json")
        #expect(declined.status == 0)
        #expect(try declined.transaction()["state"] as? String == "failed")
        #expect(try declined.transaction()["phase"] == nil, "it waits for nobody now")
        #expect(try declined.error()["message"] is String, "a declined request fails with an error")
        #expect((try cli.run("pending", "--json").json()["askToBuy"] as? [Any])?.isEmpty == true)
        let approveAfter = try cli.run("approve", id)
        #expect(approveAfter.status == 4, "a declined request cannot be approved")
        #expect(approveAfter.stderr.contains(id))

        let launched = try cli.run("launch", "--json")
        let delivered = try #require(try launched.json()["delivered"] as? [[String: Any]])
        #expect(delivered.map { $0["state"] as? String } == ["failed"])
        #expect(try cli.userDefaults().isEmpty, "nothing is delivered for a declined request")
        #expect(try queue().isEmpty, "the app finishes the failed transaction")
    }

    // MARK: 5. Restrictions, failures, interruptions, cancel, signed out

    @Test func restrictedPaymentsFailButProductsLoad() throws {
        try cli.run("set", "can-make-payments", "off")
        #expect((try cli.state()["settings"] as? [String: Any])?["canMakePayments"] as? Bool == false)
        let restricted = try buy("com.storefront.credits.5", status: 4)
        #expect(try restricted.error()["code"] as? Int == 4)
        #expect(try restricted.error()["name"] as? String == "paymentNotAllowed")
        let text = try cli.run("buy", "com.storefront.premium")
        #expect(text.status == 4)
        #expect(text.stdout.contains("error 4 paymentNotAllowed"))
        #expect(try cli.run("products").status == 0, "product info still loads while restricted")
        #expect(try cli.userDefaults().isEmpty)

        try cli.run("set", "can-make-payments", "on")
        try buy("com.storefront.credits.5")
        #expect(try cli.userDefaults()["credits"] as? Int == 5)
    }

    @Test func networkOff() throws {
        try cli.run("set", "network", "off")
        let products = try cli.run("products", "--json")
        #expect(products.status == 4)
        let networkError = try products.error()
        #expect(networkError["domain"] as? String == "NSURLErrorDomain")
        #expect(networkError["code"] as? Int == -1009)
        let text = try cli.run("products")
        #expect(text.status == 4)
        #expect(text.stderr.contains("NSURLErrorDomain -1009"))

        let offline = try buy("com.storefront.credits.5", status: 4)
        #expect(try offline.error()["code"] as? Int == 0)
        #expect(try offline.error()["domain"] as? String == "SKErrorDomain")
        #expect(try cli.run("restore").status == 4)

        try cli.run("set", "network", "on")
        #expect(try cli.run("products").status == 0)
        try buy("com.storefront.credits.5")
    }

    @Test(arguments: [("5", 5), ("storeProductNotAvailable", 5), ("paymentInvalid", 3), ("0", 0)])
    func failWithUntilTurnedOff(value: String, code: Int) throws {
        let set = try cli.run("set", "fail-with", value)
        #expect(set.status == 0, "\(set.summary)")
        #expect((try cli.state()["settings"] as? [String: Any])?["failWith"] as? Int == code)
        for id in ["com.storefront.credits.5", "com.storefront.premium", "com.storefront.pro.monthly"] {
            let failed = try buy(id, status: 4)
            #expect(try failed.error()["code"] as? Int == code, "\(id)")
            #expect(try failed.transaction()["state"] as? String == "failed")
        }
        #expect(try cli.userDefaults().isEmpty)

        #expect(try cli.run("set", "fail-with", "off").status == 0)
        #expect((try cli.state()["settings"] as? [String: Any])?["failWith"] is NSNull)
        try buy("com.storefront.premium")
        #expect(try cli.userDefaults()["com.storefront.premium"] as? Bool == true)
    }

    @Test func interruptedPurchaseResolved() throws {
        try cli.run("set", "interrupted", "on")
        let failed = try buy("com.storefront.premium", status: 4)
        let id = try #require(try failed.transaction()["id"] as? String)
        #expect(try failed.transaction()["awaitingResolution"] as? Bool == true)
        #expect(try failed.transaction()["phase"] as? String == "interrupted")
        let pending = try cli.run("pending", "--json").json()
        let interrupted = try #require(pending["interrupted"] as? [[String: Any]])
        #expect(interrupted.map { $0["id"] as? String } == [id])
        #expect((pending["askToBuy"] as? [Any])?.isEmpty == true)
        #expect(try cli.userDefaults().isEmpty)

        try cli.run("set", "interrupted", "off")
        let resolved = try cli.run("resolve", id, "--json")
        #expect(resolved.status == 0, "\(resolved.summary)")
        let completed = try resolved.transaction()
        let newID = try #require(completed["id"] as? String)
        #expect(newID != id, "a new transaction completes it")
        #expect(completed["state"] as? String == "purchased")
        #expect(completed["originalTransactionID"] as? String == id)
        #expect((try cli.run("pending", "--json").json()["interrupted"] as? [Any])?.isEmpty == true)
        #expect(try cli.run("resolve", id).status == 4, "resolved once only")

        let launched = try cli.run("launch", "--json")
        #expect((try launched.json()["delivered"] as? [[String: Any]])?.map { $0["id"] as? String } == [newID])
        #expect(try cli.userDefaults()["com.storefront.premium"] as? Bool == true)
    }

    @Test func cancelDeliversNothing() throws {
        let cancelled = try buy("com.storefront.credits.10", "--cancel", status: 4)
        #expect(try cancelled.error()["code"] as? Int == 2)
        #expect(try cancelled.error()["name"] as? String == "paymentCancelled")
        #expect(try cli.userDefaults().isEmpty)
        #expect(try queue().isEmpty, "the app finishes the cancelled transaction")
        let text = try cli.run("buy", "com.storefront.premium", "--cancel")
        #expect(text.status == 4)
        #expect(!text.stdout.contains("delivered"))
        #expect(try cli.userDefaults().isEmpty)
    }

    @Test func signedOutIsRefused() throws {
        try cli.run("set", "account", "none")
        #expect((try cli.state()["settings"] as? [String: Any])?["account"] is NSNull)
        let signedOut = try buy("com.storefront.credits.5", status: 4)
        #expect(try signedOut.error()["name"] as? String == "notSignedIn")
        #expect(try signedOut.error()["code"] as? Int == 7)
        let restore = try cli.run("restore", "--json")
        #expect(restore.status == 4)
        #expect(try restore.error()["name"] as? String == "notSignedIn")
        #expect(try history().isEmpty, "refused before the store saw anything")

        try cli.run("set", "account", "tester@example.com")
        #expect((try cli.state()["settings"] as? [String: Any])?["account"] as? String == "tester@example.com")
        try buy("com.storefront.credits.5")
    }

    // MARK: 6. Unfinished transactions

    @Test func unfinishedTransactionComesBackAtLaunch() throws {
        let killed = try buy("com.storefront.credits.5", "--no-finish")
        let id = try #require(try killed.transaction()["id"] as? String)
        #expect(try killed.transaction()["finished"] as? Bool == false)
        let state = try cli.state()
        let queue = try #require(state["queue"] as? [[String: Any]])
        #expect(queue.map { $0["id"] as? String } == [id])
        #expect(queue.first?["finished"] as? Bool == false)
        #expect(queue.first?["state"] as? String == "purchased")
        #expect((state["userDefaults"] as? [String: Any])?["credits"] == nil)

        let launch = try cli.run("launch")
        #expect(launch.status == 0)
        #expect(launch.stdout.contains("\(id) purchased  com.storefront.credits.5  (redelivered at launch)"))
        #expect(try cli.userDefaults()["credits"] as? Int == 5)
        #expect(try self.queue().isEmpty)
        #expect(try cli.run("launch").stdout.contains("Nothing was waiting"))
        #expect(try cli.userDefaults()["credits"] as? Int == 5, "delivered once only")
    }

    @Test func unfinishedTransactionComesBackWithTheNextPurchase() throws {
        let first = try #require(try buy("com.storefront.credits.5", "--no-finish").transaction()["id"] as? String)
        let next = try buy("com.storefront.credits.10").json()
        let redelivered = try #require(next["redelivered"] as? [[String: Any]])
        #expect(redelivered.map { $0["id"] as? String } == [first])
        #expect(redelivered.first?["finished"] as? Bool == true)
        #expect((next["userDefaults"] as? [String: Any])?["credits"] as? Int == 15)
        #expect(try queue().isEmpty)
    }

    @Test func finishTransactionsOffRedeliversAtEveryLaunch() throws {
        try cli.run("set", "finish-transactions", "off")
        try buy("com.storefront.premium")
        #expect(try cli.userDefaults()["com.storefront.premium"] as? Bool == true, "delivered, never finished")
        #expect(try queue().map { $0["productID"] as? String } == ["com.storefront.premium"])
        for _ in 0..<2 {
            let launched = try cli.run("launch", "--json").json()
            #expect((launched["delivered"] as? [Any])?.count == 1)
            #expect((launched["queue"] as? [Any])?.count == 1)
        }
        try cli.run("set", "finish-transactions", "on")
        #expect((try cli.run("launch", "--json").json()["queue"] as? [Any])?.isEmpty == true)
        #expect(try queue().isEmpty)
    }
}
