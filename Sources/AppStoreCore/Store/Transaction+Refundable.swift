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

    /// What refunding this purchase of a product of `type` as `refund` at `now` takes back (asked
    /// of as `id`): the whole price, a part chosen of a purchase without a period, or an
    /// auto-renewable subscription's period by the time left in it (`timeLeftPercentage`), as
    /// the App Store prorates it. The one rule of how much a refund is: a consumable is refunded
    /// in full only, a percentage of a subscription's period and the time left of anything else
    /// are refused.
    func revocation(for refund: Refund, type: ProductType?, askedAs id: String, at now: Date) throws -> Revocation {
        let percentage: Int
        switch refund.amount {
        case .full:
            percentage = Refund.fullPercentage
        case .percentage(let part):
            guard (1...Refund.fullPercentage).contains(part) else { throw StoreAdminError.invalidRefundPercentage(part) }
            if part < Refund.fullPercentage, type?.isRefundableInPart == false { throw StoreAdminError.consumableProrated(id) }
            if part < Refund.fullPercentage, type?.isProratedByTimeLeft == true { throw StoreAdminError.proratedByTimeLeft(id) }
            percentage = part
        case .timeLeft:
            if type?.isRefundableInPart == false { throw StoreAdminError.consumableProrated(id) }
            guard type?.isProratedByTimeLeft == true else { throw StoreAdminError.noPeriodToProrate(id) }
            percentage = try timeLeftPercentage(at: now)
        }
        let kind: RevocationType = percentage >= Refund.fullPercentage ? .refundFull : .refundProrated
        return Revocation(date: now, reason: refund.reason, type: kind, percentage: percentage)
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
