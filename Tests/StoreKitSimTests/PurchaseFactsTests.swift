@testable import CatalogFiles
import DataFiles
import Foundation
import Testing
@testable import AppStoreCore

/// The facts a transaction is completed with, written once.
@Suite struct PurchaseFactsTests {
    /// A purchase from before purchase facts were kept has no purchase date: a re-download of
    /// it dates its original purchase by when it was made.
    @Test func aRedownloadOfAPurchaseWithoutFactsDatesItsOriginalByItsDate() throws {
        let catalog = try CatalogLoader.defaultCatalog()
        let past = Date(timeIntervalSince1970: 1_700_000_000), now = Date(timeIntervalSince1970: 1_800_000_000)
        var records = StoreWorkingSet()
        let account = try #require(records.settings.account)
        var old = Transaction(id: String(StoreWorkingSet.firstTransactionNumber), payment: Payment(productID: ID.premium),
                              state: .purchased, date: past, account: account)
        old.queueState.finished = true
        records.transactions = [old]
        records.nextTransactionNumber += 1
        let t = try records.addPayment(Payment(productID: ID.premium), account: account, catalog: catalog, now: now)
        records.confirm(t.id, now: now)
        _ = try records.process(account: account, catalog: catalog, now: now + 60)
        let again = try #require(records.transactions.last)
        #expect(again.queueState.state == .purchased && again.reason == .redownload)
        #expect(again.originalPurchaseDate == past && again.purchaseDate == again.queueState.transactionDate && again.price == 0)
    }

    @Test func pricesAreThoseOfTheSettingsStorefrontAsItsCurrencyCharges() throws {
        let t = try Harness.plans(.inMemory) { $0.storefront = "JPN" }
        let coins = try t.buy(Plans.coins, quantity: 3)
        #expect(coins.price == 450 && coins.currency == "JPY" && coins.storefront == "JPN")
    }

    /// Ask to Buy: while a parent decides, the queue's state moves (deferred, its date the
    /// request's) and there are no purchase facts; the approval writes them, at its time.
    @Test func theQueueStateMovesWhileThePurchaseFactsWaitForTheApproval() throws {
        let t = try Harness { $0.askToBuy = true }
        let deferred = try t.buy(ID.premium)
        let asked = try t.transaction(deferred.id)
        #expect(asked.queueState.state == .deferred && asked.queueState.requestDate == asked.queueState.transactionDate)
        #expect(asked.purchaseDate == nil && asked.price == nil && asked.storefront == nil)
        t.clock.advance(by: 3600)
        try t.queue.approve(transactionID: deferred.id)
        let approved = try t.transaction(deferred.id)
        #expect(approved.queueState.state == .purchased && approved.queueState.transactionDate == t.clock.now)
        #expect(approved.purchaseDate == t.clock.now && approved.price != nil && approved.queueState.requestDate == asked.queueState.requestDate)
    }

    /// store.json kept a transaction flat: its queue's state beside its facts, under the same
    /// keys, and so it is read and written.
    @Test func aTransactionIsKeptFlatInStoreJSON() throws {
        let date = Date(timeIntervalSince1970: 1_800_000_000)
        var t = Transaction(id: "1000000001", payment: Payment(productID: ID.premium), state: .purchased, date: date,
                            purchaseFacts: PurchaseFacts(purchaseDate: date, price: 4.99))
        t.queueState.finished = true
        let data = try JSONCoding.encoder().encode(t)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(object.keys) == ["id", "productID", "quantity", "state", "date", "finished", "purchaseDate", "price"])
        #expect(try JSONCoding.decoder().decode(Transaction.self, from: data) == t)
    }

}
