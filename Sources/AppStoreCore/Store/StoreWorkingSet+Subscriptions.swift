import Foundation

/// The store's subscriptions: each account's status per group, changed only through
/// `SubscriptionLifecycle`, and what the rest of the store reads of them.
extension StoreWorkingSet {
    /// `account`'s status in `groupID`, if it ever subscribed there.
    public func status(of account: String?, group groupID: String) -> SubscriptionStatus? {
        guard let i = statusIndex(of: account, group: groupID) else { return nil }
        return subscriptions[i]
    }

    /// The signed-in account's status in the group of `productID`.
    public func status(for productID: String, catalog: Catalog) -> SubscriptionStatus? {
        catalog.product(productID)?.subscriptionGroupID.flatMap { status(of: settings.account, group: $0) }
    }

    func statusIndex(of account: String?, group groupID: String) -> Int? {
        guard let account else { return nil }
        return subscriptions.firstIndex { $0.account == account && $0.groupID == groupID }
    }

    /// Whether the signed-in account has a subscription that has not ended by `now` (in billing
    /// retry too): what keeps it in its storefront. Read as of `now`, not as last written, so a
    /// period that ran out with no process to catch up does not count.
    public func hasActiveSubscription(at now: Date) -> Bool {
        subscriptions.contains { $0.account == settings.account && $0.isActive(at: now) }
    }

    /// Why the store refuses a payment for `productID` before any sheet: the plan the account
    /// has and keeps (an active subscription to it, renewing to it) bought again, or the plan a
    /// waiting downgrade already renews to (buying it would change nothing).
    public func purchaseRefusal(_ productID: String, catalog: Catalog) -> StoreError? {
        purchaseRefusal(productID, account: settings.account, catalog: catalog)
    }

    package func purchaseRefusal(_ productID: String, account: String?, catalog: Catalog) -> StoreError? {
        guard let group = catalog.product(productID)?.subscriptionGroupID, let status = status(of: account, group: group),
              status.givesAccess, status.autoRenewProductID == productID,
              status.productID == productID || status.willAutoRenew else { return nil }
        return .alreadyOwned
    }

    /// The transaction `id`, looked for from the newest: a status's latest is near the end.
    func latestTransaction(_ id: String) -> Transaction? {
        transactions.last { $0.id == id }
    }

    /// Runs `input` through the lifecycle for the status at `index` (or a new one: nil) and
    /// writes what it did: the status, the transactions made or changed, the events.
    @discardableResult
    mutating func runLifecycle(_ input: SubscriptionInput, status index: Int?, at now: Date, catalog: Catalog,
                               isEligibleForIntroOffer: Bool = false) throws -> SubscriptionChange {
        let status = index.map { subscriptions[$0] }
        guard nextTransactionNumber < Int.max else { throw Exhausted.transactionNumbers }
        let newID = String(nextTransactionNumber)
        let context = SubscriptionContext(
            catalog: catalog, settings: settings, priceChanges: priceChanges,
            latest: status.flatMap { latestTransaction($0.latestTransactionID) }, newTransactionID: newID,
            isEligibleForIntroOffer: isEligibleForIntroOffer)
        let change = SubscriptionLifecycle.apply(input, to: status, at: now, context: context)
        for t in change.transactions {
            if t.id == newID {
                // Made now: appended without a search, so a renewal costs the same however long the history.
                nextTransactionNumber += 1
                transactions.append(t)
            } else if let i = transactions.lastIndex(where: { $0.id == t.id }) {
                transactions[i] = t
            }
        }
        if let new = change.status {
            if let index { subscriptions[index] = new } else { subscriptions.append(new) }
        }
        newEvents += change.events
        return change
    }

    /// A store made before statuses were kept (or whose catalog's groups changed) has
    /// subscriptions with no status: each account's latest-expiring purchase per group becomes
    /// its status, subscribed with auto-renew on, as the store renewed them before. Deterministic,
    /// so a reader adopting on its own copy sees what the next change writes.
    package mutating func adoptPurchasesWithoutStatus(catalog: Catalog) {
        var groupOf: [String: String] = [:]
        for product in catalog.products { if let group = product.subscriptionGroupID { groupOf[product.id] = group } }
        guard !groupOf.isEmpty else { return }
        let known = Set(subscriptions.map { [$0.account, $0.groupID] })
        // A product another group's status already names (a .storekit whose groups changed) stays with it.
        let named = Set(subscriptions.flatMap { [[$0.account, $0.productID], [$0.account, $0.autoRenewProductID]] })
        var order: [[String]] = []
        var latest: [[String]: Transaction] = [:]
        // A family-shared period is the purchaser's subscription, seen by a member (`familyStatuses`).
        for t in transactions where t.queueState.state == .purchased && t.isUpgraded != true && !t.isRevoked && !t.isFamilyShared {
            guard let account = t.account, let expiry = t.expirationDate, let group = groupOf[t.productID] else { continue }
            let key = [account, group]
            guard !known.contains(key), !named.contains([account, t.productID]) else { continue }
            if let current = latest[key] {
                if (current.expirationDate ?? .distantPast) > expiry { continue }
            } else {
                order.append(key)
            }
            latest[key] = t
        }
        for key in order {
            guard let t = latest[key], let expiry = t.expirationDate else { continue }
            subscriptions.append(SubscriptionStatus(
                account: key[0], groupID: key[1], productID: t.productID, state: .subscribed,
                originalTransactionID: t.originalID ?? t.id, latestTransactionID: t.id, expiresDate: expiry,
                recentSubscriptionStartDate: t.originalPurchaseDate ?? t.purchaseDate ?? t.queueState.transactionDate))
        }
    }
}

