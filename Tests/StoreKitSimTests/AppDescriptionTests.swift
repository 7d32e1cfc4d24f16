@testable import CatalogFiles
import DataFiles
import Foundation
import SampleApp
import Testing
@testable import AppStoreCore

@Suite struct AppDescriptionTests {
    private static let path = "/tmp/bad.app.json"

    private func appJSON(_ edit: (inout [String: Any]) throws -> Void) throws -> Data {
        var object = try #require(try JSONSerialization.jsonObject(with: Data(DefaultAppDescription.json.utf8)) as? [String: Any])
        try edit(&object)
        return try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    }

    private func refusal(_ edit: (inout [String: Any]) throws -> Void) throws -> DataFileError {
        let catalog = try CatalogLoader.defaultCatalog()
        let data = try appJSON(edit)
        return try #require(throws: DataFileError.self) {
            try AppDescriptionLoader.decode(data, path: Self.path, catalog: catalog, defaultName: "x")
        }
    }

    @Test func builtInAppHasItsContentCreditsAndIdentifiers() throws {
        let catalog = try CatalogLoader.defaultCatalog()
        let app = try AppDescriptionLoader.defaultDescription(for: catalog)
        #expect(app == AppDescription.builtIn)
        #expect(app.name == "Quotes & Credits")
        #expect(app.content.free.count == 6)
        #expect(app.content.premium?.unlockedBy == ID.premium)
        #expect(app.content.premium?.items.count == 6)
        #expect(app.credits == [ID.credits5: 5, ID.credits10: 10])
        // The app ships identifiers the store does not know: they come back invalid.
        #expect(app.productIdentifiers.filter { catalog.product($0) == nil } == [ID.credits50, ID.retiredTheme])
        for item in app.content.free + (app.content.premium?.items ?? []) {
            #expect(item.text(in: "ja_JP") != item.text(in: "en_US"), "\(item.id) has a Japanese text")
        }
    }

    @Test func genericAppAsksForEveryProductByTypeWithGroupsInLevelOrder() throws {
        let catalog = Catalog(
            products: [
                product("pro.monthly", .autoRenewable, group: "pro", level: 2),
                product("coins", .consumable),
                product("basic.monthly", .autoRenewable, group: "basic", level: 1),
                product("pass", .nonRenewing),
                product("pro.yearly", .autoRenewable, group: "pro", level: 1),
                product("unlock", .nonConsumable),
            ],
            subscriptionGroups: [SubscriptionGroup(id: "pro", name: "Pro"), SubscriptionGroup(id: "basic", name: "Basic")])
        let app = AppDescription.generic(for: catalog, named: "Products")
        #expect(app.name == "Products")
        #expect(app.productIdentifiers == ["unlock", "coins", "pro.yearly", "pro.monthly", "basic.monthly", "pass"])
        #expect(app.credits.isEmpty && app.content.premium == nil && app.content.free.isEmpty)
    }

    @Test func aNonRenewingPeriodComesFromTheAppThenTheCatalogThenOneMonth() throws {
        let catalog = try CatalogLoader.defaultCatalog()
        let pass = try #require(catalog.product(ID.yearly))
        let monthly = try #require(catalog.product(ID.monthly))
        let credits = try #require(catalog.product(ID.credits5))
        let bare = AppDescription(name: "x", productIdentifiers: [])
        #expect(bare.period(of: pass) == SubscriptionPeriod(value: 1, unit: .year), "the catalog's")
        var app = bare
        app.nonRenewingPeriods = [ID.yearly: SubscriptionPeriod(value: 2, unit: .week)]
        #expect(app.period(of: pass) == SubscriptionPeriod(value: 2, unit: .week), "the app's first")
        var unstated = pass
        unstated.subscription = nil
        #expect(bare.period(of: unstated) == SubscriptionPeriod(value: 1, unit: .month))
        #expect(AppDescription.builtIn.period(of: unstated) == SubscriptionPeriod(value: 1, unit: .year), "the built-in app says")
        #expect(app.period(of: monthly) == monthly.subscription?.period, "an auto-renewable one's is the store's")
        #expect(app.period(of: credits) == nil)
    }

    @Test func nonRenewingPeriodsAreReadAndChecked() throws {
        let catalog = try CatalogLoader.defaultCatalog()
        let data = try appJSON { $0["nonRenewingPeriods"] = [ID.yearly: "P6M"] }
        let app = try AppDescriptionLoader.decode(data, path: Self.path, catalog: catalog, defaultName: "x")
        #expect(app.nonRenewingPeriods == [ID.yearly: SubscriptionPeriod(value: 6, unit: .month)])

        let notAPeriod = try refusal { $0["nonRenewingPeriods"] = [ID.yearly: "six months"] }
        #expect(notAPeriod.location == "$.nonRenewingPeriods[\"\(ID.yearly)\"]")
        #expect(notAPeriod.problem.contains("\"six months\" is not a period"))
        let notNonRenewing = try refusal { $0["nonRenewingPeriods"] = [ID.monthly: "P1M"] }
        #expect(notNonRenewing.location == "$.nonRenewingPeriods[\"\(ID.monthly)\"]")
        #expect(notNonRenewing.problem.contains("only a non-renewing subscription"))
    }

    /// The bundle id and version the App Store's signed data names: the built-in app's, a
    /// file's own, a default where a file gives none, and a bad one refused naming its field.
    @Test func theBundleIDAndVersionAreReadDefaultedAndChecked() throws {
        let catalog = try CatalogLoader.defaultCatalog()
        let builtIn = try AppDescriptionLoader.defaultDescription(for: catalog)
        #expect(builtIn.bundleID == "com.storefront.quotes" && builtIn.appVersion == "1.0")
        let own = try AppDescriptionLoader.decode(try appJSON { $0["bundleID"] = "com.example.My-App"; $0["appVersion"] = "2.10.3" },
                                                  path: Self.path, catalog: catalog, defaultName: "x")
        #expect(own.bundleID == "com.example.My-App" && own.appVersion == "2.10.3")
        let none = try AppDescriptionLoader.decode(try appJSON { $0["bundleID"] = nil; $0["appVersion"] = nil },
                                                   path: Self.path, catalog: catalog, defaultName: "x")
        #expect(none.bundleID == AppDescription.defaultBundleID && none.appVersion == AppDescription.defaultAppVersion)
        #expect(AppDescription.generic(for: catalog, named: "x").bundleID == "com.example.storefront")

        for bad in ["", "com..example", "com.example.", "com.exämple.app", "com example", ".com"] {
            let error = try refusal { $0["bundleID"] = bad }
            #expect(error.location == "$.bundleID" && error.problem.contains("\"\(bad)\" is not a bundle identifier"), "\(bad): \(error)")
            #expect(error.path == Self.path, "named with its file: \(error)")
        }
        for bad in ["", "1.0.0.0", "v1", "1..0", "1.0-beta", "-1"] {
            let error = try refusal { $0["appVersion"] = bad }
            #expect(error.location == "$.appVersion" && error.problem.contains("\"\(bad)\" is not an app version"), "\(bad): \(error)")
        }
        let notText = try refusal { $0["appVersion"] = 1 }
        #expect(notText.location == "$.appVersion", "\(notText)")
    }

    /// verifyReceipt's shared secret: the default where a file gives none, a file's own, and
    /// one no request could carry refused naming its field.
    @Test func theSharedSecretIsReadDefaultedAndChecked() throws {
        let catalog = try CatalogLoader.defaultCatalog()
        #expect(try AppDescriptionLoader.defaultDescription(for: catalog).sharedSecret == "storefront-shared-secret")
        #expect(AppDescription.generic(for: catalog, named: "x").sharedSecret == AppDescription.defaultSharedSecret)
        let own = try AppDescriptionLoader.decode(try appJSON { $0["sharedSecret"] = "0123456789abcdef0123456789abcdef" },
                                                  path: Self.path, catalog: catalog, defaultName: "x")
        #expect(own.sharedSecret == "0123456789abcdef0123456789abcdef")
        for bad in ["", "two words", "tab\there", "ümlaut"] {
            let error = try refusal { $0["sharedSecret"] = bad }
            #expect(error.location == "$.sharedSecret" && error.problem.contains("is not a shared secret"), "\(bad): \(error)")
        }
        #expect(try refusal { $0["sharedSecret"] = 1 }.location == "$.sharedSecret")
    }

    @Test func descriptionLivesBesideTheCatalogAndIsOptional() throws {
        let directory = TemporaryDirectory()
        let catalogURL = directory.file("Products.storekit")
        #expect(AppDescriptionLoader.file(beside: catalogURL).lastPathComponent == "Products.app.json")
        let catalog = try CatalogLoader.defaultCatalog()
        let generic = try AppDescriptionLoader.load(beside: catalogURL, catalog: catalog)
        #expect(generic == AppDescription.generic(for: catalog, named: "Products"))

        try Data(#"{"credits": {"com.storefront.credits.5": 7}}"#.utf8).write(to: directory.file("Products.app.json"))
        let partial = try AppDescriptionLoader.load(beside: catalogURL, catalog: catalog)
        #expect(partial.credits == [ID.credits5: 7])
        #expect(partial.productIdentifiers == generic.productIdentifiers, "identifiers left out: every product")
        #expect(partial.name == "Products")
    }

    @Test func duplicateProductIdentifier() throws {
        let error = try refusal { object in
            var identifiers = try #require(object["productIdentifiers"] as? [String])
            identifiers.append(identifiers[0])
            object["productIdentifiers"] = identifiers
        }
        #expect(error.location?.hasPrefix("$.productIdentifiers[") == true)
        #expect(error.problem.hasPrefix("duplicate identifier"))
        #expect(error.remedy == .fixAppDescription)
    }

    @Test(arguments: [(0, "must be 1 to 1000000 credits, not 0"), (1_000_001, "must be 1 to 1000000 credits, not 1000001"),
                      (Int.max, "must be 1 to 1000000 credits, not \(Int.max)")])
    func creditsOutOfRange(credits: Int, problem: String) throws {
        let error = try refusal { $0["credits"] = [ID.credits5: credits] }
        #expect(error.location == "$.credits[\"\(ID.credits5)\"]")
        #expect(error.problem == problem)
    }

    @Test func creditsOnlyForAConsumable() throws {
        let error = try refusal { $0["credits"] = [ID.premium: 5] }
        #expect(error.problem == "only a consumable adds credits; \(ID.premium) is a nonConsumable")
    }

    @Test func wrongTypeNamesTheField() throws {
        let error = try refusal { $0["credits"] = [ID.credits5: "five"] }
        #expect(error.location == "$.credits.\(ID.credits5)" || error.location == "$.credits[\"\(ID.credits5)\"]", "\(error)")
        #expect(error.problem == "expected a number")
    }

    @Test func premiumMustBeUnlockedByAKnownNonConsumable() throws {
        func unlockedBy(_ id: String) throws -> DataFileError {
            try refusal { object in
                var content = try #require(object["content"] as? [String: Any])
                var premium = try #require(content["premium"] as? [String: Any])
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

    @Test func contentWithoutALocalization() throws {
        let error = try refusal { object in
            var content = try #require(object["content"] as? [String: Any])
            var free = try #require(content["free"] as? [[String: Any]])
            free[4]["localizations"] = [String: Any]()
            content["free"] = free
            object["content"] = content
        }
        #expect(error.location == "$.content.free[4].localizations")
        #expect(error.problem == "needs at least one localization")
    }

    private func product(_ id: String, _ type: ProductType, group: String? = nil, level: Int? = nil) -> CatalogProduct {
        let period = SubscriptionPeriod(value: 1, unit: .month)
        return CatalogProduct(
            id: id, type: type, localizations: [ProductLocalization(locale: "en_US", title: id, description: "")],
            price: .everywhere(1),
            subscription: type == .autoRenewable || type == .nonRenewing ? SubscriptionInfo(period: period, groupID: group, level: level) : nil)
    }
}

/// The promotional offers the app presents: read, defaulted and checked against the catalog.
@Suite struct AppDescriptionPromotionalOfferTests {
    private static let path = "/tmp/bad.app.json"
    private static let monthly = "com.storefront.pro.monthly"

    private func decode(_ offers: Any?) throws -> AppDescription {
        var object = try #require(try JSONSerialization.jsonObject(with: Data(DefaultAppDescription.json.utf8)) as? [String: Any])
        object["promotionalOffers"] = offers
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        return try AppDescriptionLoader.decode(data, path: Self.path, catalog: try CatalogLoader.defaultCatalog(), defaultName: "x")
    }

    private func refusal(_ offer: [String: String]) throws -> DataFileError {
        try #require(throws: DataFileError.self) { try decode([offer]) }
    }

    @Test func theBuiltInAppPresentsComebackToLapsedSubscribersAndAnAppWithoutTheFieldNone() throws {
        #expect(AppDescription.builtIn.promotionalOffers == [.init(productID: Self.monthly, offerID: "COMEBACK", audience: .lapsed)])
        #expect(try decode(nil).promotionalOffers == [])
        let any = try decode([["product": Self.monthly, "offer": "COMEBACK", "for": "any"]])
        #expect(any.promotionalOffers == [.init(productID: Self.monthly, offerID: "COMEBACK", audience: .any)])
    }

    @Test func anUnknownAudienceProductOrOfferIsRefusedWhereItStands() throws {
        let audience = try refusal(["product": Self.monthly, "offer": "COMEBACK", "for": "everyone"])
        #expect(audience.location == "$.promotionalOffers[0].for")
        #expect(audience.problem == "\"everyone\" is not an audience: use \"existing\", \"lapsed\", \"any\"")
        let product = try refusal(["product": "com.storefront.none", "offer": "COMEBACK", "for": "any"])
        #expect(product.location == "$.promotionalOffers[0].product")
        #expect(product.problem == "no product \"com.storefront.none\" in the catalog")
        let consumable = try refusal(["product": "com.storefront.credits.5", "offer": "COMEBACK", "for": "any"])
        #expect(consumable.problem == "only an auto-renewable subscription has promotional offers; com.storefront.credits.5 is a consumable")
        let offer = try refusal(["product": Self.monthly, "offer": "NOPE", "for": "lapsed"])
        #expect(offer.location == "$.promotionalOffers[0].offer")
        #expect(offer.problem == "\(Self.monthly) has no promotional offer \"NOPE\"")
    }

    @Test func aMissingFieldIsRefused() throws {
        #expect(throws: DataFileError.self) { try decode([["product": Self.monthly, "offer": "COMEBACK"]]) }
    }
}
