import Foundation

/// The App Store's side, as Xcode's SKTestSession offers it: for a subscription, expire it,
/// force a renewal, turn auto-renew off or on, fix a billing issue, raise a price and agree to
/// it; buy outside the app; and answer Ask to Buy and interrupted purchases. A method naming a
/// product acts for the account it is given (SKTestSession's device's, the signed-in account,
/// resolved where it is named: no rule reads the signed-in setting); an operation naming a
/// transaction acts on that transaction's account (`StoreAdmin.Operation`). It stands
/// on the store and changes it itself (`AppStore.change`), and returns what it made; an app open
/// on a queue hears the results when its queue reads the store again (the caller that has one
/// open lets it, at once).
/// A request that cannot apply is refused with a `StoreAdminError`.
public final class StoreAdmin {
    public let store: AppStore

    public init(store: AppStore) {
        self.store = store
    }

    var catalog: Catalog { store.catalog }

    /// A change on the store's side, made by the store itself in one write transaction
    /// (`AppStore.change`): what is due by store time first (a restore in flight stays due for
    /// the queue that asked for it), then `body`. Returns `body`'s value.
    func storeSideChange<T>(including ids: Set<String> = [], _ body: (inout StoreWorkingSet, Date) throws -> T) throws -> T {
        try store.change(including: ids, dueFirst: true, body).value
    }

    /// SKTestSession.expireSubscription(productIdentifier:): ends it now.
    public func expireSubscription(_ productID: String, account: String?) throws {
        try change(.expireNow, productID, account: account)
    }

    /// SKTestSession.forceRenewalOfSubscription(productIdentifier:): the period ends now and
    /// the store renews as it would at its end (or fails to, or lets it expire).
    public func forceRenewal(_ productID: String, account: String?) throws {
        try change(.renewNow, productID, account: account)
    }

    /// Manage Subscriptions' Cancel Subscription (off) and resubscribe (on).
    public func setAutoRenew(_ productID: String, on: Bool, account: String?) throws {
        try change(.setAutoRenew(on), productID, account: account)
    }

    /// SKTestSession.resolveIssueForTransaction: the subscriber fixed the payment method, and
    /// the failing renewal goes through.
    public func resolveBillingIssue(_ productID: String, account: String?) throws {
        try change(.fixBilling, productID, account: account)
    }

    /// The store sets `productID`'s price in `storefront` (the settings' when nil): with
    /// `consentNeeded` (SKTestSession.requestPriceIncreaseConsent) subscribers must agree by
    /// their renewal or it expires; without, they are told and renew at it. Nil: the store's
    /// default, consent for a rise (`PriceChange.needsConsent`); a fall never needs it.
    public func requestPriceIncrease(_ productID: String, storefront: String? = nil, price: Decimal,
                                     consentNeeded: Bool?) throws {
        try storeSideChange { records, now in
            try records.changePrice(of: productID, in: storefront ?? records.settings.storefront, to: price,
                                    consentNeeded: consentNeeded, catalog: catalog, now: now)
        }
    }

    /// The subscriber agreed to the price increase (the consent sheet's button).
    public func agreeToPriceIncrease(_ productID: String, account: String?) throws {
        try change(.agreeToPriceIncrease, productID, account: account)
    }

    /// SKTestSession.declinePriceIncreaseForTransaction: the subscriber declined the price
    /// increase, which cancels the subscription (auto-renew off); it runs to its period's end.
    public func declinePriceIncrease(_ productID: String, account: String?) throws {
        try change(.declinePriceIncrease, productID, account: account)
    }

    // MARK: Purchases

    /// SKTestSession.buyProduct: `account` buys `productID` outside the app (on another
    /// device, in the App Store), a subscription at `terms` (its offer, whether it renews).
    /// Returns the purchased transaction, which an app open on a queue hears of when it reads
    /// the store again, and any other at its next launch.
    @discardableResult
    public func buyOutsideApp(_ productID: String, quantity: Int = 1, terms: OutsidePurchaseTerms = .init(),
                              account: String?) throws -> Transaction {
        try storeSideChange { records, now in
            try records.buyOutsideApp(Payment(productID: productID, quantity: quantity, billingPlanType: terms.billingPlanType), account: account,
                                      terms: terms, catalog: catalog, now: now)
        }
    }

    /// `account` redeems the offer code `code` in the App Store: of `productID`
    /// (SKTestSession.buyProduct with `codeOffer(referenceName:)`), or (nil) of whichever
    /// subscription sold here has it, as the offer code sheet finds it. The subscription starts
    /// at the offer's terms, and reaches the app as a purchase made outside it.
    @discardableResult
    public func redeemOfferCode(_ code: String, productID: String? = nil, account: String?) throws -> Transaction {
        try storeSideChange { records, now in
            if let productID {
                try records.buyOutsideApp(Payment(productID: productID), account: account, terms: .init(offer: .code(code)),
                                          catalog: catalog, now: now)
            } else {
                try records.redeemOfferCode(code, account: account, catalog: catalog, now: now)
            }
        }
    }

    /// `account` taps Buy on `productID`'s App Store product page (a promoted In-App Purchase):
    /// the purchase waits for the app, which an app open on a queue hears of when it reads the
    /// store again (`shouldAddStorePayment`), and any other at its next launch.
    @discardableResult
    public func promote(_ productID: String, account: String?) throws -> PurchaseIntent {
        try storeSideChange { records, now in
            try records.promote(productID, account: account, catalog: catalog, now: now)
        }
    }

