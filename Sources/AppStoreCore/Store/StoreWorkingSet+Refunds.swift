import Foundation

/// The App Store's side of the history (Xcode's Transaction Manager, SKTestSession): a refund,
/// a transaction deleted, an account's purchase history cleared. Each checked, refused with a
/// `StoreAdminError` when it cannot apply.
extension StoreWorkingSet {
    /// Refunds the completed purchase `id` (any account's): it is revoked now, leaves the
    /// receipt (a restore no longer brings it back) and, for the period a subscription is in,
    /// ends the subscription at once with auto-renew off. How much is refunded is
    /// `Transaction.revocation(for:type:askedAs:at:)`'s: a consumable in full only, a
    /// subscription's period in part by the time left in it, anything else by a part chosen.
    /// One the app has not finished is refunded too, as Xcode's Transaction Manager refunds any
    /// transaction by id: it stays in the queue, revoked, and the app is handed it so (StoreKit's
    /// Transaction.updates with its `revocationDate` set), delivering nothing. A
    /// re-download is the purchase got again: refunding either refunds the purchase, and every
    /// re-download of it goes with it (the records hold them: `StoreAdmin.samePurchase`).
    package mutating func refund(_ id: String, _ refund: Refund, catalog: Catalog, now: Date) throws {
        guard let asked = transactions.lastIndex(where: { $0.id == id }) else { throw StoreAdminError.noSuchTransaction(id) }
        let purchaseID = transactions[asked].purchaseID
        guard let i = transactions.lastIndex(where: { $0.id == purchaseID }) else { throw StoreAdminError.noSuchTransaction(purchaseID) }
        let t = transactions[i]
        try t.checkRefundable(askedAs: id)
        let product = catalog.product(t.productID)
        let revocation = try t.revocation(for: refund, type: product?.type, askedAs: id, at: now)
        var revoked: Set<String> = []
        for j in transactions.indices where j == i || transactions[j].isRedownload(of: t.id) {
            revoked.insert(transactions[j].id)
            transactions[j].revoke(revocation)
        }
        // A request waiting for this purchase is answered by the refund itself.
        for k in refundRequests.indices where refundRequests[k].status == .pending && revoked.contains(refundRequests[k].transactionID) {
            refundRequests[k].status = .approved
            refundRequests[k].answerDate = now
        }
        newEvents.append(StoreEvent(
            date: now, kind: .refunded, account: t.account, productID: t.productID, transactionID: t.id,
            originalTransactionID: t.originalID ?? t.id,
            details: StoreEventDetails(price: t.price, currency: t.currency, storefront: t.storefront,
                                       revocationReason: revocation.reason, revocationType: revocation.type,
                                       revocationPercentage: revocation.percentage)))
        // The period the subscription is in refunded: it ends now. An earlier period refunded
        // leaves the subscription as it is.
        if let group = product?.subscriptionGroupID, let s = statusIndex(of: t.account, group: group),
           subscriptions[s].latestTransactionID == t.id {
            try runLifecycle(.revoke, status: s, at: now, catalog: catalog)
        }
    }

