import DataFiles
import Foundation
import Testing
@testable import StoreKitSim

@Suite struct CatalogLoaderTests {
    // MARK: The default catalog

    @Test func defaultCatalogHasTheSampleAppsContentAndProducts() throws {
        let catalog = try CatalogLoader.defaultCatalog()
        #expect(catalog.content.free.count == 6)
        #expect(catalog.content.premium.unlockedBy == ID.premium)
        #expect(catalog.product(ID.premium)?.type == .nonConsumable)
        #expect(catalog.content.premium.items.count == 6)

        let consumables = catalog.products.filter { $0.type == .consumable }
        #expect(consumables.map(\.id) == [ID.credits5, ID.credits10])
        #expect(consumables.map(\.credits) == [5, 10])

        let monthly = try #require(catalog.product(ID.monthly))
        #expect(monthly.type == .autoRenewable)
        #expect(monthly.subscription?.period == SubscriptionPeriod(value: 1, unit: .month))
        #expect(monthly.subscription?.freeTrial == SubscriptionPeriod(value: 1, unit: .week))

        let yearly = try #require(catalog.product(ID.yearly))
        #expect(yearly.type == .nonRenewing)
        #expect(yearly.subscription?.period == SubscriptionPeriod(value: 1, unit: .year))
        #expect(yearly.subscription?.freeTrial == nil)

        // The app ships identifiers the store does not know: they come back invalid.
        #expect(catalog.productIdentifiers.filter { catalog.product($0) == nil } == [ID.credits50, ID.retiredTheme])
        #expect(catalog.products.count == 5)
    }

    @Test func defaultCatalogIsSoldInBothStorefrontsAndLanguages() throws {
        let catalog = try CatalogLoader.defaultCatalog()
        #expect(catalog.storefronts.map(\.id) == ["USA", "JPN"])
        #expect(catalog.storefronts.map(\.language) == ["en", "ja"])
        for product in catalog.products {
            #expect(Set(product.localizations.keys) == ["en", "ja"], "\(product.id)")
            #expect(Set(product.prices.keys) == ["USA", "JPN"], "\(product.id)")
        }
        for item in catalog.content.free + catalog.content.premium.items {
            #expect(!item.text(in: "ja").title.isEmpty, "\(item.id)")
            #expect(item.text(in: "ja") != item.text(in: "en"), "\(item.id) has a Japanese text")
        }
        // Prices keep their decimal text rather than a binary neighbour of it.
        #expect(catalog.product(ID.premium)?.prices["USA"] == Decimal(string: "2.99"))
    }

