import Foundation

extension StoreWorkingSet {
    /// `account` taps Buy on `productID`'s App Store product page: the purchase waits for the
    /// app (`purchaseIntents`), replacing one of the same product. Refused when signed out
    /// (nil), or for a product the store does not sell here.
    package mutating func promote(_ productID: String, account: String?, catalog: Catalog, now: Date) throws -> PurchaseIntent {
        guard let account else { throw StoreError.notSignedIn }
        _ = try soldHere(productID, catalog: catalog)
        let intent = PurchaseIntent(account: account, productID: productID, date: now)
        purchaseIntents.removeAll { $0.account == account && $0.productID == productID }
        purchaseIntents.append(intent)
        newEvents.append(StoreEvent(date: now, kind: .purchaseIntent, account: account, productID: productID))
        return intent
    }

    /// The app added a payment for `productID` for `account`: a purchase the product page
    /// started for it is continued (or, bought from within the app meanwhile, done), and waits no more.
    package mutating func fulfillIntent(of productID: String, account: String) {
        purchaseIntents.removeAll { $0.account == account && $0.productID == productID }
    }

    /// The signed-in account's promoted purchases waiting for the app, oldest first.
    public var waitingIntents: [PurchaseIntent] {
        purchaseIntents.filter { $0.account == settings.account }
    }
}
