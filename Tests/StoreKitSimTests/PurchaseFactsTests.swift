@testable import CatalogFiles
import Foundation
import Testing
@testable import StoreKitSim

/// The facts a transaction is completed with, written once.
@Suite struct PurchaseFactsTests {
    /// A purchase from before purchase facts were kept has no purchase date: a re-download of
    /// it dates its original purchase by when it was made.
    @Test func aRedownloadOfAPurchaseWithoutFactsDatesItsOriginalByItsDate() throws {
        let catalog = try CatalogLoader.defaultCatalog()
        let past = Date(timeIntervalSince1970: 1_700_000_000), now = Date(timeIntervalSince1970: 1_800_000_000)
        var records = StoreRecords()
        var old = Transaction(id: String(StoreRecords.firstTransactionNumber), payment: Payment(productID: ID.premium),
                              state: .purchased, date: past)
        old.account = records.settings.account
        old.finished = true
        records.transactions = [old]
        records.nextTransactionNumber += 1
        let t = try records.addPayment(Payment(productID: ID.premium), catalog: catalog, now: now)
        records.confirm(t.id, now: now)
        _ = try records.process(catalog: catalog, now: now + 60)
        let again = try #require(records.transactions.last)
        #expect(again.state == .purchased && again.reason == .redownload)
        #expect(again.originalPurchaseDate == past && again.purchaseDate == again.date && again.price == 0)
    }

    @Test func pricesAreThoseOfTheSettingsStorefrontAsItsCurrencyCharges() throws {
        let t = try Harness.plans(.inMemory) { $0.storefront = "JPN" }
        let coins = try t.buy(Plans.coins, quantity: 3)
        #expect(coins.price == 450 && coins.currency == "JPY" && coins.storefront == "JPN")
    }
}
