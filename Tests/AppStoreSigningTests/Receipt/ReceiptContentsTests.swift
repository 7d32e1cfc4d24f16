import AppStoreCore
import Foundation
import Testing
@testable import AppStoreSigning

/// Which transactions a receipt lists, as Apple documents.
@Suite struct ReceiptContentsTests {
    typealias F = ReceiptFixtures

    func listed(_ transactions: [Transaction], account: String? = "alice") throws -> [String] {
        try AppReceipt.make(app: F.app, environment: .sandbox, account: account, transactions: transactions,
                            catalog: F.catalog, at: F.start).inAppPurchases.map(\.transactionID)
    }

    @Test func aConsumableIsListedOnlyUntilTheAppFinishesIt() throws {
        #expect(try listed([F.purchase("1", "coins", finished: false)]) == ["1"])
        #expect(try listed([F.purchase("1", "coins", finished: true)]) == [])
    }

    @Test func nonConsumablesSubscriptionsWithTheirRenewalsAndNonRenewingOnesStayListedOnceFinished() throws {
        let transactions = [
            F.purchase("1", "premium"),
            F.purchase("2", "pro.monthly", hours: 1, expires: 2),
            F.purchase("3", "pro.monthly", hours: 2, reason: .renewal, original: "2", expires: 3),
            F.purchase("4", "pass.year", hours: 3),
        ]
        #expect(try listed(transactions) == ["1", "2", "3", "4"])
    }

    @Test func restoresRedownloadsAndIncompleteTransactionsAreNotListedNorAnotherAccounts() throws {
        let transactions = [
            F.purchase("1", "premium"),
            F.purchase("2", "premium", hours: 1, state: .restored, reason: nil, original: "1"),
            F.purchase("3", "premium", hours: 2, reason: .redownload, original: "1"),
            F.purchase("4", "premium", hours: 3, state: .failed),
            F.purchase("5", "premium", hours: 4, state: .deferred, finished: false),
            F.purchase("6", "premium", account: "bob", hours: 5),
        ]
        #expect(try listed(transactions) == ["1"])
        #expect(try listed(transactions, account: "bob") == ["6"])
        #expect(try listed(transactions, account: nil) == [])
    }

    @Test func aRefundedPurchaseIsListedWithItsCancellationDate() throws {
        var refunded = F.purchase("1", "premium")
        refunded.revoke(Revocation(date: F.start + 7200.5, reason: .other, type: .refundFull, percentage: nil))
        let receipt = try AppReceipt.make(app: F.app, environment: .sandbox, account: "alice", transactions: [refunded],
                                          catalog: F.catalog, at: F.start)
        #expect(receipt.inAppPurchases.map(\.cancellationDate) == [F.start + 7200])
    }

    @Test func aSubscriptionCarriesItsExpiryOriginalOfferAndWebOrderAndTheDatesAreWholeSeconds() throws {
        let offer = TransactionOffer(type: .promotional, id: "winter", paymentMode: .payAsYouGo, period: SubscriptionPeriod(iso8601: "P1M")!)
        let renewal = F.purchase("3", "pro.monthly", hours: 2, reason: .renewal, original: "2", expires: 3, offer: offer, webOrder: "77")
        let receipt = try AppReceipt.make(app: F.app, environment: .production, account: "alice", transactions: [renewal],
                                          catalog: F.catalog, at: F.start + 0.9)
        let p = try #require(receipt.inAppPurchases.first)
        #expect(p.originalTransactionID == "2")
        #expect(p.purchaseDate == F.start + 7200)
        #expect(p.originalPurchaseDate == F.start)
        #expect(p.subscriptionExpirationDate == F.start + 3 * 3600)
        #expect(p.webOrderLineItemID == 77)
        #expect(p.promotionalOfferID == "winter")
        #expect(p.isTrialPeriod == false && p.isInIntroOfferPeriod == false)
        #expect(receipt.creationDate == F.start)
        #expect(receipt.originalApplicationVersion == "2.1")
        #expect(receipt.bundleID == "com.example.app" && receipt.appVersion == "2.1")
        // A sandbox receipt's original version is always 1.0, as Apple's.
        #expect(try AppReceipt.make(app: F.app, environment: .sandbox, account: "alice", transactions: [], catalog: F.catalog,
                                    at: F.start).originalApplicationVersion == "1.0")
    }
}
