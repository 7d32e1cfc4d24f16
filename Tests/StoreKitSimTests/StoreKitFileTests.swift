@testable import CatalogFiles
import DataFiles
import Foundation
import Testing
@testable import AppStoreCore

/// The .storekit file itself: read as Xcode writes it, refused with the JSON path of what is
/// wrong, and laid out as Xcode lays it out.
@Suite struct StoreKitFileTests {
    private func read(_ name: String) throws -> StoreKitConfiguration {
        try StoreKitFileReader.read(try StoreKitFixtures.data(name), path: StoreKitFixtures.url(name).path)
    }

    private func refusal(_ url: URL) throws -> DataFileError {
        let data = try Data(contentsOf: url)
        return try #require(throws: DataFileError.self) { try StoreKitFileReader.read(data, path: url.path) }
    }

    @Test(arguments: zip(StoreKitFixtures.valid, 2...5))
    func everyVersionIsRead(name: String, major: Int) throws {
        let file = try read(name)
        #expect(file.version.major == major)
        let top = try JSONDecoder().decode([String: JSONValue].self, from: StoreKitFixtures.data(name))
        #expect(StoreKitFileReader.isStoreKitFile(top))
    }

    @Test func version2HoldsEveryKindOfProductAndOffer() throws {
        let file = try read("TeaGarden-v2")
        #expect(file.products.map(\.type) == [.consumable, .nonConsumable])
        #expect(file.nonRenewingSubscriptions.map(\.type) == [.nonRenewingSubscription])
        let group = try #require(file.subscriptionGroups.first)
        #expect(group.subscriptions.map(\.productID) == ["garden.tea.plus.monthly", "garden.tea.lite.weekly"])
        #expect(group.subscriptions.map(\.groupNumber) == [1, 2])
        let monthly = group.subscriptions[0]
        #expect(monthly.introductoryOffer?.paymentMode == .free)
        #expect(monthly.adHocOffers.first?.paymentMode == .payAsYouGo)
        #expect(monthly.adHocOffers.first?.numberOfPeriods == 3)
        #expect(monthly.codeOffers?.first?.eligibility == ["new", "expired"])
        #expect(group.subscriptions[1].introductoryOffer?.paymentMode == .payUpFront)
        #expect(file.products[0].localizations.map(\.locale) == ["en_US", "en_GB", "ja"])
        #expect(file.products[1].familyShareable)
        #expect(file.settings.storeKitError == 4)
        #expect(file.settings.failTransactionsEnabled == true)
        #expect(file.settings.timeRate == 6)
    }

    @Test func version3ErrorsPerAPIAreRead() throws {
        let settings = try read("HarborRadio-v3").settings
        let purchase = try #require(settings.storeKitErrors?.first { $0.name == "Purchase" })
        #expect(purchase.enabled)
        #expect(purchase.current == .init(index: 4, type: "generic"))
        #expect(settings.storeKitErrors?.count == 9)
        #expect(settings.timeRate == 13)
    }

    @Test func version4WinBackOffersAndSettingsAreRead() throws {
        let file = try read("MountainMaps-v4")
        let explorer = try #require(file.subscriptionGroups.first?.subscriptions.first)
        #expect(explorer.winbackOffers?.map(\.offerID) == ["maps.mountain.explorer.welcome-back", "maps.mountain.explorer.free-month-back"])
        #expect(file.settings.disableDialogs == true)
        #expect(file.settings.billingGracePeriodEnabled == true)
        #expect(file.settings.renewalBillingIssuesEnabled == true)
        #expect(file.appPolicies?.eula == "")
    }

    @Test func version5BillingPlansAreRead() throws {
        let pro = try #require(try read("StudyCards-v5").subscriptionGroups.first?.subscriptions.first)
        #expect(pro.billingPlans?.map(\.billingPlanType) == ["BILLED_UPFRONT", "MONTHLY"])
        #expect(pro.billingPlans?.map(\.displayPrice) == ["39.99", "3.99"])
        #expect(pro.introductoryOffers?.map(\.billingPlanType) == ["BILLED_UPFRONT", "MONTHLY"])
        #expect(pro.adHocOffers.map(\.billingPlanType) == ["BILLED_UPFRONT", "MONTHLY"])
    }

    /// Xcode's promotional-offer signing key is not part of the model: writing a file read
    /// with one gives none back.
    @Test(arguments: StoreKitFixtures.valid)
    func theKeyPairIsNeverKept(name: String) throws {
        let text = String(decoding: try StoreKitFileLayout.data(of: try read(name)), as: UTF8.self)
        #expect(!text.contains("subscriptionOffersKeyPair"))
        #expect(!text.contains("privateKey"))
        #expect(!text.contains(StoreKitFixtures.privateKeyMarker))
    }

