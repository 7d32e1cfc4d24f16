import DataFiles
import Foundation
import Testing

/// `storefront catalog check` and `catalog export --storekit`, and `--catalog FILE.storekit`
/// with every command, run as a user runs them.
@Suite(.ownThreads) final class CatalogCommandTests {
    let cli = BinaryRunner()

    deinit {
        cli.cleanUp()
    }

    /// The StoreKit configuration files the StoreKitSim tests read.
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("StoreKitSimTests/Fixtures/StoreKit")

    static func fixture(_ name: String) -> String { fixtures.appendingPathComponent("\(name).storekit").path }
    static func malformed(_ name: String) -> String { fixtures.appendingPathComponent("Malformed/\(name).storekit").path }

    static let valid = ["TeaGarden-v2", "HarborRadio-v3", "MountainMaps-v4", "StudyCards-v5"]
    /// What every fixture's signing key starts with: never to be seen outside the file.
    static let keyMarker = "FIXTURE-SIGNING-KEY"

    private var outputFile: String { cli.dataDirectory.appendingPathComponent("out.storekit").path }

    private func makeOutputDirectory() throws {
        try FileManager.default.createDirectory(at: cli.dataDirectory, withIntermediateDirectories: true)
    }

    // MARK: check

    @Test(arguments: zip(valid, 2...5))
    func checkShowsAFixtureWithNoProblem(name: String, version: Int) throws {
        let result = try cli.run(arguments: ["catalog", "check", Self.fixture(name)])
        #expect(result.status == 0, "\(result.summary)")
        #expect(result.stdout.hasPrefix("\(Self.fixture(name)): Xcode StoreKit configuration file, version \(version).0\n"))
        #expect(result.stdout.hasSuffix("No problems.\n"), "\(result.summary)")
        #expect(!result.stdout.contains(Self.keyMarker))
        #expect(result.stderr.isEmpty)
    }

