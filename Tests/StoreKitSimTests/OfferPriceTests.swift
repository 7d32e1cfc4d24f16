@testable import CatalogFiles
import DataFiles
import Foundation
import Testing
@testable import AppStoreCore

/// An offer's price per storefront, as a product's: the catalog gives it, a .storekit file
/// keeps it, and the storefront's own price is what a purchase there is charged and shown.
@Suite struct OfferPriceTests {
    /// Pro Monthly ($10, ¥1500) with three months paid as you go at $1 or ¥150.
    static let catalog: Catalog = {
        var catalog = Plans.catalog
        catalog.products[0].subscription?.introductoryOffer = SubscriptionOffer(
            paymentMode: .payAsYouGo, period: Plans.month, periodCount: 3, price: 0, prices: ["USA": 1, "JPN": 150])
        return catalog
    }()

    private static let path = "/tmp/offer-prices.json"
    private static let japan = AppStoreStorefront.named("JPN")!
    private static let germany = AppStoreStorefront.named("DEU")!

    /// storefront's catalog with one plan sold in `sold` and its introductory offer as `offer`.
    private func catalogText(offer: String, sold: String = #"{"USA": 4.99, "JPN": 800}"#) -> Data {
        Data("""
        {"products": [{"id": "plus.monthly", "type": "autoRenewable",
          "localizations": {"en": {"title": "Plus", "description": "Plus."}}, "prices": \(sold),
          "subscription": {"period": "P1M", "introductoryOffer": \(offer)}}]}
        """.utf8)
    }

    private func refusal(_ data: Data) throws -> DataFileError {
        try #require(throws: DataFileError.self) { try CatalogLoader.decode(data, path: Self.path) }
    }

    // MARK: The catalog

