import Foundation

extension Transaction {
    /// Refuses a refund of this purchase (asked of as `id`: the purchase, or a re-download of
    /// it) that the App Store would not give: it refunds a completed purchase once, finished by
    /// the app or not (as Xcode's Transaction Manager does), and a family member's shared copy
    /// never (the purchaser paid). The one rule the refund, the refund request sheet, the
    /// Transaction Manager and the storefront's refundable purchases share.
    func checkRefundable(askedAs id: String) throws {
        guard queueState.state == .purchased else { throw StoreAdminError.notCompletedPurchase(id, queueState.state) }
        guard !isRevoked else { throw StoreAdminError.alreadyRefunded(id) }
        guard !isFamilyShared else { throw FamilyError.sharedNotRefundable(id) }
    }

    /// Refuses a refund request from within the app for this purchase where the App Store would
    /// refuse the refund, and where the app has yet to finish it: an app asks about what it
    /// was handed and took (`checkRefundable(askedAs:)`).
    func checkRequestable(askedAs id: String) throws {
        try checkRefundable(askedAs: id)
        guard queueState.finished else { throw StoreAdminError.notFinished(id) }
    }

    /// Whether the App Store would refund this purchase now (`checkRefundable(askedAs:)`).
    public var isRefundable: Bool { (try? checkRefundable(askedAs: id)) != nil }

    /// Whether the app may ask for a refund of this purchase now (`checkRequestable(askedAs:)`).
    public var isRequestable: Bool { (try? checkRequestable(askedAs: id)) != nil }

    /// The refund the App Store gives when `asked` for this purchase of a product of `type` at
    /// `now`: a prorated refund of an auto-renewable subscription's period refunds the time
    /// left in it (`timeLeftPercentage`), any other refund is as asked.
    func refund(_ asked: Refund, type: ProductType?, at now: Date) throws -> Refund {
        guard asked.type == .refundProrated, type?.isProratedByTimeLeft == true else { return asked }
        var refund = asked
        refund.percentage = try timeLeftPercentage(at: now)
        return refund
    }

    /// The part of its period left at `now`, in thousandths of a percent, as a prorated refund
    /// of it is: above nothing and below the whole price. Refused once the period has ended
    /// (`StoreAdminError.periodEnded`): nothing of it is left.
    public func timeLeftPercentage(at now: Date) throws -> Int {
        guard let end = expirationDate, end > now else { throw StoreAdminError.periodEnded(id) }
        let start = min(purchaseDate ?? queueState.transactionDate, now)
        let left = end.timeIntervalSince(now) / end.timeIntervalSince(start)
        return min(max(Int((left * Double(Refund.fullPercentage)).rounded()), 1), Refund.fullPercentage - 1)
    }
}
