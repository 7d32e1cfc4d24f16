import Foundation

extension StoreWorkingSet {
    /// A purchase `account` made outside this app (SKTestSession.buyProduct): on
    /// another of its devices, or in the App Store. It completed there, so this device's
    /// conditions (restrictions, Ask to Buy, the network, an injected error) play no part: the
    /// store makes it purchased at once, and it waits unfinished in the queue until the app
    /// hears of it and finishes it, live or at its next launch. A subscription goes through the
    /// lifecycle as any purchase of its group does (a first subscribe, a resubscribe, a plan change).
    /// With `offerCode` (SKTestSession.buyProduct's `codeOffer(referenceName:)`) the account
    /// redeemed that offer code of the subscription: it starts at the offer's terms.
    /// `account` nil (signed out) is refused.
    package mutating func buyOutsideApp(_ payment: Payment, account: String?, offerCode: String? = nil, catalog: Catalog,
                                now: Date) throws -> Transaction {
        guard let account else { throw StoreError.notSignedIn }
        let (entry, product) = try soldHere(payment.productID, catalog: catalog)
        guard (1...product.maximumQuantity).contains(payment.quantity) else {
            throw StoreError.invalidQuantity(payment.quantity, of: entry.id, maximum: product.maximumQuantity)
        }
        let code = try offerCode.map { try redeemable($0, of: entry, for: account, now: now) }
        // Elsewhere it is only downloaded again: nothing new reaches this app.
        if entry.type == .nonConsumable, completedPurchases(of: account).contains(where: { $0.productID == entry.id }) {
            throw StoreAdminError.alreadyPurchased(entry.id)
        }
        if let refusal = purchaseRefusal(entry.id, account: account, catalog: catalog) { throw refusal }
        let bought = Transaction(id: try makeTransactionID(), payment: payment, state: .purchasing, date: now,
                                 account: account, reason: .outsideApp)
        transactions.append(bought)
        return try purchase(at: transactions.count - 1, catalog: catalog, now: now, offerCode: code)
    }

    /// The customer typed `code` into the App Store's offer code sheet (`presentCodeRedemptionSheet`):
    /// the subscription whose offer code it is, sold here, starts at the offer's terms, as a
    /// purchase the app did not start.
    package mutating func redeemOfferCode(_ code: String, account: String?, catalog: Catalog, now: Date) throws -> Transaction {
        let typed = code.trimmingCharacters(in: .whitespaces)
        guard let entry = catalog.products.first(where: {
            $0.subscription?.offerCode(named: typed) != nil && (try? soldHere($0.id, catalog: catalog)) != nil
        }) else { throw StoreAdminError.noSuchOfferCode(typed, productID: nil) }
        return try buyOutsideApp(Payment(productID: entry.id), account: account, offerCode: typed, catalog: catalog, now: now)
    }

    /// The offer code `code` of `entry`, if `account` may redeem it now: one that starts a
    /// subscription, so not while the account has a plan of the group.
    private func redeemable(_ code: String, of entry: CatalogProduct, for account: String, now: Date) throws -> SubscriptionOffer {
        guard entry.type == .autoRenewable, let offer = entry.subscription?.offerCode(named: code) else {
            throw StoreAdminError.noSuchOfferCode(code, productID: entry.id)
        }
        if let group = entry.subscriptionGroupID, let status = status(of: account, group: group), status.isActive(at: now) {
            throw StoreAdminError.offerCodeWhileSubscribed(code, productID: status.productID)
        }
        return offer
    }

    /// `productID` as the store sells it here, for a store-side purchase: refused when the
    /// catalog lacks it or the storefront does not sell it.
    func soldHere(_ productID: String, catalog: Catalog) throws -> (CatalogProduct, Product) {
        guard let entry = catalog.product(productID) else { throw StoreAdminError.noSuchProduct(productID) }
        guard let product = Product(entry, storefront: settings.appStoreStorefront, locale: settings.locale) else {
            throw StoreAdminError.notSoldIn(productID, storefront: settings.appStoreStorefront.id)
        }
        return (entry, product)
    }
}