    @Test func unknownKeysAreIgnoredAtEveryLevel() throws {
        let text = String(decoding: try StoreKitFileLayout.data(of: try read("MountainMaps-v4")), as: UTF8.self)
        #expect(!text.contains("trailDifficulty"))
        #expect(!text.contains("an unknown key in an offer"))
        let v5 = String(decoding: try StoreKitFileLayout.data(of: try read("StudyCards-v5")), as: UTF8.self)
        for key in ["shelf", "reminder", "_unknownFutureSetting", "subscriptionBundleGroups"] {
            #expect(!v5.contains(key), "\(key)")
        }
    }

    // MARK: Refused files

    @Test func badJSONIsASyntaxErrorWithLineAndColumn() throws {
        let error = try refusal(StoreKitFixtures.malformed("bad-json"))
        #expect(error.location == "line 7, column 7")
        #expect(error.problem.hasPrefix("not valid JSON"))
        #expect(error.remedy == .fixCatalog)
    }

    @Test func aWrongTypeDeepDownNamesItsPath() throws {
        let url = StoreKitFixtures.malformed("wrong-type-deep")
        let error = try refusal(url)
        #expect(error.path == url.path)
        #expect(error.location == "$.subscriptionGroups[0].subscriptions[0].adHocOffers[1].numberOfPeriods")
        #expect(error.problem == "expected a number")
    }

    @Test func anUnknownProductTypeListsTheKnownOnes() throws {
        let error = try refusal(StoreKitFixtures.malformed("unknown-product-type"))
        #expect(error.location == "$.products[1].type")
        #expect(error.problem.contains("unknown product type \"Bundle\""))
        #expect(error.problem.contains("Consumable, NonConsumable, NonRenewingSubscription, RecurringSubscription"))
    }

    @Test func aMissingProductIDIsNamed() throws {
        let error = try refusal(StoreKitFixtures.malformed("missing-product-id"))
        #expect(error.location == "$.nonRenewingSubscriptions[0]")
        #expect(error.problem == "missing field \"productID\"")
    }

    @Test func version1And6AreRefusedWithTheVersionsRead() throws {
        let old = try refusal(StoreKitFixtures.malformed("version-1"))
        #expect(old.location == "$.version.major")
        #expect(old.problem.contains("version 1.0"))
        #expect(old.problem.contains("older than storefront reads (versions 2 to 5)"))
        #expect(old.problem.contains("Xcode 13 or later"))
        let new = try refusal(StoreKitFixtures.malformed("version-6"))
        #expect(new.location == "$.version.major")
        #expect(new.problem.contains("version 6.0"))
        #expect(new.problem.contains("newer than storefront reads (versions 2 to 5)"))
    }

    @Test func aVersionThatIsNotANumberIsNamed() throws {
        let data = Data(#"{ "version" : { "major" : "five" } }"#.utf8)
        let error = try #require(throws: DataFileError.self) { try StoreKitFileReader.read(data, path: "x.storekit") }
        #expect(error.location == "$.version.major")
    }

    @Test func deepNestingIsRefusedBeforeDecoding() throws {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        let data = Data(#"{ "version" : { "major" : 5 }, "products" : \#(deep) }"#.utf8)
        let error = try #require(throws: DataFileError.self) { try StoreKitFileReader.read(data, path: "x.storekit") }
        #expect(error.problem.contains("nested more than"))
    }

    @Test func aNumberTooLargeForItsFieldIsNamed() throws {
        let data = try StoreKitFixtures.edited("TeaGarden-v2") { top in
            var groups = top["subscriptionGroups"] as? [[String: Any]] ?? []
            var subscriptions = groups[0]["subscriptions"] as? [[String: Any]] ?? []
            subscriptions[0]["groupNumber"] = 1e30
            groups[0]["subscriptions"] = subscriptions
            top["subscriptionGroups"] = groups
        }
        let error = try #require(throws: DataFileError.self) { try StoreKitFileReader.read(data, path: "x.storekit") }
        #expect(error.location == "$.subscriptionGroups[0].subscriptions[0].groupNumber")
    }

    // MARK: Layout

    @Test func theLayoutIsXcodes() {
        let value = JSONValue.object([
            "version": .object(["minor": .int(0), "major": .int(5)]),
            "products": .array([]),
            "settings": .object([
                "_storeKitErrors": .array([]), "_storefront": .string("JPN"), "_locale": .string("ja_JP"),
            ]),
            "identifier": .string("A\"B\\C\nD"),
            "names": .array([.string("新"), .bool(true), .null]),
        ])
        #expect(StoreKitFileLayout.text(of: value) == """
            {
              "identifier" : "A\\"B\\\\C\\nD",
              "names" : [
                "新",
                true,
                null
              ],
              "products" : [

              ],
              "settings" : {
                "_locale" : "ja_JP",
                "_storefront" : "JPN",
                "_storeKitErrors" : [

                ]
              },
              "version" : {
                "major" : 5,
                "minor" : 0
              }
            }

            """)
    }

    /// What was read is what is written: the model keeps every key it reads.
    @Test(arguments: StoreKitFixtures.valid)
    func writingAndReadingAgainGivesTheSameFile(name: String) throws {
        let file = try read(name)
        let again = try StoreKitFileReader.read(try StoreKitFileLayout.data(of: file), path: "again.storekit")
        #expect(again == file)
    }
}
