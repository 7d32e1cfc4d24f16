import Foundation
import SampleApp
import AppStoreCore

/// Buying another plan of a group subscribed to: what happens and when, as the App Store's
/// sheet says it. At once (an upgrade, a crossgrade of the same period): it starts today and
/// the old plan's unused time is refunded; at the renewal (a downgrade, a crossgrade of another
/// period): the current plan stays until then. The sheet and the detail pane read it from here.
struct PlanChangeTerms {
    var lines: [DialogModel.Line]
    /// It waits for the renewal (a downgrade, or the plan now bought back while a change waits):
    /// the plan renewing now stays until then, and the purchase starts by renewing.
    var atRenewal = false

    /// nil when buying `product` changes no subscription (none in its group, or it ended).
    init?(_ product: Product, state: AppState) {
        guard let plan = PlanStatus(product.id, state: state), plan.status.isLive else { return nil }
        let status = plan.status
        let words = state.strings.sheet
        let charge = state.storeCharge(of: product.id) ?? state.strings.charge(product, introOffer: false, app: state.appDescription)
        let current = state.title(of: status.productID)
        let day = state.localDate(status.expiresDate)
        // Past the period's end (a grace period, billing retry) the renewal waits for its
        // payment: no date to give, and none in the past.
        let renewalDue = status.expiresDate <= state.now
        let starting = renewalDue ? words.startingOncePaid(charge) : words.startingOn(charge, day)
        switch plan.kind {
        case .current:
            // Bought back while a change to another plan waits: the change is called off.
            guard status.autoRenewProductID != product.id else { return nil }
            lines = [.init(text: starting, style: .bold),
                     .init(text: words.keepsPlan(current, state.title(of: status.autoRenewProductID)))]
            atRenewal = true
        case .change(_, atOnce: true):
            lines = [.init(text: words.startingToday(charge), style: .bold), .init(text: words.replacesToday(current))]
        case .next, .change(_, atOnce: false):
            lines = [.init(text: starting, style: .bold),
                     .init(text: renewalDue ? words.keepsUntilPaid(current) : words.keepsUntil(current, day))]
            atRenewal = true
        }
        lines.append(.init(text: words.renews))
    }
}