    /// Removes the transaction `id` from the history (Xcode's Transaction Manager "Delete
    /// Transaction", SKTestSession.deleteTransaction) with its child transactions
    /// (`Transaction.children`): no refund; the account no longer owns what only they gave. A
    /// subscription's original transaction takes the whole subscription with it (its renewals, its status), so the group's introductory offer is the account's
    /// again; a later period's, the subscription as the periods left say, what has fallen due
    /// since the latest of them done at once. What the app has not finished yet (a renewal
    /// while it was closed) goes as Xcode deletes it: out of the queue in the same write, so the
    /// app is never handed it. One still on its way (a purchase sheet, a wait for the store or
    /// for approval, an interruption to resolve) is refused, as is one whose child is. Each
    /// transaction gone is one event, which the app hears of (`StoreEventKind.revocations`): it
    /// keeps what it delivered, but a subscription gone no longer gives access.
    package mutating func deleteTransaction(_ id: String, catalog: Catalog, now: Date) throws {
        guard let i = transactions.lastIndex(where: { $0.id == id }) else { throw StoreAdminError.noSuchTransaction(id) }
        let t = transactions[i]
        let deleted = [t] + Transaction.children(of: id, in: transactions)
        for d in deleted where d.queueState.phase != nil { throw StoreAdminError.notFinished(d.id) }
        let ids = Set(deleted.map(\.id))
        transactions.removeAll { ids.contains($0.id) }
        refundRequests.removeAll { ids.contains($0.transactionID) }
        for s in subscriptions.indices.reversed() where subscriptions[s].account == t.account && ids.contains(subscriptions[s].latestTransactionID)
            && !ids.contains(subscriptions[s].originalTransactionID) {
            rewindToPeriodLeft(status: s)
        }
        subscriptions.removeAll { $0.account == t.account && (ids.contains($0.latestTransactionID) || ids.contains($0.originalTransactionID)) }
        // One event per transaction gone, the one asked for last (what a screen tells of the
        // deletion): a server reading the log learns of each id it may hold.
        // Each keeps the transaction as it was, so a reader can tell a renewal from a restore.
        for d in deleted.dropFirst() + [t] {
            newEvents.append(StoreEvent(date: now, kind: .transactionDeleted, account: d.account, productID: d.productID,
                                        transactionID: d.id, originalTransactionID: d.originalID, transaction: d))
        }
        // A period left that has ended is the store's due work now (a renewal or an expiry at
        // its end, as the store catches up), so the subscription never reads as a past period.
        _ = try process(account: nil, catalog: catalog, now: now, restoresInFlight: false)
    }

    /// The subscription at `index` lost the period it was in: it stands on the latest period
    /// left (the records hold it: `StoreAdmin.deleteTransaction`), the plan and the end date
    /// that period's, renewing as before; with none left, it is left for removal.
    private mutating func rewindToPeriodLeft(status index: Int) {
        let status = subscriptions[index]
        let periods = transactions.filter {
            $0.account == status.account && status.isSubscription(of: $0) && $0.queueState.state == .purchased && $0.isUpgraded != true
                && !$0.isFamilyShared && $0.expirationDate != nil
        }
        guard let left = periods.max(by: { $0.expirationDate! < $1.expirationDate! }), let expiry = left.expirationDate else { return }
        var rewound = status
        rewound.productID = left.productID
        rewound.latestTransactionID = left.id
        rewound.expiresDate = expiry
        if status.isLive {
            rewound.state = .subscribed
            rewound.billingRetryStartDate = nil
            rewound.gracePeriodExpiresDate = nil
        }
        subscriptions[index] = rewound
    }

    /// Clears `account`'s purchase history (nil: signed out, refused), settings kept (SKTestSession's
    /// clearTransactions, Xcode's "Delete All Transactions"): every finished transaction and
    /// every subscription goes. What still waits in the queue stays, for the app to hear of.
    /// Each subscription's original transaction goes as `deleteTransaction` takes it: one
    /// `transactionDeleted` event each, so the app ends its access as it does for a deletion.
    package mutating func clearPurchaseHistory(of account: String?, now: Date) throws {
        guard let account else { throw StoreAdminError.signedOut }
        let open = Set(transactions.filter { $0.account == account && !($0.queueState.finished && $0.queueState.phase == nil) }.map(\.id))
        let ended = subscriptions.filter { $0.account == account && !open.contains($0.latestTransactionID) }
        let originals = Dictionary(transactions.filter { $0.account == account }.map { ($0.id, $0) }, uniquingKeysWith: { $1 })
        transactions.removeAll { $0.account == account && !open.contains($0.id) }
        refundRequests.removeAll { $0.account == account && !open.contains($0.transactionID) }
        subscriptions.removeAll { $0.account == account && !open.contains($0.latestTransactionID) }
        for status in ended {
            newEvents.append(StoreEvent(date: now, kind: .transactionDeleted, account: account, productID: status.productID,
                                        transactionID: status.originalTransactionID, transaction: originals[status.originalTransactionID]))
        }
        clearedHistories.append(account)
        newEvents.append(StoreEvent(date: now, kind: .purchaseHistoryCleared, account: account, productID: nil))
    }
}