/// The store-side operations on subscriptions (`StoreAdmin`): each checked, then run
/// through the lifecycle.
extension StoreWorkingSet {
    /// `account`'s subscription in the group of `productID`: "this account's plan of this
    /// product", as a command, a walkthrough step or SKTestSession names it, turned into the
    /// status an operation names by its original transaction id. Refused (`StoreAdminError`) for a
    /// product the store lacks, one not auto-renewable, and a group the account never subscribed to.
    public func subscription(of productID: String, account: String?, catalog: Catalog) throws -> SubscriptionStatus {
        let group = try subscriptionGroup(of: productID, catalog: catalog)
        guard let status = status(of: account, group: group) else { throw StoreAdminError.notSubscribed(productID) }
        return status
    }

    /// Runs `input` for the subscription whose original transaction id is `id` (any account's,
    /// as Xcode's Transaction Manager and a server act), refusing (`StoreAdminError`) what cannot
    /// apply to it.
    package mutating func changeSubscription(_ input: SubscriptionInput, originalTransactionID id: String, catalog: Catalog,
                                     now: Date) throws {
        guard let i = subscriptions.firstIndex(where: { $0.originalTransactionID == id }) else {
            throw StoreAdminError.noSuchTransaction(id)
        }
        let status = subscriptions[i]
        let productID = status.productID
        let ended = !status.isLive
        switch input {
        case .fixBilling:
            guard status.canFixBilling else { throw ended ? StoreAdminError.subscriptionExpired(productID) : StoreAdminError.noBillingIssue(productID) }
        case .agreeToPriceIncrease:
            guard status.canAgreeToPriceIncrease else { throw StoreAdminError.noPriceIncreasePending(productID) }
        case .declinePriceIncrease:
            guard status.canDeclinePriceIncrease else { throw StoreAdminError.noPriceIncreasePending(productID) }
        case .renewNow:
            if ended { throw StoreAdminError.subscriptionExpired(productID) }
            if !status.canRenewNow { throw StoreAdminError.inBillingRetry(productID) }
        default:
            if ended { throw StoreAdminError.subscriptionExpired(productID) }
        }
        try runLifecycle(input, status: i, at: now, catalog: catalog)
    }

    /// The store sets `productID`'s price in `storefront`: every subscriber there renewing to
    /// it is asked to agree (`consentNeeded`, nil for the default) or told.
    package mutating func changePrice(of productID: String, in storefront: String, to price: Decimal, consentNeeded: Bool?,
                              catalog: Catalog, now: Date) throws {
        _ = try subscriptionGroup(of: productID, catalog: catalog)
        guard let place = AppStoreStorefront.named(storefront) else { throw StoreAdminError.unknownStorefront(storefront) }
        guard catalog.product(productID)?.price(in: place.id) != nil else { throw StoreAdminError.notSoldIn(productID, storefront: place.id) }
        guard price > 0 else { throw StoreAdminError.invalidPrice(price) }
        // Only an increase asks for consent: a price no higher than the one charged now is taken as is.
        let current = catalog.product(productID)?.price(in: place, changes: priceChanges)
        guard price != current else { throw StoreAdminError.samePrice(productID, price: price, storefront: place.id) }
        let consentNeeded = PriceChange.needsConsent(price, over: current, asked: consentNeeded)
        priceChanges.removeAll { $0.productID == productID && $0.storefront == place.id }
        priceChanges.append(PriceChange(productID: productID, storefront: place.id, price: price,
                                        consentNeeded: consentNeeded, date: now))
        for i in subscriptions.indices where subscriptions[i].autoRenewProductID == productID {
            let status = subscriptions[i]
            guard status.state != .expired, status.state != .revoked,
                  (latestTransaction(status.latestTransactionID)?.storefront ?? settings.storefront) == place.id else { continue }
            try runLifecycle(.priceIncrease(consentNeeded: consentNeeded), status: i, at: now, catalog: catalog)
        }
    }

    private func subscriptionGroup(of productID: String, catalog: Catalog) throws -> String {
        guard let product = catalog.product(productID) else { throw StoreAdminError.noSuchProduct(productID) }
        guard let group = product.subscriptionGroupID else { throw StoreAdminError.notAutoRenewable(productID) }
        return group
    }
}
