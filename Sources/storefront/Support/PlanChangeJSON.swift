import AppStoreCore
import AppStoreJSON
import Foundation
import SampleApp

/// Buying another plan of a subscribed group, as the App Store does it: an upgraded (or
/// same-period) plan at once, a downgraded (or other-period) one at the next renewal. What
/// `buy` and `buy-outside` tell of it, read from the store's events.
struct PlanChangeJSON: Encodable {
    /// upgrade, downgrade or crossgrade.
    var kind: PlanChange?
    var fromProductID: String
    var toProductID: String
    /// `now`, or `renewal`: the plan the next renewal is for.
    var takesEffect: String
    /// When it takes effect: now, or the current period's end.
    var date: Date?
    /// An upgrade: the refund of the old plan's unused time, a decimal string.
    var refundedAmount: String?
    var currency: String?
    /// At the renewal: the renewal info as the change left it (its `autoRenewPreference` the
    /// plan the next renewal is for). No transaction is made.
    var renewalInfo: RenewalInfoPayload?

    init?(_ e: StoreEvent) {
        guard e.kind == .upgraded || e.kind == .renewalPreferenceChanged,
              let from = e.details.fromProductID, let to = e.details.toProductID else { return nil }
        kind = e.details.planChange
        fromProductID = from
        toProductID = to
        takesEffect = e.kind == .upgraded ? "now" : "renewal"
        date = e.kind == .upgraded ? e.date : e.details.expiresDate
        refundedAmount = e.details.refundedAmount.map { "\($0)" }
        currency = e.details.currency
    }

    /// The store's answer to a plan-change request that only turned auto-renew back on (the
    /// plan a waiting change renews to, bought again): the change it keeps.
    init(_ answer: ScheduledPlanChange) {
        kind = answer.kind
        fromProductID = answer.currentProductID
        toProductID = answer.productID
        takesEffect = "renewal"
        date = answer.date
    }

    /// The plan change the purchase (or plan-change request) `id` made, from the events after
    /// `cursor`; nil when it changed no plan. A change for the next renewal makes no
    /// transaction: its events keep the store's answer, and the renewal info it left.
    init?(answering id: String, after cursor: Int64, in session: Session) throws {
        let events = try session.database.events(after: cursor, limit: nil).filter { ($0.transactionID ?? $0.transaction?.id) == id }
        let answer = events.lazy.compactMap { ScheduledPlanChange(answeredBy: $0, catalog: session.catalog) }.last
        guard let change = events.lazy.compactMap(PlanChangeJSON.init).first ?? answer.map(PlanChangeJSON.init) else { return nil }
        self = change
        if let status = answer?.renewalInfo {
            renewalInfo = RenewalInfoPayload(status, nextRenewal: session.queue.records.nextRenewal(of: status, catalog: session.catalog))
        }
    }

    /// Whether the plan changes at the next renewal: no transaction now, nothing charged.
    var isForNextRenewal: Bool { takesEffect == "renewal" }

    /// "Upgrade: Pro Yearly starts now…", "Downgrade: Pro Monthly goes on until DATE…".
    func text(session: Session) -> String {
        let text = SubscriptionText(catalog: session.catalog, settings: (try? session.database.settings()) ?? Settings())
        let from = text.plan(fromProductID), to = text.plan(toProductID)
        let date = date.map { text.times.dateTime($0) } ?? "the next renewal"
        // The plan one has, bought back while another waited for the renewal.
        guard let kind = kind.map({ $0.rawValue.prefix(1).uppercased() + $0.rawValue.dropFirst() }) else {
            return "The plan change to \(from) is cancelled: \(to) renews at \(date) (nothing charged now)."
        }
        if takesEffect == "now" {
            let refund = refundedAmount.map { ", the unused time refunded (\($0)\(currency.map { " \($0)" } ?? ""))" } ?? ""
            return "\(kind): \(to) starts now, replacing \(from)\(refund)."
        }
        return "\(kind): \(from) goes on until \(date), then renews as \(to) (nothing charged now)."
    }
}
