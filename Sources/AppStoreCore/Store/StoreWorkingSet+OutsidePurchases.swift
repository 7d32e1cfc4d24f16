import Foundation

extension StoreWorkingSet {
    /// A purchase `account` made outside this app (SKTestSession.buyProduct): on
    /// another of its devices, or in the App Store. It completed there, so this device's
    /// conditions (restrictions, Ask to Buy, the network, an injected error) play no part: the
    /// store makes it purchased at once, and it waits unfinished in the queue until the app
    /// hears of it and finishes it, live or at its next launch. A subscription goes through the
    /// lifecycle as any purchase of its group does (a first subscribe, a resubscribe, a plan change),
    /// at `terms`: the offer chosen (the introductory offer, an offer code, or none) and, with
    /// auto-renew off, cancelled at once (its `autoRenewDisabled` event follows the purchase's):
    /// an upgrade's new plan then ends with its first period, and a plan change that waits for
    /// the renewal, which auto-renew off would never reach, is refused.
    /// `account` nil (signed out) is refused.
    package mutating func buyOutsideApp(_ payment: Payment, account: String?, terms: OutsidePurchaseTerms = .init(),
                                        catalog: Catalog, now: Date) throws -> Transaction {
        guard let account else { throw StoreError.notSignedIn }
        let (entry, product) = try soldHere(payment.productID, catalog: catalog)
        guard (1...product.maximumQuantity).contains(payment.quantity) else {
            throw StoreError.invalidQuantity(payment.quantity, of: entry.id, maximum: product.maximumQuantity)
        }
        // An offer code names its subscription (`redeemable`); the other terms take an auto-renewable one.
        let choosesTerms = !terms.autoRenew || terms.offer == .introductory || terms.offer == .none
        guard !choosesTerms || entry.type == .autoRenewable else { throw StoreAdminError.notAutoRenewable(entry.id) }
        if let plan = payment.billingPlanType, entry.subscription?.billingPlan(plan) == nil {
            throw StoreAdminError.noSuchBillingPlan(plan, productID: entry.id)
        }
        var code: SubscriptionOffer?
        switch terms.offer {
        case .standard, .none: break
        case .introductory: try checkIntroOffer(of: entry, for: account, catalog: catalog)
        case .code(let name): code = try redeemable(name, of: entry, for: account, now: now)
        }
        // Elsewhere it is only downloaded again: nothing new reaches this app.
        if entry.type == .nonConsumable, completedPurchases(of: account).contains(where: { $0.productID == entry.id }) {
            throw StoreAdminError.alreadyPurchased(entry.id)
        }
        // A subscriber's code for the plan one has is redeemed for its next renewal, not bought again.
        if code == nil, let refusal = purchaseRefusal(entry.id, account: account, catalog: catalog) { throw refusal }
        // One that only changes the plan the next renewal is for makes no transaction, and cannot
        // be bought not renewing: it starts only by renewing.
        let changesPlanOnly = changesRenewalPlanOnly(entry.id, account: account, catalog: catalog)
        if changesPlanOnly, !terms.autoRenew, let plan = entry.subscriptionGroupID.flatMap({ status(of: account, group: $0)?.productID }) {
            throw StoreAdminError.changesAtRenewal(entry.id, plan: plan)
        }
        let bought = Transaction(id: changesPlanOnly ? makePlanChangeRequestID() : try makeTransactionID(), payment: payment,
                                 state: .purchasing, date: now, account: account, reason: .outsideApp)
        transactions.append(bought)
        let made = try purchase(at: transactions.count - 1, catalog: catalog, now: now, offerCode: code,
                                declinesIntroOffer: terms.offer == .none)
        if !terms.autoRenew, made.queueState.state == .purchased, let group = entry.subscriptionGroupID,
           let index = statusIndex(of: account, group: group) {
            _ = try runLifecycle(.setAutoRenew(false), status: index, at: now, catalog: catalog)
        }
        return made
    }

    /// The offers `account` may choose buying `productID` outside the app, besides none: the
    /// introductory offer when it applies (`introOfferApplies`), and, while no plan of its group
    /// gives access, the subscription's offer codes the account may redeem (`checkOfferCode`):
    /// a subscriber's code is redeemed for the renewal (`redeemOfferCode`), not bought. What the
    /// Transaction Manager's sheet lists.
    public func outsidePurchaseOffers(_ productID: String, account: String?, catalog: Catalog, now: Date? = nil) -> [OutsidePurchaseTerms.Offer] {
        guard let account, let entry = catalog.product(productID), entry.type == .autoRenewable,
              let info = entry.subscription, let group = entry.subscriptionGroupID else { return [] }
        let intro: [OutsidePurchaseTerms.Offer] = introOfferApplies(productID, catalog: catalog, account: account) ? [.introductory] : []
        guard status(of: account, group: group)?.givesAccess != true else { return intro }
        let codes = info.offerCodes.filter { canRedeem($0, of: entry, account: account, now: now) }
        return intro + codes.compactMap(\.name).map { .code($0) }
    }

    /// Refuses `entry`'s introductory offer to `account` unless a purchase now would start with it.
    private func checkIntroOffer(of entry: CatalogProduct, for account: String, catalog: Catalog) throws {
        guard entry.subscription?.introductoryOffer != nil else { throw StoreAdminError.noIntroductoryOffer(entry.id) }
        guard introOfferApplies(entry.id, catalog: catalog, account: account) else {
            let active = entry.subscriptionGroupID.flatMap { status(of: account, group: $0) }.flatMap { $0.givesAccess ? $0 : nil }
            throw StoreAdminError.introductoryOfferUnavailable(entry.id, subscribedTo: active?.productID)
        }
    }

    /// The customer typed `code` into the App Store's offer code sheet (`presentCodeRedemptionSheet`):
    /// the subscription whose offer code it is, sold here, starts at the offer's terms, as a
    /// purchase the app did not start.
    package mutating func redeemOfferCode(_ code: String, account: String?, catalog: Catalog, now: Date) throws -> Transaction {
        let typed = code.trimmingCharacters(in: .whitespaces)
        guard let entry = catalog.products.first(where: {
            $0.subscription?.offerCode(named: typed) != nil && (try? soldHere($0.id, catalog: catalog)) != nil
        }) else { throw StoreAdminError.noSuchOfferCode(typed, productID: nil) }
        return try buyOutsideApp(Payment(productID: entry.id), account: account, terms: .init(offer: .code(typed)),
                                 catalog: catalog, now: now)
    }

    /// The offer code `code` of `entry`, if `account` may redeem it now (`checkOfferCode`).
    private func redeemable(_ code: String, of entry: CatalogProduct, for account: String, now: Date) throws -> SubscriptionOffer {
        guard entry.type == .autoRenewable, let offer = entry.subscription?.offerCode(named: code) else {
            throw StoreAdminError.noSuchOfferCode(code, productID: entry.id)
        }
        try checkOfferCode(offer, named: code, of: entry, for: account, now: now)
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
