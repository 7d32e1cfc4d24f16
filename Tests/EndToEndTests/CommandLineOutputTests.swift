import Foundation
import Testing

/// The documented, stable shapes of `--json` output, and the documented exit codes.
@Suite(.ownThreads) final class CommandLineOutputTests {
    let cli = BinaryRunner()

    deinit {
        cli.cleanUp()
    }

    private func setLatencyZero() throws {
        #expect(try cli.run("set", "latency", "0").status == 0)
    }

    /// ISO 8601 in UTC with milliseconds, as docs/command-line.md promises.
    private func isTimestamp(_ value: Any?) -> Bool {
        guard let text = value as? String else { return false }
        return text.wholeMatch(of: /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z/) != nil
    }

    private func checkTransaction(_ t: [String: Any], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect((t["id"] as? String)?.isEmpty == false, "id: \(t)", sourceLocation: sourceLocation)
        #expect(t["productID"] is String, "productID: \(t)", sourceLocation: sourceLocation)
        #expect(t["quantity"] is Int, "quantity: \(t)", sourceLocation: sourceLocation)
        #expect(["purchasing", "purchased", "failed", "restored", "deferred"].contains(t["state"] as? String ?? ""),
                "state: \(t)", sourceLocation: sourceLocation)
        #expect(isTimestamp(t["date"]), "date: \(t)", sourceLocation: sourceLocation)
        #expect(t["finished"] is Bool, "finished: \(t)", sourceLocation: sourceLocation)
        if t["state"] as? String == "failed" {
            let error = t["error"] as? [String: Any]
            #expect(error?["code"] is Int, "error.code: \(t)", sourceLocation: sourceLocation)
            #expect((error?["message"] as? String)?.isEmpty == false, "error.message: \(t)", sourceLocation: sourceLocation)
            #expect(error?["domain"] is String, "error.domain: \(t)", sourceLocation: sourceLocation)
            #expect(error?["name"] is String, "error.name: \(t)", sourceLocation: sourceLocation)
        } else {
            #expect(t["error"] == nil, "only failed transactions carry an error: \(t)", sourceLocation: sourceLocation)
        }
    }

    // MARK: state

    @Test func stateOfAFreshDataDirectory() throws {
        let state = try cli.state()
        for key in ["dataDirectory", "settings", "userDefaults", "credits", "queue", "history"] {
            #expect(state[key] != nil, "state has \(key)")
        }
        #expect(state["dataDirectory"] as? String == cli.dataDirectory.standardizedFileURL.path)
        #expect((state["userDefaults"] as? [String: Any])?.isEmpty == true)
        #expect(state["credits"] as? Int == 0)
        #expect((state["queue"] as? [Any])?.isEmpty == true)
        #expect((state["history"] as? [Any])?.isEmpty == true)

        let settings = try #require(state["settings"] as? [String: Any])
        #expect(Set(settings.keys).isSuperset(of: ["canMakePayments", "askToBuy", "network", "failWith", "interrupted",
                                                   "finishTransactions", "account", "storefront", "latencyMilliseconds", "hold"]))
        #expect(settings["canMakePayments"] as? Bool == true)
        #expect(settings["askToBuy"] as? Bool == false)
        #expect(settings["network"] as? Bool == true)
        #expect(settings["failWith"] is NSNull)
        #expect(settings["interrupted"] as? Bool == false)
        #expect(settings["finishTransactions"] as? Bool == true)
        #expect(settings["account"] as? String == "sandbox.user@example.com")
        #expect(settings["storefront"] as? String == "USA")
        #expect(settings["latencyMilliseconds"] as? Int == 1500, "the documented default latency")
        #expect(settings["hold"] as? Bool == false)
    }

    @Test func transactionsInStateHistoryAndQueue() throws {
        try setLatencyZero()
        try cli.run("set", "fail-with", "4")
        #expect(try cli.run("buy", "com.storefront.credits.5").status == 4)
        try cli.run("set", "fail-with", "off")
        #expect(try cli.run("buy", "com.storefront.credits.10", "--quantity", "2").status == 0)
        #expect(try cli.run("buy", "com.storefront.pro.monthly", "--no-finish").status == 0)

        let state = try cli.state()
        let history = try #require(state["history"] as? [[String: Any]])
        #expect(history.map { $0["state"] as? String } == ["failed", "purchased", "purchased"])
        history.forEach { checkTransaction($0) }
        let ids = history.compactMap { $0["id"] as? String }
        #expect(Set(ids).count == 3, "transaction ids are unique")

        let failed = history[0]
        #expect(failed["productID"] as? String == "com.storefront.credits.5")
        let error = try #require(failed["error"] as? [String: Any])
        #expect(error["code"] as? Int == 4)
        #expect(error["name"] as? String == "paymentNotAllowed")
        #expect(error["domain"] as? String == "SKErrorDomain")
        #expect(history[1]["quantity"] as? Int == 2)
        #expect(history[2]["isTrialPeriod"] as? Bool == true)
        #expect(isTimestamp(history[2]["expiresDate"]))

        let queue = try #require(state["queue"] as? [[String: Any]])
        #expect(queue.map { $0["id"] as? String } == [ids[2]], "the queue holds the unfinished transaction only")
        #expect(queue.first?["finished"] as? Bool == false)
        #expect(state["credits"] as? Int == 20)
        #expect((state["settings"] as? [String: Any])?["latencyMilliseconds"] as? Int == 0)
    }

    @Test func userDefaultsInStateIsExactlyTheFile() throws {
        let text = #"{"custom": {"x": [1, "two", null, 2.5]}, "credits": 7, "flag": false, "com.storefront.premium": true}"#
        try cli.write(text, to: cli.userDefaultsURL)
        let state = try cli.state()
        let onDisk = try JSONSerialization.jsonObject(with: Data(contentsOf: cli.userDefaultsURL)) as? NSDictionary
        #expect(NSDictionary(dictionary: try #require(state["userDefaults"] as? [String: Any])) == onDisk)
        #expect(state["credits"] as? Int == 7)
        #expect(try Data(contentsOf: cli.userDefaultsURL) == Data(text.utf8), "reading never rewrites it")

        // Delivering keeps keys the app does not know, and the file stays what state shows.
        try setLatencyZero()
        #expect(try cli.run("buy", "com.storefront.credits.5").status == 0)
        let after = try cli.userDefaults()
        let file = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: cli.userDefaultsURL)) as? [String: Any])
        #expect(NSDictionary(dictionary: after) == NSDictionary(dictionary: file))
        #expect(after["credits"] as? Int == 5, "the 7 written by hand, with nothing bought, written back to none first")
        #expect(NSDictionary(dictionary: after["custom"] as? [String: Any] ?? [:])
                == NSDictionary(dictionary: ["x": [1, "two", NSNull(), 2.5] as [Any]]))
        #expect(after["flag"] as? Bool == false)
    }

    // MARK: products

    @Test func productsShape() throws {
        let result = try cli.run("products", "--json")
        #expect(result.status == 0)
        let output = try result.json()
        #expect(output["storefront"] as? String == "USA")
        #expect(output["invalidProductIdentifiers"] as? [String] == ["com.storefront.credits.50", "com.storefront.theme.retired"])
        let products = try #require(output["products"] as? [[String: Any]])
        #expect(products.map { $0["id"] as? String } == [
            "com.storefront.premium", "com.storefront.credits.5", "com.storefront.credits.10",
            "com.storefront.pro.monthly", "com.storefront.pro.yearly", "com.storefront.pro.student", "com.storefront.lite.monthly",
            "com.storefront.pass.yearly",
        ])
        for product in products {
            for key in ["id", "type", "title", "description", "price", "formattedPrice", "currency"] {
                #expect(product[key] != nil, "\(product["id"] ?? "?") has \(key)")
            }
            #expect(product["currency"] as? String == "USD")
        }
        let byID = Dictionary(uniqueKeysWithValues: products.map { ($0["id"] as? String ?? "", $0) })
        #expect(byID["com.storefront.premium"]?["type"] as? String == "nonConsumable")
        #expect(byID["com.storefront.premium"]?["formattedPrice"] as? String == "$2.99")
        #expect(byID["com.storefront.premium"]?["price"] as? String == "2.99")
        #expect(byID["com.storefront.credits.5"]?["credits"] as? Int == 5)
        #expect(byID["com.storefront.credits.10"]?["type"] as? String == "consumable")
        #expect(byID["com.storefront.pro.monthly"]?["type"] as? String == "autoRenewable")
        #expect(byID["com.storefront.pro.monthly"]?["subscriptionPeriod"] as? String == "P1M")
        #expect(byID["com.storefront.pro.monthly"]?["freeTrial"] as? String == "P1W")
        #expect(byID["com.storefront.pass.yearly"]?["type"] as? String == "nonRenewing")

        let text = try cli.run("products")
        #expect(text.stdout.contains("com.storefront.theme.retired  invalid product identifier"))
    }

    @Test func productsInTheJapaneseStorefront() throws {
        #expect(try cli.run("set", "storefront", "jpn").status == 0, "storefront ids are matched without case")
        let output = try cli.run("products", "--json").json()
        #expect(output["storefront"] as? String == "JPN")
        let premium = try #require((output["products"] as? [[String: Any]])?.first)
        #expect(premium["currency"] as? String == "JPY")
        #expect(premium["formattedPrice"] as? String == "¥480")
        #expect(premium["title"] as? String == "Premium Quotes", "the storefront sets the currency, not the language")

        #expect(try cli.run("set", "locale", "ja_JP").status == 0)
        let japanese = try #require((try cli.run("products", "--json").json()["products"] as? [[String: Any]])?.first)
        #expect(japanese["title"] as? String == "プレミアム名言集")
        #expect(japanese["formattedPrice"] as? String == "¥480")
        #expect(try cli.run("set", "locale", "nonsense!").status == 64)
    }

    // MARK: The other commands' shapes

    @Test func commandOutputShapes() throws {
        let set = try cli.run("set", "latency", "0", "--json").json()
        #expect((set["settings"] as? [String: Any])?["latencyMilliseconds"] as? Int == 0)

        let buy = try cli.run("buy", "com.storefront.premium", "--json").json()
        #expect(Set(buy.keys).isSuperset(of: ["transaction", "merged", "redelivered", "userDefaults"]))
        #expect(buy["merged"] as? Bool == false)
        #expect((buy["transaction"] as? [String: Any])?["reason"] as? String == "purchase")
        #expect((buy["transaction"] as? [String: Any])?["account"] as? String == "sandbox.user@example.com")
        checkTransaction(try #require(buy["transaction"] as? [String: Any]))
        #expect((buy["transaction"] as? [String: Any])?["finished"] as? Bool == true)
        #expect((buy["userDefaults"] as? [String: Any])?["com.storefront.premium"] as? Bool == true)

        let pending = try cli.run("pending", "--json").json()
        #expect((pending["askToBuy"] as? [Any])?.isEmpty == true)
        #expect((pending["interrupted"] as? [Any])?.isEmpty == true)

        let restore = try cli.run("restore", "--json").json()
        let restored = try #require(restore["restored"] as? [[String: Any]])
        restored.forEach { checkTransaction($0) }
        #expect(restore["userDefaults"] is [String: Any])

        let launch = try cli.run("launch", "--json").json()
        #expect((launch["delivered"] as? [Any])?.isEmpty == true)
        #expect((launch["queue"] as? [Any])?.isEmpty == true)
        #expect(launch["userDefaults"] is [String: Any])

        // A refusal before any transaction exists: `{ error }`.
        try cli.run("buy", "com.storefront.pro.monthly")
        let refused = try cli.run("buy", "com.storefront.pro.monthly", "--json")
        #expect(refused.status == 4)
        let error = try #require(try refused.json()["error"] as? [String: Any])
        #expect(error["domain"] as? String == "StorefrontApp")
        #expect(error["code"] as? Int == 5)
        #expect(error["name"] as? String == "alreadyOwned")
        #expect((error["message"] as? String)?.isEmpty == false)
        #expect(refused.stderr.isEmpty, "with --json the error is on stdout only")
    }

    @Test func aRefusalAfterARedeliveryStillReportsWhatWasDelivered() throws {
        try setLatencyZero()
        let killed = try cli.run("buy", "com.storefront.pro.monthly", "--no-finish", "--json")
        let id = try #require(try killed.transaction()["id"] as? String)
        #expect(try cli.userDefaults().isEmpty)

        // The launch delivers the unfinished purchase, then the new one is refused: subscribed.
        let refused = try cli.run("buy", "com.storefront.pro.monthly", "--json")
        #expect(refused.status == 4)
        let output = try refused.json()
        #expect((output["error"] as? [String: Any])?["name"] as? String == "alreadyOwned")
        let redelivered = try #require(output["redelivered"] as? [[String: Any]])
        #expect(redelivered.map { $0["id"] as? String } == [id])
        #expect(redelivered.first?["finished"] as? Bool == true)
        #expect((output["userDefaults"] as? [String: Any])?["com.storefront.pro.monthly"] is String)

        // In text, the delivery lines come before the refusal even through one pipe.
        try cli.run("reset")
        try setLatencyZero()
        try cli.run("buy", "com.storefront.pro.monthly", "--no-finish")
        let text = try cli.run(arguments: ["--data-dir", cli.dataDirectory.path, "buy", "com.storefront.pro.monthly"],
                               mergingStderr: true)
        let delivered = try #require(text.stdout.range(of: "delivered"), "\(text.summary)")
        let refusal = try #require(text.stdout.range(of: "Cannot buy"), "\(text.summary)")
        #expect(delivered.lowerBound < refusal.lowerBound, "\(text.summary)")
    }

    // MARK: Exit codes

    @Test func documentedExitCodes() throws {
        try setLatencyZero()
        #expect(try cli.run("buy", "com.storefront.credits.5").status == 0, "0: done")
        try cli.run("set", "ask-to-buy", "on")
        #expect(try cli.run("buy", "com.storefront.credits.5").status == 3, "3: deferred")
        try cli.run("set", "ask-to-buy", "off")
        #expect(try cli.run("buy", "com.storefront.credits.5", "--cancel").status == 4, "4: cancelled")
        #expect(try cli.run("buy", "com.storefront.nope").status == 64, "64: unknown product")
        #expect(try cli.run("frobnicate").status == 64, "64: unknown command")
        #expect(try cli.run("buy", "com.storefront.credits.5", "--bogus").status == 64, "64: unknown option")
        try cli.write("{", to: cli.storeDatabaseURL)
        #expect(try cli.run("state").status == 65, "65: bad data")

        let help = try cli.run(arguments: ["--help"])
        #expect(help.status == 0)
        let words = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for code in ["0 done", "3 deferred", "4 failed", "64 usage", "65 bad data"] {
            #expect(words.contains(code), "--help documents \(code)")
        }
    }
}
