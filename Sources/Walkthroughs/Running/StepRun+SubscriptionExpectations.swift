import Foundation
import AppStoreCore

/// `expect subscription …`: the subscription's status as the store keeps it, and the offer of
/// its latest transaction.
extension StepRun {
    /// The signed-in account's status in the group of `productID` (its own, else one its family
    /// shares with it), as the store keeps it now:
    /// read, never worked out again from the transactions.
    func checkSubscription(_ productID: String, _ expected: SubscriptionField) -> (expected: String, saw: String)? {
        let records = (try? storefront.store.storage.load()) ?? runtime.queue.records
        guard let group = storefront.store.catalog.product(productID)?.subscriptionGroupID,
              let status = records.visibleStatus(inGroup: group, catalog: storefront.store.catalog) else {
            let group = storefront.store.catalog.product(productID)?.subscriptionGroupID ?? "?"
            return (expected.words, "no subscription in group \(group)")
        }
        switch expected {
        case .offer(let kind):
            let latest = records.transactions.last { $0.id == status.latestTransactionID }
            let seen = latest.flatMap(SubscriptionOfferKind.of)
            if let kind, let seen, kind.includes(seen) { return nil }
            if kind == nil, seen == nil { return nil }
            let id = latest?.offer?.id.map { " \($0)" } ?? ""
            return (expected.words, "offer \(seen?.rawValue ?? "none")\(id) (\(latest?.id ?? status.latestTransactionID), \(status.productID))")
        case .renews(let day):
            return status.renewalDate.map(CalendarDay.init) == day ? nil : (expected.words, "\(status.timeline) (\(status.productID))")
        case .expires(let day):
            return status.endDate.map(CalendarDay.init) == day ? nil : (expected.words, "\(status.timeline) (\(status.productID))")
        case .graceUntil(let day):
            return status.gracePeriodEnd.map(CalendarDay.init) == day ? nil : (expected.words, "\(status.timeline) (\(status.productID))")
        default:
            let saw = expected.reading(status)
            guard saw != expected else { return nil }
            // What it does instead of renewing, when nothing renews.
            if case .renewsTo(nil) = saw { return (expected.words, "\(saw.words): \(status.timeline) (\(status.productID))") }
            // Which plan it was, unless that is what was read.
            guard case .plan = saw else { return (expected.words, "\(saw.words) (\(status.productID))") }
            return (expected.words, saw.words)
        }
    }
}

extension SubscriptionStatus {
    /// The plan its next renewal is for, while one will come.
    var renewsTo: String? { isLive && willAutoRenew ? autoRenewProductID : nil }

    /// When it ends without renewing: auto-renew off, or the day it ended.
    var endDate: Date? {
        state == .expired || state == .subscribed && !willAutoRenew ? expiresDate : nil
    }

    /// When its grace period ends, while in one.
    var gracePeriodEnd: Date? { state == .inGracePeriod ? gracePeriodExpiresDate ?? expiresDate : nil }

    /// What comes next and when, for a date that did not hold: "renews 2030-01-08",
    /// "auto-renew off, expires 2030-01-08", "inGracePeriod until 2030-01-24".
    var timeline: String {
        switch state {
        case .subscribed where willAutoRenew:
            "renews \(CalendarDay(expiresDate))" + (autoRenewProductID == productID ? "" : " to \(autoRenewProductID)")
        case .subscribed: "auto-renew off, expires \(CalendarDay(expiresDate))"
        case .inGracePeriod: "inGracePeriod until \(CalendarDay(gracePeriodExpiresDate ?? expiresDate))"
        case .inBillingRetryPeriod: "inBillingRetryPeriod since \(CalendarDay(billingRetryStartDate ?? expiresDate)), no access"
        case .expired: "expired \(CalendarDay(expiresDate))"
        case .revoked: "revoked \(CalendarDay(expiresDate))"
        }
    }
}

extension SubscriptionField {
    /// This field as `status` has it (the fields read as it is: not the offer or the dates).
    func reading(_ status: SubscriptionStatus) -> SubscriptionField {
        switch self {
        case .state: .state(status.state)
        case .plan: .plan(status.productID)
        case .autoRenew: .autoRenew(status.willAutoRenew)
        case .expirationReason: .expirationReason(status.expirationReason)
        case .renewsTo: .renewsTo(status.renewsTo)
        case .priceIncrease: .priceIncrease(status.priceIncreaseStatus)
        case .offer, .renews, .expires, .graceUntil: self
        }
    }

    /// As the step writes it: `state subscribed`, `auto-renew off`.
    var words: String {
        switch self {
        case .state(let state): "state \(state.rawValue)"
        case .plan(let id): "plan \(id)"
        case .autoRenew(let on): "auto-renew \(on ? "on" : "off")"
        case .expirationReason(let reason): "expiration-reason \(reason?.rawValue ?? "none")"
        case .renewsTo(let id): "renews-to \(id ?? "none")"
        case .priceIncrease(let status):
            "price-increase " + (status == .noIncreasePending ? "none" : status.rawValue)
        case .offer(let kind): "offer \(kind?.rawValue ?? "none")"
        case .renews(let day): "renews \(day)"
        case .expires(let day): "expires \(day)"
        case .graceUntil(let day): "grace-until \(day)"
        }
    }
}
