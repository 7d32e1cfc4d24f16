import Foundation

/// Refund requests made from within the app (the refund request sheet), and the App Store's
/// answer to them: at once as `Settings.refundRequests` says, or later by hand (`manual`).
extension StoreWorkingSet {
    /// `account` (nil: signed out, refused) submits the refund request sheet for its purchase `id`: the
    /// request is kept, and answered now unless the store answers by hand. Refused as a refund
    /// is (a completed purchase not refunded yet), for one the app has not finished (it asks
    /// about what it was handed), for another account's purchase, and for a purchase asked about already (`RefundRequestError.duplicateRequest`). A
    /// subscription's request turns its auto-renew off.
    package mutating func requestRefund(_ id: String, account: String?, reason: RefundRequestReason, catalog: Catalog,
                                now: Date) throws -> RefundRequest {
        guard let account else { throw StoreAdminError.signedOut }
        guard let t = transactions.last(where: { $0.id == id }) else { throw StoreAdminError.noSuchTransaction(id) }
        guard t.account == account else { throw StoreAdminError.otherAccountsPurchase(id) }
        // A family member's shared copy: the purchaser paid, and only the purchaser asks.
        guard !t.isFamilyShared else { throw FamilyError.sharedNotRefundable(id) }
        guard !refundRequests.contains(where: { $0.transactionID == id }) else { throw StoreAdminError.refundAlreadyRequested(id) }
        try t.checkRequestable(askedAs: id)
        refundRequests.append(RefundRequest(transactionID: id, account: account, productID: t.productID, reason: reason, date: now))
        newEvents.append(StoreEvent(date: now, kind: .refundRequested, account: account, productID: t.productID, transactionID: id,
                                    originalTransactionID: t.originalID ?? id,
                                    details: StoreEventDetails(refundRequestReason: reason)))
        // Asking for a subscription's money back cancels it, whatever the answer: auto-renew
        // goes off (a server hears DID_CHANGE_RENEWAL_STATUS, AUTO_RENEW_DISABLED).
        if let s = subscriptions.firstIndex(where: { $0.account == account && $0.isSubscription(of: t) }), subscriptions[s].canCancel {
            try runLifecycle(.setAutoRenew(false), status: s, at: now, catalog: catalog)
        }
        let policy = settings.refundRequests
        switch policy {
        case .manual: break
        case .decline: try answerRefundRequest(id, approved: false, catalog: catalog, now: now)
        case .approve, .prorated:
            let refund = policy.refund(for: refundRequests[refundRequests.count - 1], type: catalog.product(t.productID)?.type)
            try answerRefundRequest(id, approved: true, refund: refund, catalog: catalog, now: now)
        }
        return refundRequests.last { $0.transactionID == id } ?? refundRequests[refundRequests.count - 1]
    }

    /// The App Store approves the waiting request for `id` (the purchase is refunded, with
    /// `refund` or in full for the request's reason, and revoked) or declines it (nothing is
    /// revoked, and the app hears nothing; a server would get `REFUND_DECLINED`).
    package mutating func answerRefundRequest(_ id: String, approved: Bool, refund: Refund? = nil, catalog: Catalog, now: Date) throws {
        guard let i = refundRequests.firstIndex(where: { $0.transactionID == id }) else { throw StoreAdminError.noRefundRequest(id) }
        let request = refundRequests[i]
        guard request.status == .pending else { throw StoreAdminError.refundRequestAnswered(id, request.status) }
        if approved {
            try self.refund(id, refund ?? Refund(reason: request.reason.revocationReason), catalog: catalog, now: now)
        } else {
            let t = transactions.last { $0.id == id }
            newEvents.append(StoreEvent(date: now, kind: .refundDeclined, account: request.account, productID: request.productID,
                                        transactionID: id, originalTransactionID: t?.originalID ?? id,
                                        details: StoreEventDetails(refundRequestReason: request.reason)))
        }
        refundRequests[i].status = approved ? .approved : .declined
        refundRequests[i].answerDate = now
    }

    /// The signed-in account's refund requests, oldest first.
    public var signedInRefundRequests: [RefundRequest] {
        refundRequests.filter { $0.account == settings.account }
    }

    /// The request made for the purchase `id`, if any.
    public func refundRequest(for id: String) -> RefundRequest? {
        refundRequests.first { $0.transactionID == id }
    }
}