    @Test func theCatalogGivesAnOffersPricePerStorefrontAndOneForTheOthers() throws {
        let perStorefront = try CatalogLoader.decode(catalogText(offer: """
            {"paymentMode": "payAsYouGo", "period": "P1M", "periods": 3, "prices": {"USA": 0.99, "JPN": 100}}
            """), path: Self.path)
        let offer = try #require(perStorefront.products.first?.subscription?.introductoryOffer)
        #expect(offer.prices == ["USA": Decimal(string: "0.99"), "JPN": 100])
        #expect(offer.price(in: AppStoreStorefront.unitedStates) == Decimal(string: "0.99"))
        #expect(offer.price(in: Self.japan) == 100)
        // One price for every storefront but those named, as written (rounded to the currency).
        let withOthers = try CatalogLoader.decode(catalogText(offer: """
            {"paymentMode": "payUpFront", "period": "P3M", "price": 2.99, "prices": {"JPN": 400}}
            """, sold: #"{"USA": 4.99, "JPN": 800, "DEU": 5.49}"#), path: Self.path)
        let upFront = try #require(withOthers.products.first?.subscription?.introductoryOffer)
        #expect(upFront.price(in: Self.japan) == 400)
        #expect(upFront.price(in: Self.germany) == Decimal(string: "2.99"))
    }

    @Test func anOfferPricedInAStorefrontTheAppStoreDoesNotHaveIsRefusedAtItsPath() throws {
        let error = try refusal(catalogText(offer: """
            {"paymentMode": "payAsYouGo", "period": "P1M", "prices": {"USA": 0.99, "JPN": 100, "XYZ": 1}}
            """))
        #expect(error.location == "$.products[0].subscription.introductoryOffer.prices.XYZ")
        #expect(error.problem.hasPrefix("\"XYZ\" is not an App Store storefront"))
        #expect(error.summary.hasPrefix("\(Self.path): $.products[0].subscription.introductoryOffer.prices.XYZ: "))
    }

    @Test func anOfferPricedWhereItsProductIsNotSoldIsRefused() throws {
        let error = try refusal(catalogText(offer: """
            {"paymentMode": "payUpFront", "period": "P1M", "price": 1.99, "prices": {"GBR": 1.49}}
            """))
        #expect(error.location == "$.products[0].subscription.introductoryOffer.prices.GBR")
        #expect(error.problem == "plus.monthly is not sold in GBR (it has no price there): an offer has a price only where its product has one")
    }

    @Test func anOfferWithoutAPriceWhereItsProductIsSoldIsRefused() throws {
        let error = try refusal(catalogText(offer: """
            {"paymentMode": "payAsYouGo", "period": "P1M", "prices": {"USA": 0.99}}
            """))
        #expect(error.location == "$.products[0].subscription.introductoryOffer.prices")
        #expect(error.problem.hasPrefix("no price for JPN, where the product is sold"))
        #expect(error.summary.hasPrefix("\(Self.path): $.products[0].subscription.introductoryOffer.prices: no price for JPN"))
    }

    @Test func anOfferPriceWithMoreDecimalsThanItsStorefrontsIsRefused() throws {
        let error = try refusal(catalogText(offer: """
            {"paymentMode": "payAsYouGo", "period": "P1M", "prices": {"USA": 0.99, "JPN": 99.5}}
            """))
        #expect(error.location == "$.products[0].subscription.introductoryOffer.prices.JPN")
        #expect(error.problem == "99.5 has more decimal places than JPN prices have (0)")
    }

    /// storefront's own key in a .storekit file, as for a product: written and read back, each
    /// storefront at its price, and Xcode's `displayPrice` the United States' (not 0, which
    /// Xcode would charge).
    @Test func aStoreKitFileKeepsAnOffersPricesPerStorefront() throws {
        let written = try StoreKitCatalogWriter.data(Self.catalog)
        let text = String(decoding: written.data, as: UTF8.self)
        #expect(text.contains("\"storefrontPrices\" : {\n"), "\(text)")
        let file = try StoreKitFileReader.read(written.data, path: "offers.storekit")
        let intro = try #require(file.subscriptionGroups.first?.subscriptions.first { $0.productID == Plans.proMonthly }?.introductoryOffer)
        #expect(intro.displayPrice == "1" && intro.storefrontPrices == ["USA": "1", "JPN": "150"])
        let again = try #require(try CatalogLoader.decode(written.data, path: "offers.storekit").product(Plans.proMonthly)?.subscription?.introductoryOffer)
        #expect(again.prices == ["USA": 1, "JPN": 150] && again.periodCount == 3 && again.paymentMode == .payAsYouGo)
        #expect(again.price(in: Self.japan) == 150 && again.price(in: .unitedStates) == 1)
        // Read back as the catalog gave it: the displayed price is no price for the others.
        // Failed before: it read back as a price "elsewhere" the catalog never gave.
        #expect(again == Self.catalog.products[0].subscription?.introductoryOffer, "\(again)")
    }

    /// An offer with a price for the other storefronts beside its own keeps it through the file.
    @Test func aStoreKitFileKeepsAnOffersPriceForTheOthers() throws {
        var catalog = Self.catalog
        catalog.products[0].subscription?.introductoryOffer?.price = 2
        let written = try StoreKitCatalogWriter.data(catalog)
        let again = try CatalogLoader.decode(written.data, path: "offers.storekit").product(Plans.proMonthly)?.subscription?.introductoryOffer
        #expect(again == catalog.products[0].subscription?.introductoryOffer, "\(String(describing: again))")
    }

    // MARK: What a storefront sells and charges

    @Test func aProductGivesItsOffersAtItsStorefrontsPrice() throws {
        let entry = Self.catalog.products[0]
        let japan = try #require(Product(entry, storefront: Self.japan, locale: "ja_JP"))
        #expect(japan.introductoryOffer?.price == 150)
        #expect(japan.formatted(try #require(japan.introductoryOffer).price) == "¥150")
        let us = try #require(Product(entry, storefront: .unitedStates, locale: "en_US"))
        #expect(us.introductoryOffer?.price == 1)
    }

    /// Failed before: the one offer price was charged in yen as written, ¥1.
    @Test func aPurchaseInJapanIsChargedTheOffersJapanesePriceForItsPeriods() throws {
        let t = try Harness.plans(.inMemory, catalog: Self.catalog) { $0.storefront = "JPN" }
        let bought = try t.buy(Plans.proMonthly)
        #expect(bought.price == 150 && bought.currency == "JPY" && bought.storefront == "JPN")
        let status = try #require(try t.records.status(of: bought.account, group: Plans.group))
        #expect(try t.records.nextRenewal(of: status, catalog: Self.catalog)?.price == 150)
        var prices: [Decimal?] = []
        var end = try #require(bought.expirationDate)
        for _ in 0..<3 {
            try t.advance(to: end, plus: 1)
            let renewal = try #require(try t.records.transactions.last)
            prices.append(renewal.price)
            end = try #require(renewal.expirationDate)
        }
        #expect(prices == [150, 150, 1500], "the offer's other two periods at its yen price, then the plan's")
    }

    /// The screens say for how long the offer goes on: the renewals left at its price, counted
    /// down to none once the last of its periods is the current one.
    @Test func theNextRenewalCountsTheOffersPeriodsLeft() throws {
        let t = try Harness.plans(.inMemory, catalog: Self.catalog)
        let bought = try t.buy(Plans.proMonthly)
        var left: [Int?] = []
        var end = try #require(bought.expirationDate)
        for _ in 0..<3 {
            let status = try #require(try t.records.status(of: bought.account, group: Plans.group))
            let terms = try t.records.nextRenewal(of: status, catalog: Self.catalog)
            left.append(terms?.offerPeriodsLeft)
            if terms?.offer != nil { #expect(terms?.offerPeriodLeft == SubscriptionPeriod(value: terms?.offerPeriodsLeft ?? 0, unit: .month)) }
            try t.advance(to: end, plus: 1)
            end = try #require(try t.records.transactions.last?.expirationDate)
        }
        #expect(left == [2, 1, nil], "two renewals at the offer's price, one, then the plan's")
    }
}
