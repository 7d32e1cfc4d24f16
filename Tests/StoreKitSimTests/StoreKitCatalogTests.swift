@testable import CatalogFiles
import DataFiles
import Foundation
import Testing
@testable import AppStoreCore

/// A .storekit file as a store catalog: every product, group, offer and setting it holds, its
/// problems at the file's own JSON paths, and the file storefront writes back.
@Suite struct StoreKitCatalogTests {
    private func inspect(_ name: String) throws -> CatalogInspection {
        try CatalogLoader.inspect(contentsOf: StoreKitFixtures.url(name))
    }

    private func catalog(_ name: String) throws -> Catalog {
        try CatalogLoader.load(from: StoreKitFixtures.url(name))
    }

    private func inspect(edited name: String, _ edit: (inout [String: Any]) throws -> Void) throws -> CatalogInspection {
        try CatalogLoader.inspect(try StoreKitFixtures.edited(name, edit), path: "edited.storekit")
    }

    private func period(_ text: String) -> SubscriptionPeriod? { SubscriptionPeriod(iso8601: text) }

    @Test(arguments: zip(StoreKitFixtures.valid, ["2.0", "3.0", "4.0", "5.0"]))
    func everyFixtureIsACatalogWithNoProblem(name: String, version: String) throws {
        let inspection = try inspect(name)
        #expect(inspection.format == .storeKit(version: version))
        #expect(inspection.problems == [])
    }