    // MARK: Ask to Buy and interruptions

    public func approve(transactionID id: String) throws {
        _ = try store.change(including: [id]) { records, now in try records.approve(id, catalog: catalog, now: now) }
    }

    public func decline(transactionID id: String) throws {
        _ = try store.change(including: [id]) { records, now in try records.decline(id, now: now) }
    }

    /// Returns the new transaction that completes the interrupted purchase.
    @discardableResult
    public func resolve(transactionID id: String) throws -> Transaction {
        try store.change(including: [id]) { records, now in try records.resolve(id, catalog: catalog, now: now) }.value
    }

    // MARK: The history (Xcode's Transaction Manager)

    /// SKTestSession.refundTransaction(identifier:): the App Store refunds the purchase `id` and
    /// revokes it; an app open on the queue hears it as an update with a revocation.
    public func refundTransaction(_ id: String, _ refund: Refund = Refund()) throws {
        try storeSideChange(including: try samePurchase(as: id)) { records, now in
            try records.refund(id, refund, catalog: catalog, now: now)
        }
    }

    /// The user submits the refund request sheet (`Transaction.beginRefundRequest(for:in:)`)
    /// for `account`'s purchase `id`: the App Store answers as
    /// `Settings.refundRequests` says, and an approval reaches an app open on the queue as an
    /// update with a revocation.
    @discardableResult
    public func requestRefund(_ id: String, reason: RefundRequestReason, account: String?) throws -> RefundRequest {
        try storeSideChange(including: [id]) { records, now in
            try records.requestRefund(id, account: account, reason: reason, catalog: catalog, now: now)
        }
    }

    /// The App Store answers the waiting refund request for `id`: approved (refunded with
    /// `refund`, in full when nil, and revoked) or declined (nothing changes for the app).
    public func answerRefundRequest(_ id: String, approved: Bool, refund: Refund? = nil) throws {
        try storeSideChange(including: [id]) { records, now in
            try records.answerRefundRequest(id, approved: approved, refund: refund, catalog: catalog, now: now)
        }
    }

    /// SKTestSession.deleteTransaction(identifier:): the transaction leaves the history, with
    /// its renewals and restores.
    public func deleteTransaction(_ id: String) throws {
        try storeSideChange(including: try withChildren(id)) { records, now in
            try records.deleteTransaction(id, catalog: catalog, now: now)
        }
    }

    /// SKTestSession.clearTransactions(): `account`'s purchase history goes, the store's
    /// settings stay.
    public func clearPurchaseHistory(of account: String?) throws {
        try storeSideChange { records, now in try records.clearPurchaseHistory(of: account, now: now) }
    }

    /// `id`, the purchase it stands for and that purchase's re-downloads: what a refund of it
    /// revokes, for the records to hold (a store.sqlite's hold only each product's first and
    /// latest purchase).
    private func samePurchase(as id: String) throws -> Set<String> {
        let storage = store.storage
        guard let t = try storage.transaction(id), let account = t.account else { return [id] }
        let redownloads = try storage.purchases(of: account, productIDs: [t.productID])
            .filter { $0.isRedownload(of: t.purchaseID) }
        return Set([id, t.purchaseID] + redownloads.map(\.id))
    }

    /// `id` and its child transactions (`Transaction.children`), wherever they are in the
    /// history: what deleting it takes with it, for the records to hold, and for a renewal the
    /// latest period of its subscription left. They are the account's,
    /// of its product or, for a subscription, of its group's.
    private func withChildren(_ id: String) throws -> Set<String> {
        let storage = store.storage
        guard let t = try storage.transaction(id), let account = t.account else { return [id] }
        let group = catalog.product(t.productID)?.subscriptionGroupID
        let products = group.map { group in catalog.products.filter { $0.subscriptionGroupID == group }.map(\.id) } ?? [t.productID]
        let related = try products.flatMap { product in
            try storage.transactions(matching: TransactionQuery(account: account, productID: product, limit: Self.everyOne)).transactions
        }
        let deleted = Set([id] + Transaction.children(of: id, in: related).map(\.id))
        // A renewal's subscription goes on from the latest period left, which the records need too.
        let periodLeft = t.originalID.flatMap { original in
            related.filter { ($0.id == original || $0.originalID == original) && !deleted.contains($0.id) && $0.expirationDate != nil }
                .max { $0.expirationDate! < $1.expirationDate! }
        }
        return deleted.union(periodLeft.map { [$0.id] } ?? [])
    }

    /// A page as long as any history.
    private static let everyOne = Int(Int32.max)

    /// `input` for `account`'s subscription in the group of `productID`, as SKTestSession names
    /// it: resolved on the records of the change.
    private func change(_ input: SubscriptionInput, _ productID: String, account: String?) throws {
        try storeSideChange { records, now in
            let plan = try records.subscription(of: productID, account: account, catalog: catalog)
            try records.changeSubscription(input, originalTransactionID: plan.originalTransactionID, catalog: catalog, now: now)
        }
    }

    /// `input` for the subscription whose original transaction id is `id`, any account's.
    func change(_ input: SubscriptionInput, originalTransactionID id: String) throws {
        try storeSideChange { records, now in
            try records.changeSubscription(input, originalTransactionID: id, catalog: catalog, now: now)
        }
    }
}