    @Test func checkShowsGroupsLevelsOffersAndConditions() throws {
        let result = try cli.run(arguments: ["catalog", "check", Self.fixture("StudyCards-v5")])
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("Products: 5 (1 consumable, 1 non-consumable, 2 auto-renewable subscriptions, 1 non-renewing subscription)"))
        #expect(lines.contains("  Study (5C4DA001)"))
        #expect(lines.contains("    level 1  cards.study.pro.yearly  1 year, 39.99"))
        #expect(lines.contains("      introductory offer: free trial, 2 weeks"))
        #expect(lines.contains("      win-back offer cards.study.pro.back-to-school: pay as you go 2.99 per 1 month, 3 times (shown, not purchasable)"))
        // A monthly plan with a commitment is sold (`buy --plan monthly`); the offers under it are not.
        #expect(lines.contains("      billing plan MONTHLY: 3.99 a billing period, 47.88 in all"))
        // Every offer not sold yet is marked the same way; what can be bought is not.
        #expect(lines.contains("      promotional offer cards.study.pro.half-year: pay up front 19.99 for 6 months"), "sold to subscribers")
        #expect(lines.contains("        introductory offer: pay as you go 0.99 per 1 month, 2 times (shown, not purchasable)"))
        #expect(lines.contains("        promotional offer cards.study.pro.monthly-plan-gift: free trial, 1 month (shown, not purchasable)"))
        #expect(lines.contains("      billing plan BILLED_UPFRONT: 39.99 a billing period, 39.99 in all"), "billed up front is the subscription itself")
        #expect(lines.contains("      offer code EXAMSEASON: free trial, 1 month"))
        #expect(lines.contains("    level 2  cards.study.basic.monthly  1 month, 4.99"))
        #expect(lines.contains("Locales: en_GB, en_US, ja"))
        #expect(lines.contains("Conditions for a new data directory: storefront JPN, locale ja_JP, ask-to-buy off, fail-with 4 paymentNotAllowed, interrupted off, time-rate realtime, dialogs on, billing-retry off, grace-period off"))
    }

    @Test func checkAsJSONSaysWhichOffersArePurchasable() throws {
        let result = try cli.run(arguments: ["catalog", "check", Self.fixture("StudyCards-v5"), "--json"])
        #expect(result.status == 0, "\(result.summary)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let products = try #require(json["products"] as? [[String: Any]])
        let pro = try #require(products.first { $0["id"] as? String == "cards.study.pro.yearly" }?["subscription"] as? [String: Any])
        func purchasable(_ key: String) -> [Bool] { (pro[key] as? [[String: Any]] ?? []).compactMap { $0["purchasable"] as? Bool } }
        #expect((pro["introductoryOffer"] as? [String: Any])?["purchasable"] as? Bool == true)
        #expect(purchasable("offerCodes") == [true])
        #expect(purchasable("promotionalOffers") == [true])
        #expect(purchasable("winBackOffers") == [false])
        #expect(purchasable("billingPlans") == [true, true], "billed up front is the subscription itself; the monthly plan is sold")
    }

    @Test func checkNotesWhatItDoesNotSimulate() throws {
        let result = try cli.run(arguments: ["catalog", "check", Self.fixture("MountainMaps-v4")])
        #expect(result.status == 0)
        #expect(result.stdout.contains("\nNotes:\n  settings._timeRate 1003 renews every subscription at one interval"))
        #expect(!result.stdout.contains("_disableDialogs"), "read as a condition, not a note")
        #expect(!result.stdout.contains("_renewalBillingIssuesEnabled") && !result.stdout.contains("_billingGracePeriodEnabled"),
                "read as conditions, not notes")
        #expect(result.stdout.contains(", dialogs off, billing-retry on, grace-period xcode (6 days for a weekly plan, 16 for the others)\n"),
                "Conditions: …")
    }

    /// A new data directory starts with the file's billing conditions.
    @Test func aNewStoreStartsWithTheFilesBillingConditions() throws {
        let result = try cli.run("--catalog", Self.fixture("MountainMaps-v4"), "state", "--json")
        #expect(result.status == 0, "\(result.summary)")
        let settings = try #require(try result.json()["settings"] as? [String: Any])
        #expect(settings["billingRetry"] as? Bool == true)
        #expect(settings["gracePeriod"] as? String == "xcode")
    }

    /// An offer priced per storefront is listed with its prices, in text and JSON; one priced
    /// where its product is not sold is a problem at its path.
    @Test func checkListsAnOffersPricesPerStorefront() throws {
        try makeOutputDirectory()
        func write(_ offerPrices: String) throws -> String {
            let file = cli.dataDirectory.appendingPathComponent("offers.json")
            try Data("""
            {"subscriptionGroups": [{"id": "plus", "name": "Plus"}],
             "products": [{"id": "plus.monthly", "type": "autoRenewable",
              "localizations": {"en": {"title": "Plus", "description": "Plus."}}, "prices": {"USA": 4.99, "JPN": 800},
              "subscription": {"period": "P1M", "group": "plus", "level": 1, "introductoryOffer":
                {"paymentMode": "payAsYouGo", "period": "P1M", "periods": 3, \(offerPrices)}}}]}
            """.utf8).write(to: file)
            return file.path
        }
        let file = try write(#""prices": {"USA": 0.99, "JPN": 150}"#)
        let text = try cli.run(arguments: ["catalog", "check", file])
        #expect(text.status == 0, "\(text.summary)")
        #expect(text.stdout.contains("introductory offer: pay as you go (JPN 150, USA 0.99) per 1 month, 3 times\n"), "\(text.summary)")
        let json = try cli.run(arguments: ["catalog", "check", file, "--json"]).json()
        let product = try #require((json["products"] as? [[String: Any]])?.first)
        let offer = try #require((product["subscription"] as? [String: Any])?["introductoryOffer"] as? [String: Any])
        #expect(offer["prices"] as? [String: String] == ["USA": "0.99", "JPN": "150"], "\(offer)")
        let bad = try cli.run(arguments: ["catalog", "check", try write(#""price": 0.99, "prices": {"JPN": 150, "GBR": 1.49}"#)])
        #expect(bad.status == 65)
        #expect(bad.stdout.contains("$.products[0].subscription.introductoryOffer.prices.GBR: plus.monthly is not sold in GBR"), "\(bad.summary)")
    }

    @Test func checkJSON() throws {
        let result = try cli.run(arguments: ["catalog", "check", Self.fixture("TeaGarden-v2"), "--json"])
        #expect(result.status == 0, "\(result.summary)")
        let json = try result.json()
        #expect(json["format"] as? String == "storekit")
        #expect(json["version"] as? String == "2.0")
        #expect(json["error"] == nil)
        #expect((json["problems"] as? [Any])?.isEmpty == true)
        let products = try #require(json["products"] as? [[String: Any]])
        #expect(products.map { $0["id"] as? String } == ["garden.tea.leaves.sencha", "garden.tea.teapots", "garden.tea.plus.monthly",
                                                         "garden.tea.lite.weekly", "garden.tea.club.season"])
        #expect(products[0]["price"] as? String == "0.99")
        #expect(products[1]["familyShareable"] as? Bool == true)
        // The file's storefront is Japan's, whose yen has no minor unit: each price with cents noted.
        let notes = try #require(json["notes"] as? [String])
        #expect(notes.contains("$.products[1].displayPrice: 4.99 has more decimal places than JPN prices have (0): shown and charged rounded half up, ¥5"),
                "\(notes)")
        #expect(notes.count == 5)
        let subscription = try #require(products[2]["subscription"] as? [String: Any])
        #expect(subscription["level"] as? Int == 1)
        let promotional = try #require((subscription["promotionalOffers"] as? [[String: Any]])?.first)
        #expect(promotional["paymentMode"] as? String == "payAsYouGo")
        #expect(promotional["price"] as? String == "1.49")
        #expect(promotional["periodCount"] as? Int == 3)
        let groups = try #require(json["subscriptionGroups"] as? [[String: Any]])
        let levels = try #require(groups.first?["levels"] as? [[String: Any]])
        #expect(levels.map { $0["level"] as? Int } == [1, 2])
        let conditions = try #require(json["conditions"] as? [String: Any])
        #expect(conditions["storefront"] as? String == "JPN")
        #expect(conditions["failWith"] as? Int == 4)
        #expect(conditions["timeRate"] as? String == "1d-per-s")
        #expect(!result.stdout.contains(Self.keyMarker))
    }

    @Test func checkWithoutAFileChecksTheBuiltInCatalog() throws {
        let result = try cli.run(arguments: ["catalog", "check"])
        #expect(result.status == 0, "\(result.summary)")
        #expect(result.stdout.hasPrefix("assets/catalog.json (built in): storefront catalog\n"))
    }

    /// Every problem, each at its JSON path, and exit 65; with --json the first is the error.
    @Test func checkListsProblemsAndExits65() throws {
        let text = try cli.run(arguments: ["catalog", "check", Self.malformed("duplicate-ids")])
        #expect(text.status == 65, "\(text.summary)")
        #expect(text.stdout.contains("Problems (1):\n  $.subscriptionGroups[0].subscriptions[0].productID: duplicate product id \"duplicate.twin\" (first at $.products[0])\n"))
        let json = try cli.run(arguments: ["catalog", "check", Self.malformed("duplicate-ids"), "--json"])
        #expect(json.status == 65)
        let object = try json.json()
        let problems = try #require(object["problems"] as? [[String: Any]])
        #expect(problems.map { $0["location"] as? String } == ["$.subscriptionGroups[0].subscriptions[0].productID"])
        let error = try json.error()
        #expect(error["kind"] as? String == "data")
        #expect(error["exitCode"] as? Int == 65)
        #expect(error["path"] as? String == Self.malformed("duplicate-ids"))
        #expect(error["location"] as? String == "$.subscriptionGroups[0].subscriptions[0].productID")
        #expect(json.stderr.isEmpty)
    }

    /// The app description beside the catalog is checked with it, with how long each
    /// non-renewing subscription lasts in the app (a .storekit file gives them no period).
    @Test func checkShowsTheAppDescriptionAndWhatNonRenewingSubscriptionsLast() throws {
        try makeOutputDirectory()
        let catalog = cli.dataDirectory.appendingPathComponent("Harbor.storekit").path
        let app = cli.dataDirectory.appendingPathComponent("Harbor.app.json").path
        try FileManager.default.copyItem(atPath: Self.fixture("HarborRadio-v3"), toPath: catalog)
        let generic = try cli.run(arguments: ["catalog", "check", catalog])
        #expect(generic.status == 0, "\(generic.summary)")
        #expect(generic.stdout.contains("App description: none at \(app): the generic app (every product by type)\n"
            + "  radio.harbor.concerts.season lasts 1 month (the app's default; the app description's nonRenewingPeriods can say otherwise)\n"))

        try Data(#"{ "nonRenewingPeriods": { "radio.harbor.concerts.season": "P3M" } }"#.utf8).write(to: URL(fileURLWithPath: app))
        let described = try cli.run(arguments: ["catalog", "check", catalog, "--json"])
        #expect(described.status == 0, "\(described.summary)")
        let json = try #require(try described.json()["appDescription"] as? [String: Any])
        #expect(json["file"] as? String == app)
        #expect(json["generic"] as? Bool == false)
        #expect(json["nonRenewingPeriods"] as? [String: String] == ["radio.harbor.concerts.season": "P3M"])

        try Data(#"{ "nonRenewingPeriods": { "radio.harbor.concerts.season": "3 months" } }"#.utf8).write(to: URL(fileURLWithPath: app))
        let broken = try cli.run(arguments: ["catalog", "check", catalog])
        #expect(broken.status == 65, "\(broken.summary)")
        #expect(broken.stdout.contains("Problems (1):\n  \(app): $.nonRenewingPeriods[\"radio.harbor.concerts.season\"]: \"3 months\" is not a period"))
        let brokenJSON = try cli.run(arguments: ["catalog", "check", catalog, "--json"])
        #expect(brokenJSON.status == 65)
        let problems = try #require(try brokenJSON.json()["problems"] as? [[String: Any]])
        #expect(problems.map { $0["file"] as? String } == [app])
        #expect(try brokenJSON.error()["path"] as? String == app)
    }

    // MARK: Files that cannot be used

    /// A malformed or unsupported file: exit 65 with the file, the JSON path and what is
    /// wrong, for check and for every command given it with --catalog.
    @Test(arguments: [
        ("bad-json", "line 7, column 7", "not valid JSON"),
        ("wrong-type-deep", "$.subscriptionGroups[0].subscriptions[0].adHocOffers[1].numberOfPeriods", "expected a number"),
        ("unknown-product-type", "$.products[1].type", "unknown product type \"Bundle\""),
        ("missing-product-id", "$.nonRenewingSubscriptions[0]", "missing field \"productID\""),
        ("duplicate-ids", "$.subscriptionGroups[0].subscriptions[0].productID", "duplicate product id"),
        ("version-1", "$.version.major", "version 1.0 of the StoreKit configuration format is older than storefront reads (versions 2 to 5)"),
        ("version-6", "$.version.major", "version 6.0 of the StoreKit configuration format is newer than storefront reads (versions 2 to 5)"),
    ])
    func aFileThatCannotBeUsedExits65(name: String, location: String, problem: String) throws {
        let path = Self.malformed(name)
        let text = try cli.run("--catalog", path, "products")
        #expect(text.status == 65, "\(text.summary)")
        #expect(text.stderr.hasPrefix("storefront: \(path): \(location): \(problem)"), "\(text.summary)")
        let json = try cli.run("--catalog", path, "products", "--json")
        #expect(json.status == 65)
        let error = try json.error()
        #expect(error["kind"] as? String == "data")
        #expect(error["path"] as? String == path)
        #expect(error["location"] as? String == location)
        #expect((error["problem"] as? String)?.hasPrefix(problem) == true, "\(json.summary)")
        #expect(try cli.run(arguments: ["catalog", "check", path]).status == 65)
    }

    @Test func aFileOverTheSizeLimitIsRefusedNamingTheLimit() throws {
        try makeOutputDirectory()
        let url = cli.dataDirectory.appendingPathComponent("huge.storekit")
        var data = try Data(contentsOf: URL(fileURLWithPath: Self.fixture("TeaGarden-v2")))
        data.append(Data(repeating: UInt8(ascii: " "), count: 16 * 1024 * 1024))
        try data.write(to: url)
        let result = try cli.run("--catalog", url.path, "products", "--json")
        #expect(result.status == 65, "\(result.summary)")
        let error = try result.error()
        #expect((error["problem"] as? String)?.contains("storefront reads at most 16 MiB") == true, "\(result.summary)")
    }

    // MARK: --catalog FILE.storekit

    /// A new data directory starts in the conditions the file's settings give.
    @Test func aNewDataDirectoryStartsWithTheFilesSettings() throws {
        let result = try cli.run("--catalog", Self.fixture("TeaGarden-v2"), "state", "--json")
        #expect(result.status == 0, "\(result.summary)")
        let settings = try #require(try result.json()["settings"] as? [String: Any])
        #expect(settings["storefront"] as? String == "JPN")
        #expect(settings["locale"] as? String == "ja_JP")
        #expect(settings["askToBuy"] as? Bool == true)
        #expect(settings["failWith"] as? Int == 4)
        #expect(settings["timeRate"] as? String == "1d-per-s")
        #expect(!result.stdout.contains(Self.keyMarker))
    }

    /// A .storekit price with cents in a storefront whose currency has none is whole, as any
    /// iPhone shows it: ¥5, not ¥4.99.
    @Test func aPriceWithCentsIsWholeInYen() throws {
        let result = try cli.run("--catalog", Self.fixture("TeaGarden-v2"), "products")
        #expect(result.status == 0, "\(result.summary)")
        #expect(result.stdout.contains("¥5"), "\(result.summary)")
        #expect(!result.stdout.contains("¥4.99"))
        let json = try cli.run("--catalog", Self.fixture("TeaGarden-v2"), "products", "--json").json()
        let products = try #require(json["products"] as? [[String: Any]])
        let teapots = try #require(products.first { $0["id"] as? String == "garden.tea.teapots" })
        #expect(teapots["formattedPrice"] as? String == "¥5")
    }

    @Test func disableDialogsTurnsTheDialogsOff() throws {
        let result = try cli.run("--catalog", Self.fixture("MountainMaps-v4"), "state", "--json")
        #expect(result.status == 0, "\(result.summary)")
        let settings = try #require(try result.json()["settings"] as? [String: Any])
        #expect(settings["dialogs"] as? Bool == false)
    }

    @Test func productsOfAStoreKitFileAreSold() throws {
        let catalog = Self.fixture("HarborRadio-v3")
        #expect(try cli.run("--catalog", catalog, "set", "latency", "0").status == 0)
        #expect(try cli.run("--catalog", catalog, "set", "fail-with", "off").status == 0)
        let result = try cli.run("--catalog", catalog, "buy", "radio.harbor.archive", "--json")
        #expect(result.status == 0, "\(result.summary)")
        #expect(try result.transaction()["state"] as? String == "purchased")
    }

    /// Failed before: bought, it expired the moment it was bought.
    @Test func aNonRenewingSubscriptionOfAStoreKitFileIsActiveForTheAppsMonth() throws {
        let catalog = Self.fixture("TeaGarden-v2")
        for (name, value) in [("ask-to-buy", "off"), ("fail-with", "off"), ("time-rate", "realtime"), ("latency", "0")] {
            #expect(try cli.run("--catalog", catalog, "set", name, value).status == 0)
        }
        let result = try cli.run("--catalog", catalog, "buy", "garden.tea.club.season", "--json")
        #expect(result.status == 0, "\(result.summary)")
        let date = try #require((try result.transaction()["date"] as? String).flatMap(JSONCoding.parse))
        let stored = try #require((try cli.userDefaults()["garden.tea.club.season"] as? String).flatMap(JSONCoding.parse))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        #expect(stored == calendar.date(byAdding: .month, value: 1, to: date), "one month, the app's default")
    }

    // MARK: export

    /// A .storekit fixture exported and given back with --catalog is the same store.
    @Test(arguments: valid)
    func anExportedFixtureIsTheSameCatalog(name: String) throws {
        try makeOutputDirectory()
        let export = try cli.run("--catalog", Self.fixture(name), "catalog", "export", "--storekit", outputFile)
        #expect(export.status == 0, "\(export.summary)")
        #expect(export.stdout.hasPrefix("Wrote \(outputFile): a StoreKit configuration file, version 5.0, with "), "\(export.summary)")
        let written = try String(contentsOfFile: outputFile, encoding: .utf8)
        #expect(!written.contains(Self.keyMarker))
        #expect(!written.contains("privateKey"))
        let before = try cli.run(arguments: ["catalog", "check", Self.fixture(name), "--json"]).json()
        let after = try cli.run(arguments: ["catalog", "check", outputFile, "--json"]).json()
        for key in ["products", "subscriptionGroups", "locales", "conditions"] {
            #expect(before[key] as? NSObject == after[key] as? NSObject, "\(key)")
        }
        #expect(after["version"] as? String == "5.0")
    }

    /// An offer priced per storefront alone has no price for the others: none in the JSON,
    /// and none made up by an export, which reads back with the offers the catalog gave.
    /// Failed before: `"price":"0"`, and "(JPN 1500, USA 9.99, elsewhere 9.99)" after the export.
    @Test func anOfferPricedPerStorefrontAloneKeepsNoOtherPrice() throws {
        try makeOutputDirectory()
        let catalog = OutsidePurchaseTermsCommandTests.offersCatalog
        let before = try cli.run(arguments: ["catalog", "check", catalog, "--json"]).json()
        func offers(_ json: [String: Any]) throws -> [String: NSObject] {
            let products = try #require(json["products"] as? [[String: Any]])
            var offers: [String: NSObject] = [:]
            for p in products {
                guard let id = p["id"] as? String, let s = p["subscription"] as? [String: Any] else { continue }
                for key in ["introductoryOffer", "promotionalOffers", "offerCodes"] { offers["\(id) \(key)"] = s[key] as? NSObject }
            }
            return offers
        }
        let yearly = try #require(try offers(before)["com.storefront.pro.yearly introductoryOffer"] as? [String: Any])
        #expect(yearly["price"] == nil && yearly["prices"] as? [String: String] == ["JPN": "1500", "USA": "9.99"], "\(yearly)")
        #expect(try cli.run("--catalog", catalog, "catalog", "export", "--storekit", outputFile).status == 0)
        let text = try cli.run(arguments: ["catalog", "check", outputFile])
        #expect(text.stdout.contains("(JPN 1500, USA 9.99)") && !text.stdout.contains("elsewhere 9.99")
                && text.stdout.contains("elsewhere 4"), "\(text.stdout)")
        let after = try cli.run(arguments: ["catalog", "check", outputFile, "--json"]).json()
        #expect(try offers(before) == offers(after))
    }

    @Test func theBuiltInCatalogExportedIsTheSameCatalog() throws {
        try makeOutputDirectory()
        let export = try cli.run("catalog", "export", "--storekit", outputFile, "--json")
        #expect(export.status == 0, "\(export.summary)")
        let json = try export.json()
        #expect(json["path"] as? String == outputFile)
        #expect(json["version"] as? String == "5.0")
        #expect(json["products"] as? Int == 8)
        #expect(json["subscriptionGroups"] as? Int == 1)
        #expect((json["notes"] as? [Any])?.isEmpty == true)
        let before = try cli.run(arguments: ["catalog", "check", "--json"]).json()
        let after = try cli.run(arguments: ["catalog", "check", outputFile, "--json"]).json()
        #expect(after["format"] as? String == "storekit")
        for key in ["products", "subscriptionGroups", "locales"] {
            #expect(before[key] as? NSObject == after[key] as? NSObject, "\(key)")
        }
    }

    @Test func exportToAPlaceThatCannotBeWrittenFails() throws {
        let result = try cli.run("catalog", "export", "--storekit", "/nonexistent-directory/out.storekit", "--json")
        #expect(result.status == 73, "a file that cannot be written, as sysexits' EX_CANTCREAT: \(result.summary)")
        #expect(try result.error()["kind"] as? String == "cannotWrite")
        #expect((try result.error()["message"] as? String)?.hasPrefix("cannot write the StoreKit configuration file to /nonexistent-directory/out.storekit") == true)
    }
}
