import AppStoreCore
import Foundation
@testable import AppStoreSigning

/// Products of each type and transactions of them, made as the store makes them.
enum ReceiptFixtures {
    static let app = ReceiptApp(bundleID: "com.example.app", appVersion: "2.1", sharedSecret: "secret")
    static let start = Date(timeIntervalSince1970: 1_893_488_400)  // 2030-01-01T09:00:00Z

    static let catalog = Catalog(products: [
        product("coins", .consumable), product("premium", .nonConsumable),
        product("pro.monthly", .autoRenewable), product("pass.year", .nonRenewing),
    ])

    static func product(_ id: String, _ type: ProductType) -> CatalogProduct {
        CatalogProduct(id: id, type: type, localizations: [ProductLocalization(locale: "en", title: id, description: "")],
                       price: .perStorefront(["USA": 1]))
    }

    /// A completed purchase of `product` by `account`, `hours` after the start.
    static func purchase(_ id: String, _ product: String, account: String = "alice", hours: Double = 0,
                         state: TransactionState = .purchased, reason: TransactionReason? = .purchase,
                         original: String? = nil, finished: Bool = true, expires: Double? = nil,
                         offer: TransactionOffer? = nil, webOrder: String? = nil) -> Transaction {
        let date = start + hours * 3600
        let completed = state == .purchased || state == .restored
        var t = Transaction(
            id: id, payment: Payment(productID: product), state: state, date: date, account: account, reason: reason,
            originalTransactionID: original,
            purchaseFacts: completed ? PurchaseFacts(purchaseDate: date + 0.25, originalPurchaseDate: start + 0.25,
                                                     offer: offer, expiresDate: expires.map { start + $0 * 3600 },
                                                     webOrderLineItemID: webOrder) : PurchaseFacts())
        t.queueState.finished = finished
        return t
    }
}
