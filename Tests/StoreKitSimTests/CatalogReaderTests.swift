@testable import CatalogFiles
import DataFiles
import Foundation
import Testing
@testable import SampleApp
@testable import AppStoreCore

/// The catalog read without `JSONDecoder` is exactly the catalog the decoder reads, and the
/// reader leaves to the decoder whatever it might read otherwise.
struct CatalogReaderTests {
    /// Every field of the format, optional ones given and null, escapes, an unknown key.
    static let full = #"""
    {
      "subscriptionGroups": [
        {"id": "pro", "name": "Pro", "localizations": {"en": "Pro", "ja": "\u30d7\u30ed"}},
        {"id": "lite", "name": "Lite \"L\"", "localizations": null}
      ],
      "comment": {"anything": [1, 2.5, true, null]},
      "products": [
        {"id": "a.premium", "type": "nonConsumable", "referenceName": "Premium", "familyShareable": true,
         "localizations": {"en": {"title": "Premium\n", "description": "Tab\there \/ \ud83d\ude00"}},
         "prices": {"USA": 2.99, "JPN": 480, "GBR": 0.5, "DEU": -0, "FRA": 1.10}},
        {"id": "a.monthly", "type": "autoRenewable", "familyShareable": null, "referenceName": null,
         "localizations": {"en": {"title": "Monthly", "description": ""}},
         "prices": {"USA": 4.99},
         "subscription": {"period": "P1M", "group": "pro", "level": 2,
           "introductoryOffer": {"paymentMode": "freeTrial", "period": "P1W"},
           "promotionalOffers": [{"id": "promo", "paymentMode": "payAsYouGo", "period": "P1M", "periods": 3, "price": 1.99}],
           "offerCodes": [{"id": "code", "paymentMode": "payUpFront", "period": "P2M", "price": 5}],
           "winBackOffers": [{"id": "back", "paymentMode": "payUpFront", "period": "P3M", "price": 4.99,
             "winBack": {"paidSubscriptionDurationInMonths": 6, "timeSinceLastSubscribedInMonths": [2, 24],
                         "waitBetweenOffersInMonths": 3, "startDate": "2026-07-01", "endDate": "2026-07-31", "priority": "high"}},
             {"id": "plain", "paymentMode": "freeTrial", "period": "P1M", "winBack": null}]}},
        {"id": "a.weekly", "type": "autoRenewable", "localizations": {}, "prices": {},
         "subscription": {"period": "P1W", "group": null, "level": null, "introductoryOffer": null, "winBackOffers": null}},
        {"id": "a.pass", "type": "nonRenewing", "localizations": {"en": {"title": "Pass", "description": "d"}},
         "prices": {"USA": 9.99}},
        {"id": "a.coins", "type": "consumable", "localizations": {"en": {"title": "Coins", "description": "d"}},
         "prices": {"USA": 0.99}}
      ]
    }
    """#

    static func decoded(_ text: String) throws -> Catalog {
        try JSONDecoder().decode(CatalogJSON.self, from: Data(text.utf8)).catalog()
    }

    @Test(arguments: [DefaultCatalog.json, full])
    func readsWhatTheDecoderReads(_ text: String) throws {
        let read = try #require(CatalogLoader.storefrontJSON(Data(text.utf8)))
        #expect(try read.catalog() == Self.decoded(text))
    }

    /// Prices keep their digits: 1.10 and 1.1 are one amount, 2.99 is exact.
    @Test func pricesAreExact() throws {
        let catalog = try #require(CatalogLoader.storefrontJSON(Data(Self.full.utf8))).catalog()
        #expect(catalog.products[0].price(in: "USA") == Decimal(string: "2.99"))
        #expect(catalog.products[0].price(in: "FRA") == Decimal(string: "1.1"))
    }

    /// A win-back offer's rules under App Store Connect's names; the end date is the offer's last day.
    @Test func winBackRulesAreReadAsAppStoreConnectSetsThem() throws {
        let catalog = try #require(CatalogLoader.storefrontJSON(Data(Self.full.utf8))).catalog()
        let offers = try #require(catalog.product("a.monthly")?.subscription?.winBackOffers)
        let day = { (text: String) in ISO8601DateFormatter().date(from: text + "T00:00:00Z")! }
        #expect(offers[0].winBackRules == WinBackOfferRules(
            paidDurationMonths: 6, monthsSinceLastSubscribed: 2...24, waitBetweenOffersMonths: 3,
            startDate: day("2026-07-01"), endDate: day("2026-08-01"), priority: .high))
        #expect(offers[1].winBackRules == WinBackOfferRules(), "no rules: every churned subscriber, always")
    }

    @Test(arguments: [
        (#"{"timeSinceLastSubscribedInMonths": [24, 2]}"#, "timeSinceLastSubscribedInMonths"),
        (#"{"timeSinceLastSubscribedInMonths": [2]}"#, "timeSinceLastSubscribedInMonths"),
        (#"{"paidSubscriptionDurationInMonths": -1}"#, "paidSubscriptionDurationInMonths"),
        (#"{"startDate": "2026-02-30"}"#, "startDate"),
        (#"{"endDate": "July 1"}"#, "endDate"),
        (#"{"startDate": "2026-07-02", "endDate": "2026-07-01"}"#, "endDate"),
        (#"{"priority": "urgent"}"#, "priority"),
    ])
    func badWinBackRulesAreRefusedAtTheirPath(rules: String, key: String) throws {
        let text = Self.full.replacingOccurrences(of: #""winBack": null"#, with: #""winBack": \#(rules)"#)
        let read = try #require(CatalogLoader.storefrontJSON(Data(text.utf8)))
        var path = "none"
        do { _ = try read.catalog() } catch { path = error.path }
        #expect(path.hasSuffix("winBackOffers[1].winBack.\(key)"), "\(path)")
    }

    /// What the reader leaves to the decoder (which refuses it, or might read it otherwise).
    @Test(arguments: [
        #"{"products": [], "products": []}"#,                                      // a key twice
        "\u{FEFF}{\"products\": []}",                                               // a byte order mark
        #"{"products": [{"id": "x", "type": "consumable", "localizations": {}, "prices": {"USA": 1e2}}]}"#,
        #"{"products": [{"id": "x", "type": "gift", "localizations": {}, "prices": {}}]}"#,
        #"{"products": [{"id": 1, "type": "consumable", "localizations": {}, "prices": {}}]}"#,
        #"{"products": [{"id": "x", "type": "consumable", "localizations": {}, "prices": {"USA": "1"}}]}"#,
        #"{"products": [{"id": "x", "type": "consumable", "familyShareable": 1, "localizations": {}, "prices": {}}]}"#,
        #"{"products": [{"id": "x", "type": "autoRenewable", "localizations": {}, "prices": {}, "subscription": {"period": "P0M"}}]}"#,
        #"{"products": [{"id": "x", "type": "autoRenewable", "localizations": {}, "prices": {}, "subscription": {"period": "P1M", "level": 1.5}}]}"#,
        #"{"products": [], "app": {}}"#,
        #"{"version": {"major": 4}, "products": []}"#,
        #"{"products": [],}"#,
        #"{"products": ["\#u{1}"]}"#,
        #"{"products": []} x"#,
        #"[]"#,
    ])
    func leavesToTheDecoder(_ text: String) {
        #expect(CatalogLoader.storefrontJSON(Data(text.utf8)) == nil)
    }

    /// `JSONValue` read by `JSONNode` where it reads it at all is what `JSONDecoder` reads.
    @Test(arguments: [
        #"{"a": 0, "b": 1, "c": -1, "d": true, "e": false, "f": null, "g": "s\n\u00e9\ud83d\ude00", "h": [], "i": {}}"#,
        #"{"list": [{"x": [1, [2, {"y": "z"}]]}], "big": 9223372036854775807, "small": -9223372036854775808}"#,
        #"{"k\"ey": "v\/"}"#,
    ])
    func valuesAsTheDecoderReadsThem(_ text: String) throws {
        let data = Data(text.utf8)
        let read = try #require(JSONNode.parse(data)?.jsonValue)
        #expect(read == .object(try JSONDecoder().decode([String: JSONValue].self, from: data)))
    }

    /// Numbers the decoder may read as another kind are left to it.
    @Test(arguments: [#"{"a": 1.5}"#, #"{"a": 2.0}"#, #"{"a": 1e3}"#, #"{"a": 9223372036854775808}"#])
    func leavesOtherNumbersToTheDecoder(_ text: String) {
        #expect(JSONNode.parse(Data(text.utf8)) != nil)
        #expect(JSONNode.parse(Data(text.utf8))?.jsonValue == nil)
    }

    /// The built-in app description, and one with every field, as the decoder reads them.
    @Test(arguments: [DefaultAppDescription.json, #"""
        {"name": "Shop \u00e9", "productIdentifiers": ["a", "b"], "credits": {"a": 5, "b": -0}, "nonRenewingPeriods": {"b": "P1Y"},
         "content": {"free": [{"id": "f", "localizations": {"en": {"title": "T", "body": "B"}, "ja": {"title": "t", "body": "b"}}}],
                     "premium": {"unlockedBy": "a", "items": []}}, "other": [1.5]}
        """#, #"{"name": null, "content": {"free": null, "premium": null}}"#, "{}"])
    func appDescriptionAsDecoded(_ text: String) throws {
        let data = Data(text.utf8)
        let read = try #require(AppDescriptionJSON.read(data))
        let decoded = try JSONDecoder().decode(AppDescriptionJSON.self, from: data)
        let catalog = try CatalogLoader.defaultCatalog()
        let periods = try decoded.periods().get()
        #expect(try read.periods().get() == periods)
        #expect(read.description(for: catalog, defaultName: "x", periods: periods)
            == decoded.description(for: catalog, defaultName: "x", periods: periods))
    }

    @Test(arguments: [#"{"credits": {"a": 1.0}}"#, #"{"name": 1}"#, #"{"content": {"premium": {"items": []}}}"#])
    func appDescriptionLeftToTheDecoder(_ text: String) {
        #expect(AppDescriptionJSON.read(Data(text.utf8)) == nil)
    }

    /// Settings read from their fields without the decoder are the settings it decodes; what
    /// it refuses is left to it.
    @Test func settingsAsDecoded() throws {
        var changed = Settings()
        changed.canMakePayments = false
        changed.account = nil
        changed.locale = "ja_JP"
        changed.storefront = "JPN"
        changed.latencyMilliseconds = 0
        changed.failWith = .paymentCancelled
        changed.timeRate = try #require(TimeRate("1d-per-s"))
        changed.gracePeriod = try #require(BillingGracePeriod.allCases.last)
        changed.refundRequests = try #require(RefundRequestPolicy.allCases.last)
        changed.dialogs = false
        for settings in [Settings(), changed] {
            let fields = settings.fields
            let decoded = try JSONDecoder().decode(Settings.self, from: try JSONEncoder().encode(fields))
            #expect(Settings(reading: fields) == decoded)
            #expect(Settings(reading: fields) == settings)
        }
        #expect(Settings(reading: [:]) == Settings())
        #expect(Settings(reading: ["account": .null, "hold": .null])?.account == nil)
        // The fields are what the encoder writes, every other API's error and a signed-out account as null.
        changed.failures[.refundRequest] = StoreAPI.refundRequest.choices.last
        changed.hold = true
        changed.billingRetry = true
        for settings in [Settings(), changed] {
            let encoded = try JSONDecoder().decode([String: JSONValue].self, from: try JSONEncoder().encode(settings))
            #expect(settings.fields == encoded)
        }
        for refused: [String: JSONValue] in [["latencyMilliseconds": .int(60_001)], ["locale": .string("nowhere")],
                                             ["network": .int(1)], ["timeRate": .string("fast")], ["gracePeriod": .string("x")],
                                             ["latencyMilliseconds": .double(5)], ["failWith": .string("noSuchError")]] {
            #expect(Settings(reading: refused) == nil)
        }
    }
}