    @Test func version2ProductsGroupsAndOffers() throws {
        let catalog = try catalog("TeaGarden-v2")
        // products, each group's subscriptions, then the non-renewing ones.
        #expect(catalog.products.map(\.id) == ["garden.tea.leaves.sencha", "garden.tea.teapots", "garden.tea.plus.monthly",
                                               "garden.tea.lite.weekly", "garden.tea.club.season"])
        #expect(catalog.products.map(\.type) == [.consumable, .nonConsumable, .autoRenewable, .autoRenewable, .nonRenewing])
        let sencha = try #require(catalog.product("garden.tea.leaves.sencha"))
        #expect(sencha.price == .everywhere(Decimal(string: "0.99") ?? 0))
        #expect(sencha.referenceName == "Sencha tin")
        #expect(sencha.localizations.map(\.locale) == ["en_US", "en_GB", "ja"])
        #expect(sencha.localization(for: "ja_JP").title == "煎茶の缶")
        #expect(catalog.product("garden.tea.teapots")?.familyShareable == true)
        // StoreKit gives a non-renewing subscription no period: the app decides.
        #expect(catalog.product("garden.tea.club.season")?.subscription == nil)

        #expect(catalog.subscriptionGroups == [SubscriptionGroup(id: "7EA0A001", name: "Plus", localizations: [
            GroupLocalization(locale: "en_US", name: "Tea Garden Plus"), GroupLocalization(locale: "ja", name: "ティーガーデン プラス"),
        ])])
        #expect(catalog.subscriptions(in: "7EA0A001").map(\.id) == ["garden.tea.plus.monthly", "garden.tea.lite.weekly"])
        let plus = try #require(catalog.product("garden.tea.plus.monthly")?.subscription)
        #expect(plus.period == period("P1M"))
        #expect(plus.level == 1)
        #expect(plus.introductoryOffer == SubscriptionOffer(paymentMode: .freeTrial, period: try #require(period("P1W"))))
        #expect(plus.promotionalOffers == [SubscriptionOffer(
            id: "garden.tea.plus.comeback", paymentMode: .payAsYouGo, period: try #require(period("P1M")), periodCount: 3,
            price: Decimal(string: "1.49") ?? 0, referenceName: "Come back for less")])
        #expect(plus.offerCodes == [SubscriptionOffer(id: "SPRINGTEA", paymentMode: .freeTrial, period: try #require(period("P2W")))])
        let lite = try #require(catalog.product("garden.tea.lite.weekly")?.subscription)
        #expect(lite.level == 2)
        #expect(lite.introductoryOffer == SubscriptionOffer(paymentMode: .payUpFront, period: try #require(period("P3M")),
                                                            price: Decimal(string: "4.99") ?? 0))
    }

    @Test func version2SettingsAreStoreConditions() throws {
        let inspection = try inspect("TeaGarden-v2")
        #expect(inspection.catalog.settings == CatalogSettings(
            storefront: "JPN", locale: "ja_JP", askToBuy: true, failWith: .paymentNotAllowed, interrupted: false,
            timeRate: TimeRate("1d-per-s")))
        // The file's storefront is Japan's: each price with cents is a price yen cannot have.
        #expect(inspection.notes == [
            "$.products[0].displayPrice: 0.99 has more decimal places than JPN prices have (0): shown and charged rounded half up, ¥1",
            "$.products[1].displayPrice: 4.99 has more decimal places than JPN prices have (0): shown and charged rounded half up, ¥5",
            "$.subscriptionGroups[0].subscriptions[0].displayPrice: 2.99 has more decimal places than JPN prices have (0): shown and charged rounded half up, ¥3",
            "$.subscriptionGroups[0].subscriptions[1].displayPrice: 0.99 has more decimal places than JPN prices have (0): shown and charged rounded half up, ¥1",
            "$.nonRenewingSubscriptions[0].displayPrice: 14.99 has more decimal places than JPN prices have (0): shown and charged rounded half up, ¥15",
        ])
        #expect(inspection.problems == [], "Xcode takes them: a note, not a problem")
    }

    /// A .storekit file's one price is shown in every storefront's currency, in its decimal
    /// places: rounded half up to a whole yen in Japan, never ¥4.99.
    @Test func aPriceWithCentsIsWholeInAStorefrontWithoutMinorUnits() throws {
        let catalog = try catalog("TeaGarden-v2")
        let teapots = try #require(catalog.product("garden.tea.teapots"))
        #expect(teapots.price == .everywhere(Decimal(string: "4.99") ?? 0))
        let jpn = try #require(AppStoreStorefront.named("JPN"))
        let japan = try #require(Product(teapots, storefront: jpn, locale: "ja_JP"))
        #expect(japan.price == 5)
        #expect(japan.formattedPrice == "¥5")
        #expect(japan.formattedPrice(quantity: 3) == "¥15")
        let kor = try #require(AppStoreStorefront.named("KOR"))
        #expect(Product(teapots, storefront: kor, locale: "ko_KR")?.formattedPrice == "₩5")
        let usa = try #require(Product(teapots, storefront: .unitedStates, locale: "en_US"))
        #expect(usa.formattedPrice == "$4.99")
    }

    @Test func version3OffersAndErrorsPerAPI() throws {
        let inspection = try inspect("HarborRadio-v3")
        let catalog = inspection.catalog
        #expect(catalog.settings == CatalogSettings(storefront: "GBR", locale: "en_GB", askToBuy: false,
                                                    failWith: .storeProductNotAvailable, timeRate: TimeRate("1mo-per-5min")))
        // Load Products' error is chosen but not enabled: nothing to say.
        #expect(inspection.notes == [])
        #expect(catalog.subscriptions(in: "4A8BA001").map { $0.subscription?.level } == [1, 2, 2])
        let patron = try #require(catalog.product("radio.harbor.patron.yearly")?.subscription)
        #expect(patron.introductoryOffer == nil)
        #expect(patron.promotionalOffers.map(\.paymentMode) == [.payUpFront, .freeTrial])
        #expect(patron.promotionalOffers.map(\.price) == [Decimal(string: "29.99"), 0])
        #expect(patron.promotionalOffers.map(\.periodCount) == [1, 2])
        let listener = try #require(catalog.product("radio.harbor.listener.monthly")?.subscription)
        #expect(listener.introductoryOffer?.paymentMode == .payAsYouGo)
        #expect(listener.introductoryOffer?.periodCount == 2)
        #expect(listener.offerCodes == [SubscriptionOffer(id: "HARBOURDAYS", paymentMode: .payAsYouGo, period: try #require(period("P1M")),
                                                          periodCount: 3, price: Decimal(string: "0.99") ?? 0,
                                                          eligibility: [.new, .existing, .expired])])
        #expect(catalog.locales == ["en_GB", "en_US", "ja"])
    }

    @Test func version4WinBackOffersAndBillingConditions() throws {
        let inspection = try inspect("MountainMaps-v4")
        let explorer = try #require(inspection.catalog.product("maps.mountain.explorer.yearly")?.subscription)
        #expect(explorer.winBackOffers == [
            SubscriptionOffer(id: "maps.mountain.explorer.welcome-back", paymentMode: .payUpFront, period: try #require(period("P1Y")),
                              price: Decimal(string: "12.99") ?? 0, referenceName: "Welcome back"),
            SubscriptionOffer(id: "maps.mountain.explorer.free-month-back", paymentMode: .freeTrial, period: try #require(period("P1M")),
                              referenceName: "A free month back"),
        ])
        #expect(explorer.offerCodes.first?.paymentMode == .payUpFront)
        #expect(inspection.catalog.subscriptionGroups.map(\.id) == ["3C0FA001", "3C0FA002"])
        #expect(inspection.catalog.settings.interrupted == true)
        #expect(inspection.catalog.settings.timeRate == TimeRate("1mo-per-30s"))
        #expect(inspection.catalog.settings.dialogs == false, "_disableDialogs true")
        #expect(inspection.catalog.settings.billingRetry == true, "_renewalBillingIssuesEnabled true")
        #expect(inspection.catalog.settings.gracePeriod == .xcode, "_billingGracePeriodEnabled true: Xcode's 6 or 16 days")
        #expect(inspection.notes.count == 1, "the billing conditions are simulated: no note")
        #expect(inspection.notes.contains { $0.hasPrefix("settings._timeRate 1003") })
    }

    @Test func version5BillingPlansGoWithTheirOffers() throws {
        let catalog = try catalog("StudyCards-v5")
        #expect(catalog.settings.failWith == .paymentNotAllowed)
        #expect(catalog.settings.billingRetry == false)
        #expect(catalog.settings.gracePeriod == .off, "_billingGracePeriodEnabled false")
        let pro = try #require(catalog.product("cards.study.pro.yearly")?.subscription)
        #expect(pro.introductoryOffer == SubscriptionOffer(paymentMode: .freeTrial, period: try #require(period("P2W"))))
        #expect(pro.promotionalOffers.map(\.id) == ["cards.study.pro.half-year"])
        #expect(pro.offerCodes.map(\.id) == ["EXAMSEASON"])
        #expect(pro.winBackOffers.map(\.id) == ["cards.study.pro.back-to-school"])
        #expect(pro.billingPlans == [
            BillingPlan(type: "BILLED_UPFRONT", price: Decimal(string: "39.99") ?? 0, commitmentPrice: Decimal(string: "39.99")),
            BillingPlan(type: "MONTHLY", price: Decimal(string: "3.99") ?? 0, commitmentPrice: Decimal(string: "47.88"),
                        introductoryOffer: SubscriptionOffer(paymentMode: .payAsYouGo, period: try #require(period("P1M")), periodCount: 2,
                                                             price: Decimal(string: "0.99") ?? 0),
                        promotionalOffers: [SubscriptionOffer(id: "cards.study.pro.monthly-plan-gift", paymentMode: .freeTrial,
                                                              period: try #require(period("P1M")), referenceName: "A month on the monthly plan")]),
        ])
        // The only plan billed up front at the price: no plan but the subscription itself.
        #expect(catalog.product("cards.study.basic.monthly")?.subscription?.billingPlans == [])
        #expect(catalog.product("cards.study.hints.50")?.localization(for: "ja_JP").title == "ヒント50枚")
        #expect(catalog.product("cards.study.hints.50")?.localization(for: "en_GB").title == "50 Hints")
        #expect(catalog.group("5C4DA001")?.displayName(for: "en_GB") == "Study Plans")
    }

    // MARK: Written back

    /// Every fixture loads, exports and loads again as the same catalog.
    @Test(arguments: StoreKitFixtures.valid)
    func aFixtureWrittenAndReadAgainIsTheSameCatalog(name: String) throws {
        let catalog = try catalog(name)
        let written = try StoreKitCatalogWriter.data(catalog)
        #expect(written.notes == [])
        let again = try CatalogLoader.inspect(written.data, path: "\(name)-exported.storekit")
        #expect(again.problems == [])
        #expect(again.catalog == catalog)
        #expect(again.format == .storeKit(version: "5.0"))
    }

    /// The built-in catalog, with its prices per storefront, as a .storekit file and back.
    @Test func theBuiltInCatalogWrittenAndReadAgainIsTheSame() throws {
        let builtIn = try CatalogLoader.defaultCatalog()
        let written = try StoreKitCatalogWriter.data(builtIn)
        #expect(written.notes == [])
        let again = try CatalogLoader.decode(written.data, path: "built-in.storekit")
        #expect(again == builtIn)
    }

    @Test(arguments: StoreKitFixtures.valid)
    func noKeyPairIsEverWritten(name: String) throws {
        let text = String(decoding: try StoreKitCatalogWriter.data(try catalog(name)).data, as: UTF8.self)
        #expect(!text.contains("subscriptionOffersKeyPair"))
        #expect(!text.contains("privateKey"))
        #expect(!text.contains(StoreKitFixtures.privateKeyMarker))
    }

    @Test func theWrittenFileIsXcodesVersion5() throws {
        let text = String(decoding: try StoreKitCatalogWriter.data(try catalog("TeaGarden-v2")).data, as: UTF8.self)
        #expect(text.hasPrefix("{\n  \"appPolicies\" : {\n    \"eula\" : \"\",\n"))
        #expect(text.hasSuffix("  \"version\" : {\n    \"major\" : 5,\n    \"minor\" : 0\n  }\n}\n"))
        #expect(text.contains("\"type\" : \"RecurringSubscription\""))
        #expect(text.contains("\"_storefront\" : \"JPN\""))
        // The same catalog, the same bytes.
        #expect(try StoreKitCatalogWriter.data(try catalog("TeaGarden-v2")).data == Data(text.utf8))
    }

    @Test func settingsXcodeCannotSayAreNoted() throws {
        var catalog = try catalog("TeaGarden-v2")
        catalog.settings.timeRate = TimeRate("1w-per-s")
        catalog.settings.failWith = .cloudServiceRevoked
        let notes = StoreKitCatalogWriter.write(catalog).notes
        #expect(notes.count == 2)
        #expect(notes.contains { $0.hasPrefix("time-rate 1w-per-s is none of Xcode's rates") })
        #expect(notes.contains { $0.hasPrefix("fail-with 8 cloudServiceRevoked has no StoreKit error") })
    }

    /// The billing conditions go back as Xcode's two keys; a grace of App Store Connect's
    /// lengths becomes Xcode's one grace period, and says so.
    @Test(arguments: [(BillingGracePeriod.off, false, false), (.xcode, true, false),
                      (.threeDays, true, true), (.sixteenDays, true, true), (.twentyEightDays, true, true)])
    func billingConditionsAreWrittenAsXcodes(grace: BillingGracePeriod, enabled: Bool, noted: Bool) throws {
        var catalog = try catalog("TeaGarden-v2")
        catalog.settings.billingRetry = true
        catalog.settings.gracePeriod = grace
        let written = StoreKitCatalogWriter.write(catalog)
        #expect(written.file.settings.renewalBillingIssuesEnabled == true)
        #expect(written.file.settings.billingGracePeriodEnabled == enabled)
        #expect(written.notes == (noted ? ["grace-period \(grace.rawValue) is written as Xcode's billing grace period, which lasts 6 days for a weekly plan and 16 days for the others"] : []))
        let again = try CatalogLoader.inspect(try StoreKitCatalogWriter.data(catalog).data, path: "billing.storekit")
        #expect(again.catalog.settings.billingRetry == true)
        #expect(again.catalog.settings.gracePeriod == (enabled ? .xcode : .off))
    }

    /// The grace's eligibility goes to and from a .storekit file in App Store Connect's words,
    /// and a new data directory starts with it; a value it does not know is noted, not used.
    @Test(arguments: [(BillingGraceRenewals.all, "ALL_RENEWALS"), (.paidToPaid, "PAID_TO_PAID_ONLY")])
    func theGracesEligibilityIsReadAndWritten(renewals: BillingGraceRenewals, value: String) throws {
        var catalog = try catalog("TeaGarden-v2")
        catalog.settings.gracePeriod = .xcode
        catalog.settings.graceRenewals = renewals
        let written = StoreKitCatalogWriter.write(catalog)
        #expect(written.file.settings.billingGracePeriodRenewalType == value && written.notes.isEmpty)
        let again = try CatalogLoader.inspect(try StoreKitCatalogWriter.data(catalog).data, path: "grace.storekit")
        #expect(again.catalog.settings.graceRenewals == renewals)
        #expect(again.catalog.settings.applied(to: Settings()).graceRenewals == renewals)

        let text = String(decoding: try StoreKitCatalogWriter.data(catalog).data, as: UTF8.self)
            .replacingOccurrences(of: "\"\(value)\"", with: "\"SOMETIMES\"")
        let unknown = try CatalogLoader.inspect(Data(text.utf8), path: "grace.storekit")
        #expect(unknown.catalog.settings.graceRenewals == nil)
        #expect(unknown.notes.contains { $0.contains("_billingGracePeriodRenewalType \"SOMETIMES\"") }, "\(unknown.notes)")
    }

    /// A catalog that says nothing of them writes neither key, as Xcode 13's files have none.
    @Test func noBillingConditionsNoKeys() throws {
        let text = String(decoding: try StoreKitCatalogWriter.data(try catalog("TeaGarden-v2")).data, as: UTF8.self)
        #expect(!text.contains("_renewalBillingIssuesEnabled"))
        #expect(!text.contains("_billingGracePeriodEnabled"))
    }

    /// A new data directory starts with the file's billing conditions.
    @Test func theBillingConditionsApplyToANewStore() {
        let settings = CatalogSettings(billingRetry: true, gracePeriod: .xcode).applied(to: Settings())
        #expect(settings.billingRetry)
        #expect(settings.gracePeriod == .xcode)
        #expect(CatalogSettings().applied(to: settings) == settings, "what a file does not say stays")
    }

    // MARK: Problems

    @Test func duplicateIdsNameTheFirstPlace() throws {
        let url = StoreKitFixtures.malformed("duplicate-ids")
        let inspection = try CatalogLoader.inspect(contentsOf: url)
        #expect(inspection.problems == [CatalogProblem(
            path: "$.subscriptionGroups[0].subscriptions[0].productID",
            message: "duplicate product id \"duplicate.twin\" (first at $.products[0])")])
        let error = try #require(throws: DataFileError.self) { try CatalogLoader.load(from: url) }
        #expect(error.path == url.path)
        #expect(error.location == "$.subscriptionGroups[0].subscriptions[0].productID")
        #expect(error.remedy == .fixCatalog)
    }

    /// Values no input may crash storefront with, each named where it is, all at once.
    @Test func everyBadValueIsAProblemAtItsPath() throws {
        let inspection = try inspect(edited: "TeaGarden-v2") { top in
            var products = top["products"] as? [[String: Any]] ?? []
            products[0]["displayPrice"] = "NaN"
            products[1]["displayPrice"] = "-4.99"
            top["products"] = products
            var groups = top["subscriptionGroups"] as? [[String: Any]] ?? []
            var subscriptions = groups[0]["subscriptions"] as? [[String: Any]] ?? []
            subscriptions[0]["recurringSubscriptionPeriod"] = "P-1M"
            subscriptions[1]["groupNumber"] = 0
            var offers = subscriptions[0]["adHocOffers"] as? [[String: Any]] ?? []
            offers[0]["numberOfPeriods"] = 100_000
            subscriptions[0]["adHocOffers"] = offers
            var intro = subscriptions[1]["introductoryOffer"] as? [String: Any] ?? [:]
            intro["subscriptionPeriod"] = "P0D"
            subscriptions[1]["introductoryOffer"] = intro
            groups[0]["subscriptions"] = subscriptions
            top["subscriptionGroups"] = groups
        }
        #expect(inspection.problems.map(\.path) == [
            "$.products[0].displayPrice",
            "$.products[1].displayPrice",
            "$.subscriptionGroups[0].subscriptions[0].recurringSubscriptionPeriod",
            "$.subscriptionGroups[0].subscriptions[1].groupNumber",
            "$.subscriptionGroups[0].subscriptions[1].introductoryOffer.subscriptionPeriod",
        ])
        #expect(inspection.problems[0].message == "\"NaN\" is not a price: write digits with a decimal point, such as \"0.99\" or \"480\"")
        #expect(inspection.problems[3].message == "must be 1 (the highest level) to 1000, not 0")
    }

    @Test func anOfferTooLongIsNamed() throws {
        let inspection = try inspect(edited: "TeaGarden-v2") { top in
            var groups = top["subscriptionGroups"] as? [[String: Any]] ?? []
            var subscriptions = groups[0]["subscriptions"] as? [[String: Any]] ?? []
            var offers = subscriptions[0]["adHocOffers"] as? [[String: Any]] ?? []
            offers[0]["numberOfPeriods"] = -3
            subscriptions[0]["adHocOffers"] = offers
            groups[0]["subscriptions"] = subscriptions
            top["subscriptionGroups"] = groups
        }
        #expect(inspection.problems == [CatalogProblem(path: "$.subscriptionGroups[0].subscriptions[0].adHocOffers[0].numberOfPeriods",
                                                       message: "must be 1 to 120, not -3")])
    }

    @Test func aProductInTheWrongListIsNamed() throws {
        let inspection = try inspect(edited: "TeaGarden-v2") { top in
            var products = top["products"] as? [[String: Any]] ?? []
            products[0]["type"] = "RecurringSubscription"
            top["products"] = products
        }
        #expect(inspection.problems == [CatalogProblem(
            path: "$.products[0].type", message: "a RecurringSubscription belongs in a subscription group's subscriptions, not in products")])
    }

    @Test func pricesPerStorefrontAreCheckedAsStorefrontsOwn() throws {
        let inspection = try inspect(edited: "TeaGarden-v2") { top in
            var products = top["products"] as? [[String: Any]] ?? []
            products[0]["storefrontPrices"] = ["USA": "0.99", "XYZ": "1"]
            top["products"] = products
        }
        #expect(inspection.problems.map(\.path) == ["$.products[0].storefrontPrices.XYZ"])
    }

    @Test func settingsStorefrontDoesNotSimulateAreNotes() throws {
        let inspection = try inspect(edited: "HarborRadio-v3") { top in
            var settings = top["settings"] as? [String: Any] ?? [:]
            settings["_storefront"] = "XYZ"
            settings["_locale"] = "not a locale!"
            settings["_timeRate"] = 7
            var errors = settings["_storeKitErrors"] as? [[String: Any]] ?? []
            errors[0]["enabled"] = true
            errors[1]["current"] = ["index": 2, "type": "generic"]
            errors[7] = ["name": "Refund Request Sheet", "enabled": true, "current": ["index": 0, "type": "refundRequest"]]
            errors[8] = ["name": "Offer Code Redeem Sheet", "enabled": true, "current": ["index": 1, "type": "purchase"]]
            errors.append(["name": "Transaction Manager", "enabled": true, "current": ["index": 0, "type": "generic"]])
            settings["_storeKitErrors"] = errors
            top["settings"] = settings
        }
        #expect(inspection.problems == [])
        var expected = CatalogSettings(askToBuy: false)
        expected.failures = [.loadProducts: .storeKit(.networkError), .refundRequest: .refundRequest(.duplicateRequest)]
        #expect(inspection.catalog.settings == expected, "each API's error read, the purchase's that has no SKError not")
        #expect(inspection.notes == [
            "settings._storefront \"XYZ\" is not an App Store storefront's three-letter code: not used",
            "settings._locale \"not a locale!\" is not a locale such as en_US: not used",
            "settings._storeKitErrors \"Purchase\": networkError is not one of StoreKit's SKError codes storefront fails purchases with: not used",
            "settings._storeKitErrors \"Offer Code Redeem Sheet\": productUnavailable is not one of the errors storefront fails it with: not used",
            "settings._storeKitErrors \"Transaction Manager\" is not a StoreKit API storefront knows: not used",
            "settings._timeRate 7 is not a time rate storefront knows: not used",
        ])
    }

    @Test func aVersion2ErrorCodeStoreKitDoesNotHaveIsANote() throws {
        let inspection = try inspect(edited: "TeaGarden-v2") { top in
            var settings = top["settings"] as? [String: Any] ?? [:]
            settings["_storeKitError"] = 99
            top["settings"] = settings
        }
        #expect(inspection.catalog.settings.failWith == nil)
        #expect(inspection.notes.first == "settings._storeKitError 99 is not a StoreKit error code: purchases do not fail")
        #expect(inspection.notes.dropFirst().allSatisfy { $0.contains("rounded half up") }, "then the yen prices with cents")
    }

    @Test func aProductWithNoLocalizationIsShownByItsReferenceName() throws {
        let inspection = try inspect(edited: "TeaGarden-v2") { top in
            var products = top["products"] as? [[String: Any]] ?? []
            products[1]["localizations"] = [Any]()
            top["products"] = products
        }
        #expect(inspection.catalog.product("garden.tea.teapots")?.localizations == [
            ProductLocalization(locale: "ja_JP", title: "Teapots", description: "")])
        #expect(inspection.notes.first == "garden.tea.teapots has no localization: shown by its reference name")
    }

    // MARK: Telling the kinds apart

    @Test func aVersionObjectWithAMajorNumberMakesAStoreKitFile() throws {
        let builtIn = try CatalogLoader.inspect(Data(DefaultCatalog.json.utf8), path: "catalog.json")
        #expect(builtIn.format == .storefront)
        // storefront's own JSON with a "version" of another shape is still storefront's.
        let other = try #require(throws: DataFileError.self) {
            try CatalogLoader.inspect(Data(#"{ "version": 5, "products": "none" }"#.utf8), path: "x.json")
        }
        #expect(other.location == "$.products")
    }

    @Test func aFileOverTheLimitIsRefusedWithTheLimit() throws {
        let directory = TemporaryDirectory()
        let url = directory.file("huge.storekit")
        var data = try StoreKitFixtures.data("TeaGarden-v2")
        data.append(Data(repeating: UInt8(ascii: " "), count: 16 * 1024 * 1024))
        try data.write(to: url)
        let error = try #require(throws: DataFileError.self) { try CatalogLoader.load(from: url) }
        #expect(error.path == url.path)
        #expect(error.problem.contains("storefront reads at most 16 MiB"))
        #expect(error.remedy == .checkCatalogPath)
    }
}
