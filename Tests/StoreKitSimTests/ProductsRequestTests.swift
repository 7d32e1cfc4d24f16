@testable import CatalogFiles
import Foundation
import SampleApp
import Testing
@testable import AppStoreCore
@testable import StoreKitSim

@Suite struct ProductsRequestTests {
    @Test func productsAndInvalidIdentifiersInTheOrderAsked() throws {
        let t = try Harness()
        let asked = [ID.credits10, ID.retiredTheme, ID.premium, ID.credits50, ID.monthly]
        let response = try ProductsRequest(productIdentifiers: asked, store: t.store).answer()
        #expect(response.products.map(\.id) == [ID.credits10, ID.premium, ID.monthly])
        #expect(response.invalidProductIdentifiers == [ID.retiredTheme, ID.credits50])
    }

    @Test func theAppsOwnIdentifiersSplitEightValidTwoInvalid() throws {
        let t = try Harness()
        let response = try ProductsRequest(productIdentifiers: AppDescription.builtIn.productIdentifiers, store: t.store).answer()
        #expect(response.products.map(\.id) == [ID.premium, ID.credits5, ID.credits10, ID.monthly, ID.proYearly, ID.proStudent,
                                                ID.liteMonthly, ID.yearly])
        #expect(response.invalidProductIdentifiers == [ID.credits50, ID.retiredTheme])
    }

    @Test func localizedTitleAndPriceInTheUSStorefront() throws {
        let t = try Harness()
        let response = try ProductsRequest(productIdentifiers: [ID.premium, ID.credits5, ID.yearly], store: t.store).answer()
        let premium = response.products[0]
        #expect(premium.localizedTitle == "Premium Quotes")
        #expect(premium.localizedDescription.hasPrefix("Unlock six premium quotes"))
        #expect(premium.formattedPrice == "$2.99")
        #expect(premium.storefront.currency == "USD")
        #expect(premium.type == .nonConsumable)
        #expect(response.products[1].formattedPrice(quantity: 3) == "$2.97")
        #expect(response.products[2].formattedPrice == "$29.99")
    }

    @Test func localizedTitleAndPriceInTheJapaneseStorefront() throws {
        let t = try Harness { $0.storefront = "JPN"; $0.locale = "ja_JP" }
        let response = try ProductsRequest(productIdentifiers: [ID.premium, ID.yearly, ID.monthly], store: t.store).answer()
        let premium = response.products[0]
        #expect(premium.localizedTitle == "プレミアム名言集")
        #expect(premium.formattedPrice == "¥480")
        #expect(premium.storefront.currency == "JPY")
        #expect(response.products[1].formattedPrice == "¥4,800", "thousands grouped, no fraction digits")
        #expect(response.products[2].localizedTitle == "プロ 月額プラン")
    }

    @Test func switchingStorefrontChangesTheNextAnswer() throws {
        let t = try Harness()
        let request = ProductsRequest(productIdentifiers: [ID.credits10], store: t.store)
        #expect(try request.answer().products.first?.formattedPrice == "$1.99")
        try t.set { $0.storefront = "JPN"; $0.locale = "ja_JP" }
        #expect(try request.answer().products.first?.formattedPrice == "¥320")
    }

    @Test func subscriptionDetailsComeWithTheProduct() throws {
        let t = try Harness()
        let response = try ProductsRequest(productIdentifiers: [ID.monthly, ID.yearly, ID.credits5], store: t.store).answer()
        #expect(response.products[0].subscriptionPeriod == SubscriptionPeriod(value: 1, unit: .month))
        #expect(response.products[0].freeTrial == SubscriptionOffer(paymentMode: .freeTrial, period: SubscriptionPeriod(value: 1, unit: .week)))
        #expect(response.products[0].subscriptionGroup == "pro")
        #expect(response.products[1].subscriptionPeriod == SubscriptionPeriod(value: 1, unit: .year))
        #expect(response.products[1].freeTrial == nil)
        #expect(response.products.map(\.maximumQuantity) == [1, 1, 10])
    }

    @Test func networkOffThrowsNotConnected() throws {
        let t = try Harness { $0.network = false }
        #expect(throws: StoreError.notConnected) {
            try ProductsRequest(productIdentifiers: [ID.premium], store: t.store).answer()
        }
        #expect(StoreError.notConnected.domain == StoreError.networkDomain)
        #expect(StoreError.notConnected.code == -1009)
        try t.set { $0.network = true }
        #expect(try ProductsRequest(productIdentifiers: [ID.premium], store: t.store).answer().products.count == 1)
    }

    @Test func theAnswerComesAfterTheLatency() throws {
        let t = try Harness()
        var request = ProductsRequest(productIdentifiers: [ID.premium], store: t.store)
        #expect(try request.response() == nil, "not started")
        try request.start()
        #expect(request.dueDate == t.clock.now + Harness.latency)
        t.clock.advance(by: Harness.latency / 2)
        #expect(try request.response() == nil, "on its way")
        t.clock.advance(by: Harness.latency / 2)
        #expect(try request.response()?.get().products.map(\.id) == [ID.premium])
    }

    @Test func theAnswerFollowsTheNetworkWhenItIsDue() throws {
        let t = try Harness()
        var request = ProductsRequest(productIdentifiers: [ID.premium], store: t.store)
        try request.start()
        try t.set { $0.network = false }
        t.clock.advance(by: Harness.latency)
        #expect(try request.response() == .failure(.notConnected))
    }

    @Test func productsStillLoadWhenPaymentsAreRestricted() throws {
        let t = try Harness { $0.canMakePayments = false }
        let response = try ProductsRequest(productIdentifiers: [ID.premium, ID.credits5], store: t.store).answer()
        #expect(response.products.count == 2)
    }

    @Test func aProductWithNoPriceInTheStorefrontIsInvalidThere() throws {
        var catalog = try CatalogLoader.defaultCatalog()
        let index = try #require(catalog.products.firstIndex { $0.id == ID.yearly })
        catalog.products[index].price = .perStorefront(["USA": 29.99])
        let t = try Harness(catalog: catalog) { $0.storefront = "JPN" }
        let response = try ProductsRequest(productIdentifiers: [ID.yearly, ID.premium], store: t.store).answer()
        #expect(response.products.map(\.id) == [ID.premium])
        #expect(response.invalidProductIdentifiers == [ID.yearly])
        try t.set { $0.storefront = "USA" }
        #expect(try ProductsRequest(productIdentifiers: [ID.yearly], store: t.store).answer().products.count == 1)
    }

    @Test func anUnknownStorefrontSettingFallsBackToTheUnitedStates() throws {
        let t = try Harness { $0.storefront = "XYZ" }
        let response = try ProductsRequest(productIdentifiers: [ID.premium], store: t.store).answer()
        #expect(response.products.first?.storefront.id == "USA")
        #expect(response.products.first?.formattedPrice == "$2.99")
    }

    @Test func pricesFollowTheCurrencyAndTheDevicesLocale() throws {
        let usa = try #require(AppStoreStorefront.named("USA"))
        let jpn = try #require(AppStoreStorefront.named("JPN"))
        let deu = try #require(AppStoreStorefront.named("DEU"))
        #expect(usa.format(Decimal(string: "1234.5")!, locale: "en_US") == "$1,234.50")
        #expect(usa.format(Decimal(string: "0.99")!, locale: "en_US") == "$0.99")
        #expect(jpn.format(Decimal(string: "4800")!, locale: "en_US") == "¥4,800")
        #expect(jpn.format(Decimal(string: "480")!, locale: "ja_JP") == "¥480")
        #expect(jpn.format(Decimal(string: "0")!, locale: "ja_JP") == "¥0")
        // The euro after the amount where the locale writes it so, before it where not.
        #expect(deu.format(Decimal(string: "4.99")!, locale: "de_DE") == "4,99\u{a0}€")
        #expect(deu.format(Decimal(string: "4.99")!, locale: "en_US") == "€4.99")
        // A price with more decimals than its currency (a .storekit price, never converted) is
        // shown in the currency's own decimal places, rounded half up: no App Store shows ¥0.99.
        #expect(jpn.format(Decimal(string: "0.99")!, locale: "ja_JP") == "¥1")
        #expect(jpn.format(Decimal(string: "4.5")!, locale: "ja_JP") == "¥5", "half up, not to the even ¥4")
        #expect(jpn.format(Decimal(string: "4.49")!, locale: "ja_JP") == "¥4")
        #expect(usa.format(Decimal(string: "2.995")!, locale: "en_US") == "$3.00")
        #expect(usa.fractionDigits == 2 && jpn.fractionDigits == 0)
    }

    /// ISO 4217's minor units, one rule for every price's decimals whatever the platform's
    /// formatting data says: none for the yen, the won, the dong and the Chilean peso, two for
    /// the rupiah (which some formatting data writes without).
    @Test func eachCurrencyHasISO4217sDecimalPlaces() throws {
        for (id, digits) in [("JPN", 0), ("KOR", 0), ("VNM", 0), ("CHL", 0), ("USA", 2), ("IDN", 2), ("PAK", 2), ("DEU", 2)] {
            #expect(AppStoreStorefront.named(id)?.fractionDigits == digits, "\(id)")
        }
        #expect(AppStoreStorefront.named("IDN")?.format(15_000, locale: "en_US").hasSuffix("15,000.00") == true)
        #expect(AppStoreStorefront.named("KOR")?.format(Decimal(string: "1200.5")!, locale: "ko_KR") == "₩1,201")
    }
}