    /// The binary embeds assets/catalog.json; the two must not drift apart.
    @Test func embeddedCatalogIsTheAssetOnDisk() throws {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let asset = try String(contentsOf: root.appendingPathComponent("assets/catalog.json"), encoding: .utf8)
        #expect(asset.trimmingCharacters(in: .newlines) == DefaultCatalog.json.trimmingCharacters(in: .newlines),
                "assets/catalog.json changed: run scripts/embed-catalog")
        let loaded = try CatalogLoader.load(from: root.appendingPathComponent("assets/catalog.json"))
        #expect(loaded == (try CatalogLoader.defaultCatalog()))
    }

    // MARK: Malformed catalogs

    private static let path = "/tmp/bad-catalog.json"

    private func refusal(_ data: Data) throws -> DataFileError {
        try #require(throws: DataFileError.self) { try CatalogLoader.decode(data, path: Self.path) }
    }

    private func refusal(_ edit: (inout [String: Any]) throws -> Void) throws -> DataFileError {
        try refusal(try defaultCatalogJSON(edit))
    }

    @Test func syntaxErrorNamesTheFileLineAndColumn() throws {
        let directory = TemporaryDirectory()
        let url = directory.file("catalog.json")
        try Data("{\n  \"app\": {\"name\": \"x\"},\n  \"storefronts\": [,]\n}\n".utf8).write(to: url)
        let error = try #require(throws: DataFileError.self) { try CatalogLoader.load(from: url) }
        #expect(error.path == url.path)
        #expect(error.location == "line 3, column 19")
        #expect(error.problem.hasPrefix("not valid JSON"))
        #expect(error.remedy == .fixCatalog)
        #expect(error.summary.hasPrefix("\(url.path): line 3, column 19: not valid JSON"))
    }

    @Test func truncatedCatalogPointsAtItsEnd() throws {
        // Cut after `"name": "Quotes & Credits"`, as a copy that stopped short would be.
        let text = DefaultCatalog.json.split(separator: "\n").prefix(3).joined(separator: "\n") + "\n"
        let error = try refusal(Data(text.utf8))
        #expect(error.location == "line 4, column 1")
        #expect(error.problem.hasPrefix("not valid JSON"))
    }

    @Test func emptyCatalogSaysSo() throws {
        let error = try refusal(Data())
        #expect(error.path == Self.path)
        #expect(error.problem == "the file is empty, not JSON")
    }

    @Test func missingCatalogFileNamesThePath() throws {
        let directory = TemporaryDirectory()
        let url = directory.file("nope.json")
        let error = try #require(throws: DataFileError.self) { try CatalogLoader.load(from: url) }
        #expect(error.path == url.path)
        #expect(error.problem == "cannot read the catalog (no such file)")
        #expect(error.remedy == .checkCatalogPath)

        let folder = directory.file("a-folder")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let notAFile = try #require(throws: DataFileError.self) { try CatalogLoader.load(from: folder) }
        #expect(notAFile.problem == "cannot read the catalog (it is a directory, not a file)")
    }

    @Test func duplicateProductID() throws {
        let error = try refusal { object in
            try editProduct(2, in: &object) { $0["id"] = ID.credits5 }
        }
        #expect(error.path == Self.path)
        #expect(error.location == "$.products[2].id")
        #expect(error.problem == "duplicate product id \"\(ID.credits5)\"")
    }

    @Test func duplicateProductIdentifier() throws {
        let error = try refusal { object in
            var identifiers = try #require(object["productIdentifiers"] as? [String])
            identifiers.append(identifiers[0])
            object["productIdentifiers"] = identifiers
        }
        #expect(error.location?.hasPrefix("$.productIdentifiers[") == true)
        #expect(error.problem.hasPrefix("duplicate identifier"))
    }

    @Test func unknownType() throws {
        let error = try refusal { object in
            try editProduct(2, in: &object) { $0["type"] = "bundle" }
        }
        #expect(error.location == "$.products[2].type")
        #expect(error.problem.contains("unknown type \"bundle\""))
        #expect(error.problem.contains("consumable, nonConsumable, autoRenewable, nonRenewing"))
    }

    @Test func negativePrice() throws {
        let error = try refusal { object in
            try editProduct(3, in: &object) { $0["prices"] = ["USA": 4.99, "JPN": -800] }
        }
        #expect(error.location == "$.products[3].prices.JPN")
        #expect(error.problem == "price must not be negative")
    }

    @Test(arguments: [("USA", 2.999, "2.999 has more decimal places than USA prices have (2)"),
                      ("JPN", 160.5, "160.5 has more decimal places than JPN prices have (0)")])
    func priceMorePreciseThanItsStorefront(storefront: String, price: Double, problem: String) throws {
        let error = try refusal { object in
            try editProduct(1, in: &object) { product in
                var prices = product["prices"] as? [String: Any] ?? [:]
                prices[storefront] = price
                product["prices"] = prices
            }
        }
        #expect(error.location == "$.products[1].prices.\(storefront)")
        #expect(error.problem == problem)
    }

    @Test func fieldsOfAnotherProductTypeAreRefused() throws {
        let credits = try refusal { object in try editProduct(0, in: &object) { $0["credits"] = 5 } }
        #expect(credits.location == "$.products[0].credits")
        #expect(credits.problem == "only a consumable has credits; this is a nonConsumable")

        let period = try refusal { object in try editProduct(1, in: &object) { $0["subscription"] = ["period": "P1M"] } }
        #expect(period.location == "$.products[1].subscription")

        let trial = try refusal { object in
            try editProduct(4, in: &object) { $0["subscription"] = ["period": "P1Y", "freeTrial": "P1W"] }
        }
        #expect(trial.location == "$.products[4].subscription.freeTrial")
        #expect(trial.problem == "only an autoRenewable subscription has a free trial")
    }

    @Test func priceInAStorefrontTheCatalogDoesNotHave() throws {
        let error = try refusal { object in
            try editProduct(0, in: &object) { $0["prices"] = ["USA": 2.99, "GBR": 2.49] }
        }
        #expect(error.location == "$.products[0].prices.GBR")
        #expect(error.problem == "unknown storefront \"GBR\"")
    }

    @Test func missingLocalizationOfAStorefrontsLanguage() throws {
        let error = try refusal { object in
            try editProduct(1, in: &object) { product in
                var localizations = product["localizations"] as? [String: Any] ?? [:]
                localizations["ja"] = nil
                product["localizations"] = localizations
            }
        }
        #expect(error.location == "$.products[1].localizations")
        #expect(error.problem.contains("missing localization \"ja\""))
    }

    @Test func missingLocalizationOfContent() throws {
        let error = try refusal { object in
            var content = object["content"] as! [String: Any]
            var free = content["free"] as! [[String: Any]]
            var localizations = free[4]["localizations"] as! [String: Any]
            localizations["en"] = nil
            free[4]["localizations"] = localizations
            content["free"] = free
            object["content"] = content
        }
        #expect(error.location == "$.content.free[4].localizations")
        #expect(error.problem == "missing localization \"en\"")
    }

    @Test(arguments: ["prices", "type", "id", "localizations"])
    func missingField(_ field: String) throws {
        let error = try refusal { object in
            try editProduct(4, in: &object) { $0[field] = nil }
        }
        #expect(error.location == "$.products[4]")
        #expect(error.problem == "missing field \"\(field)\"")
    }

    @Test func missingTopLevelField() throws {
        let error = try refusal { $0["storefronts"] = nil }
        #expect(error.location == "$")
        #expect(error.problem == "missing field \"storefronts\"")
    }

    @Test func wrongTypeNamesTheField() throws {
        let error = try refusal { object in
            try editProduct(1, in: &object) { $0["credits"] = "five" }
        }
        #expect(error.location == "$.products[1].credits")
        #expect(error.problem == "expected a number")
    }

    @Test(arguments: [(-5, "a consumable needs \"credits\" of 1 or more"),
                      (1_000_001, "1000001 is more than a pack can hold (at most 1000000)"),
                      (Int.max, "\(Int.max) is more than a pack can hold (at most 1000000)")])
    func creditsOutOfRange(credits: Int, problem: String) throws {
        let error = try refusal { object in
            try editProduct(1, in: &object) { $0["credits"] = credits }
        }
        #expect(error.path == Self.path)
        #expect(error.location == "$.products[1].credits")
        #expect(error.problem == problem)
    }

    @Test func creditsUpToTheLimitAreAccepted() throws {
        let data = try defaultCatalogJSON { object in try editProduct(1, in: &object) { $0["credits"] = 1_000_000 } }
        #expect(try CatalogLoader.decode(data, path: Self.path).products[1].credits == 1_000_000)
    }

    @Test func catalogNestedTooDeepIsRefusedWithWhere() throws {
        let data = try defaultCatalogJSON { object in
            object["extra"] = (0..<500).reduce([Any]()) { inner, _ in [inner] }
        }
        let error = try refusal(data)
        #expect(error.location?.hasPrefix("line 1, column ") == true, "\(error)")
        #expect(error.problem.hasPrefix("nested more than 64 levels deep"))
        #expect(error.summary.count < 400)
    }

    @Test func catalogFileOverTheSizeLimitIsRefused() throws {
        let directory = TemporaryDirectory()
        let url = directory.file("catalog.json")
        try defaultCatalogJSON { $0["padding"] = String(repeating: " ", count: 16 * 1024 * 1024) }.write(to: url)
        let error = try #require(throws: DataFileError.self) { try CatalogLoader.load(from: url) }
        #expect(error.path == url.path)
        #expect(error.problem == "cannot read the catalog (it is 16.1 MiB; storefront reads at most 16 MiB)")
    }

    @Test func catalogThatIsNotAFileSaysWhatItIs() throws {
        let directory = TemporaryDirectory()
        let url = directory.file("catalog.json")
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: "/dev/null")
        let device = try #require(throws: DataFileError.self) { try CatalogLoader.load(from: url) }
        #expect(device.problem == "cannot read the catalog (it is a character device, not a regular file)")
    }

    @Test func consumableWithoutCredits() throws {
        let error = try refusal { object in
            try editProduct(1, in: &object) { $0["credits"] = nil }
        }
        #expect(error.location == "$.products[1].credits")
    }

    @Test func subscriptionWithoutAPeriodSection() throws {
        let error = try refusal { object in
            try editProduct(4, in: &object) { $0["subscription"] = nil }
        }
        #expect(error.location == "$.products[4].subscription")
    }

    @Test func badSubscriptionPeriod() throws {
        let error = try refusal { object in
            try editProduct(3, in: &object) { $0["subscription"] = ["period": "monthly"] }
        }
        #expect(error.location == "$.products[3].subscription.period")
        #expect(error.problem.contains("\"monthly\" is not a period"))
    }

    @Test func duplicateStorefront() throws {
        let error = try refusal { object in
            var storefronts = object["storefronts"] as! [[String: Any]]
            storefronts[1]["id"] = "USA"
            object["storefronts"] = storefronts
        }
        #expect(error.location == "$.storefronts[1].id")
    }

    @Test func premiumMustBeUnlockedByAKnownNonConsumable() throws {
        func unlockedBy(_ id: String) throws -> DataFileError {
            try refusal { object in
                var content = object["content"] as! [String: Any]
                var premium = content["premium"] as! [String: Any]
                premium["unlockedBy"] = id
                content["premium"] = premium
                object["content"] = content
            }
        }
        let consumable = try unlockedBy(ID.credits5)
        #expect(consumable.location == "$.content.premium.unlockedBy")
        #expect(consumable.problem.contains("must be a nonConsumable"))
        let unknown = try unlockedBy(ID.retiredTheme)
        #expect(unknown.location == "$.content.premium.unlockedBy")
        #expect(unknown.problem.contains("no product"))
    }

    @Test func theUnchangedCatalogIsAccepted() throws {
        // The edits above are the only reason for each refusal.
        let data = try defaultCatalogJSON { _ in }
        #expect(try CatalogLoader.decode(data, path: Self.path) == (try CatalogLoader.defaultCatalog()))
    }

    // MARK: Periods

    @Test func periodsParseAndAdd() throws {
        #expect(SubscriptionPeriod(iso8601: "P3D") == SubscriptionPeriod(value: 3, unit: .day))
        #expect(SubscriptionPeriod(iso8601: "P2M")?.description == "P2M")
        #expect(SubscriptionPeriod(iso8601: "P0M") == nil)
        #expect(SubscriptionPeriod(iso8601: "1M") == nil)
        #expect(SubscriptionPeriod(iso8601: "P1X") == nil)
        let start = Date(timeIntervalSince1970: 0)  // 1 January 1970, UTC
        #expect(SubscriptionPeriod(value: 1, unit: .week).added(to: start) == start + 7 * 86_400)
        #expect(SubscriptionPeriod(value: 1, unit: .month).added(to: start) == start + 31 * 86_400)
        #expect(SubscriptionPeriod(value: 1, unit: .year).added(to: start) == start + 365 * 86_400)
    }
}
