import Foundation

extension StoreRecords {
    /// A purchase the signed-in account made outside this app (SKTestSession.buyProduct): on
    /// another of its devices, or in the App Store. It completed there, so this device's
    /// conditions (restrictions, Ask to Buy, the network, an injected error) play no part: the
    /// store makes it purchased at once, and it waits unfinished in the queue until the app
    /// hears of it and finishes it, live or at its next launch. A subscription goes through the
    /// lifecycle as any purchase of its group does (a first subscribe, a resubscribe, a plan change).
    mutating func buyOutsideApp(_ payment: Payment, catalog: Catalog, now: Date) throws -> Transaction {
        guard let account = settings.account else { throw StoreError.notSignedIn }
        let (entry, product) = try soldHere(payment.productID, catalog: catalog)
        guard (1...product.maximumQuantity).contains(payment.quantity) else {
            throw StoreError.invalidQuantity(payment.quantity, of: entry.id, maximum: product.maximumQuantity)
        }
        // Elsewhere it is only downloaded again: nothing new reaches this app.
        if entry.type == .nonConsumable, owns(entry.id) { throw QueueError.alreadyPurchased(entry.id) }
        if let refusal = purchaseRefusal(entry.id, catalog: catalog) { throw refusal }
        var bought = Transaction(id: try makeTransactionID(), payment: payment, state: .purchasing, date: now)
        bought.account = account
        bought.reason = .outsideApp
        transactions.append(bought)
        try purchase(at: transactions.count - 1, catalog: catalog, now: now)
        return transactions.last { $0.id == bought.id } ?? bought
    }

    /// `productID` as the store sells it here, for a store-side purchase: refused when the
    /// catalog lacks it or the storefront does not sell it.
    func soldHere(_ productID: String, catalog: Catalog) throws -> (CatalogProduct, Product) {
        guard let entry = catalog.product(productID) else { throw QueueError.noSuchProduct(productID) }
        guard let product = Product(entry, storefront: settings.appStoreStorefront, locale: settings.locale) else {
            throw QueueError.notSoldIn(productID, storefront: settings.appStoreStorefront.id)
        }
        return (entry, product)
    }
}
