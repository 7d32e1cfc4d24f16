@testable import CatalogFiles
import DataFiles
import Foundation
import SampleApp
import Testing
@testable import AppStoreCore

@Suite struct CatalogLoaderTests {
    // MARK: The default catalog

    @Test func defaultCatalogHasTheSampleAppsProducts() throws {
        let catalog = try CatalogLoader.defaultCatalog()
        #expect(catalog.product(ID.premium)?.type == .nonConsumable)
        let consumables = catalog.products.filter { $0.type == .consumable }
        #expect(consumables.map(\.id) == [ID.credits5, ID.credits10])

        let monthly = try #require(catalog.product(ID.monthly))
        #expect(monthly.type == .autoRenewable)
        #expect(monthly.subscription?.period == SubscriptionPeriod(value: 1, unit: .month))
        #expect(monthly.subscription?.introductoryOffer == SubscriptionOffer(paymentMode: .freeTrial, period: SubscriptionPeriod(value: 1, unit: .week)))
        #expect(monthly.subscription?.groupID == "pro")
        #expect(monthly.subscription?.level == 1)
        #expect(catalog.group("pro")?.displayName(for: "ja_JP") == "プロ")

        let yearly = try #require(catalog.product(ID.yearly))
        #expect(yearly.type == .nonRenewing)
        #expect(yearly.subscription?.period == SubscriptionPeriod(value: 1, unit: .year))
        #expect(yearly.subscription?.introductoryOffer == nil)
        #expect(catalog.products.count == 8)
    }

    /// The group "pro" has a plan for every rule of changing plans: the same level and period
    /// (crossgrade at once), the same level and another period (crossgrade at the next
    /// renewal), and a lower level (downgrade; upgrade from it). Only the monthly plan has a trial.
    @Test func defaultCatalogHasAPlanForEveryChangeOfPlan() throws {
        let catalog = try CatalogLoader.defaultCatalog()
        let plans = catalog.subscriptions(in: "pro")
        #expect(plans.map(\.id) == [ID.monthly, ID.proYearly, ID.proStudent, ID.liteMonthly])
        #expect(plans.map { $0.subscription?.level } == [1, 1, 1, 2])
        #expect(plans.map { $0.subscription?.period.description } == ["P1M", "P1Y", "P1M", "P1M"])
        #expect(plans.map { $0.subscription?.introductoryOffer != nil } == [true, false, false, false])
        let monthly = try #require(catalog.product(ID.monthly))
        let student = try #require(catalog.product(ID.proStudent))
        let lite = try #require(catalog.product(ID.liteMonthly))
        for storefront in ["USA", "JPN"] {
            let price = try #require(monthly.price(in: storefront))
            #expect(try #require(student.price(in: storefront)) < price, "the student plan costs less")
            #expect(try #require(lite.price(in: storefront)) < price, "the lower level costs less")
        }
    }

    @Test func defaultCatalogIsSoldInBothStorefrontsAndLanguages() throws {
        let catalog = try CatalogLoader.defaultCatalog()
        #expect(catalog.storefronts.map(\.id) == ["USA", "JPN"])
        for product in catalog.products {
            #expect(product.localizations.map(\.locale) == ["en", "ja"], "\(product.id)")
            #expect(product.price(in: "USA") != nil && product.price(in: "JPN") != nil, "\(product.id)")
            #expect(product.price(in: "DEU") == nil, "\(product.id) is not sold in Germany")
            #expect(product.localization(for: "ja_JP") != product.localization(for: "en_US"), "\(product.id)")
        }
        // Prices keep their decimal text rather than a binary neighbour of it.
        #expect(catalog.product(ID.premium)?.price(in: "USA") == Decimal(string: "2.99"))
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
        let app = try String(contentsOf: root.appendingPathComponent("assets/catalog.app.json"), encoding: .utf8)
        #expect(app.trimmingCharacters(in: .newlines) == DefaultAppDescription.json.trimmingCharacters(in: .newlines),
                "assets/catalog.app.json changed: run scripts/embed-catalog")
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
        let period = try refusal { object in try editProduct(1, in: &object) { $0["subscription"] = ["period": "P1M"] } }
        #expect(period.location == "$.products[1].subscription")

        let trial = try refusal { object in
            try editProduct(7, in: &object) { $0["subscription"] = ["period": "P1Y", "introductoryOffer": ["paymentMode": "freeTrial", "period": "P1W"]] }
        }
        #expect(trial.location == "$.products[7].subscription")
        #expect(trial.problem == "only an autoRenewable subscription has offers")
    }

    @Test func priceInAStorefrontTheAppStoreDoesNotHave() throws {
        let error = try refusal { object in
            try editProduct(0, in: &object) { $0["prices"] = ["USA": 2.99, "XYZ": 2.49] }
        }
        #expect(error.location == "$.products[0].prices.XYZ")
        #expect(error.problem.hasPrefix("\"XYZ\" is not an App Store storefront"))
        // Any App Store storefront is fine, in its currency's decimals.
        let data = try defaultCatalogJSON { object in try editProduct(0, in: &object) { $0["prices"] = ["USA": 2.99, "GBR": 2.49] } }
        #expect(try CatalogLoader.decode(data, path: Self.path).products[0].price(in: "GBR") == Decimal(string: "2.49"))
    }

    @Test func productWithoutALocalization() throws {
        let error = try refusal { object in
            try editProduct(1, in: &object) { $0["localizations"] = [String: Any]() }
        }
        #expect(error.location == "$.products[1].localizations")
        #expect(error.problem.hasPrefix("needs at least one localization"))
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
        let error = try refusal { $0["products"] = nil }
        #expect(error.location == "$")
        #expect(error.problem == "missing field \"products\"")
    }

    @Test func wrongTypeNamesTheField() throws {
        let error = try refusal { object in
            try editProduct(1, in: &object) { $0["subscription"] = "monthly" }
        }
        #expect(error.location == "$.products[1].subscription")
        #expect(error.problem == "expected an object")
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

    @Test func subscriptionWithoutAPeriodSection() throws {
        let error = try refusal { object in
            try editProduct(3, in: &object) { $0["subscription"] = nil }
        }
        #expect(error.location == "$.products[3].subscription")
    }

    /// StoreKit gives a non-renewing subscription no period (the app decides how long it
    /// lasts), and a .storekit file has none: one without is read as it is.
    @Test func nonRenewingSubscriptionWithoutAPeriod() throws {
        let data = try defaultCatalogJSON { object in
            try editProduct(7, in: &object) { $0["subscription"] = nil }
        }
        let catalog = try CatalogLoader.decode(data, path: Self.path)
        #expect(catalog.products[7].type == .nonRenewing)
        #expect(catalog.products[7].subscription == nil)
    }

    @Test func badSubscriptionPeriod() throws {
        let error = try refusal { object in
            try editProduct(3, in: &object) { $0["subscription"] = ["period": "monthly"] }
        }
        #expect(error.location == "$.products[3].subscription.period")
        #expect(error.problem.contains("\"monthly\" is not a period"))
    }

    @Test func catalogOfTheFormerLayoutSaysWhereItsAppPartGoes() throws {
        let error = try refusal { $0["content"] = ["free": [Any]()] }
        #expect(error.location == "$.content")
        #expect(error.problem.contains("app description file beside it"))
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
