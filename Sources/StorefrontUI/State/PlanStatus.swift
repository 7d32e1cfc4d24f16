import Foundation
import SampleApp
import AppStoreCore

/// What one plan of a subscription group reads, from the signed-in account's status in the
/// group (`SubscriptionStatus`, never the transactions): the one reading the rows, the detail
/// pane and Manage Subscriptions share.
struct PlanStatus: Equatable {
    enum Kind: Equatable {
        /// The plan subscribed to: its status ("Renews DATE", "Renews DATE at $5.99/month" once
        /// a new price is agreed to, "Renews DATE · $0.99/month for 2
        /// months, then $4.99/month", "Free trial until DATE, then $4.99/month", "New price
        /// $5.99/month from DATE", "Free trial until DATE, then $5.99/month if you agree",
        /// "Expired DATE (reason)").
        case current
        /// The plan a waiting change is to: it starts at the renewal.
        case next
        /// Another plan of a group subscribed to: buying it changes plan, `atOnce` or at the renewal.
        case change(PlanChange, atOnce: Bool)
    }

    var kind: Kind
    var text: String
    /// Shorter forms of `text`, longest first, for a row with no room for it ("Free trial until
    /// DATE", "Free trial"): every status has one, so a row keeps its plan's name whole.
    var brief: [String] = []
    /// `text` says what the plan charges (a free trial's or an offer's "then $4.99/month"), or
    /// that it charges nothing (a free trial that ends): no charge line beside it.
    var includesCharge = false
    var tint: Tint
    var status: SubscriptionStatus
    /// What buying another plan does, without its price: "upgrade now", "at renewal".
    var effect = ""

    /// nil when the account never subscribed in the plan's group, or `productID` is another
    /// plan of a group whose subscription ended (buying it is a new subscription).
    init?(_ productID: String, state: AppState) {
        guard let product = state.catalog.product(productID), let group = product.subscriptionGroupID,
              let status = state.snapshot.subscription(inGroup: group) else { return nil }
        self.status = status
        let words = state.strings.store
        let day = { state.localDate($0) }
        if status.productID == productID {
            kind = .current
            switch status.state {
            case .subscribed where status.isFamilyShared && status.willAutoRenew:
                // It renews with the purchaser's plan, as theirs does.
                (text, tint) = (words.sharedByFamilyRenews(day(status.expiresDate)), .success)
                brief = [words.sharedByFamilyBrief]
            case .subscribed where status.isFamilyShared, .inGracePeriod where status.isFamilyShared:
                (text, tint) = (words.sharedByFamily(day(status.accessEndDate ?? status.expiresDate)), .success)
                brief = [words.sharedByFamilyBrief]
            case .subscribed where status.commitmentExpiresDate != nil && status.renewsAtPeriodEnd:
                // A monthly plan: the payments left and the commitment's end, renewing or not.
                (text, brief) = Self.commitment(status, product: product, state: state)
                tint = status.willAutoRenew ? .success : .warning
            case .subscribed where status.willAutoRenew && status.canAgreeToPriceIncrease && state.snapshot.freeTrialGroups.contains(group):
                // The trial stays said while it runs, the new price after it: charged only if agreed to.
                let price = state.newPrice(of: status) ?? ""
                let until = day(status.expiresDate)
                (text, tint) = (words.freeTrialThenNewPrice(until, price), .warning)
                brief = [words.freeTrialNewPriceBrief(until, price), words.freeTrialNewPriceShort(price), words.freeTrialUntilBrief(until),
                         words.freeTrial]
                includesCharge = true
            case .subscribed where status.willAutoRenew && status.canAgreeToPriceIncrease:
                // Waiting for the subscriber's consent: the new price, agreed to in Manage Subscriptions.
                let price = state.newPrice(of: status) ?? ""
                (text, tint) = (words.newPriceFrom(price, day(status.expiresDate)), .warning)
                brief = [words.newPrice(price), words.newPriceBrief]
            case .subscribed where status.willAutoRenew && status.autoRenewProductID != productID && state.snapshot.freeTrialGroups.contains(group):
                // The trial charges nothing: the plan changed to is the first one paid for, at its price.
                let next = state.title(of: status.autoRenewProductID)
                let charge = state.snapshot.product(status.autoRenewProductID).map {
                    state.strings.charge($0, introOffer: false, app: state.appDescription)
                } ?? ""
                (text, tint) = (words.freeTrialThenPlan(day(status.expiresDate), next, charge), .warning)
                // A narrow row says the change first, as without a trial.
                brief = [words.changesTo(next, day(status.expiresDate)), words.changesToBrief(next), words.freeTrialUntilBrief(day(status.expiresDate)),
                         words.planChangeBrief]
                includesCharge = true
            case .subscribed where status.willAutoRenew && status.autoRenewProductID != productID:
                let next = state.title(of: status.autoRenewProductID)
                (text, tint) = (words.changesTo(next, day(status.expiresDate)), .warning)
                brief = [words.changesToBrief(next), words.planChangeBrief]
            case .subscribed where status.willAutoRenew && state.snapshot.freeTrialGroups.contains(group):
                // What the trial converts at: a new price agreed to, else the plan's.
                let then = state.agreedPrice(of: status) ?? state.periodCharge(of: status) ?? ""
                (text, tint) = (words.freeTrialUntil(day(status.expiresDate), then), .success)
                brief = [words.freeTrialUntilBrief(day(status.expiresDate)), words.freeTrial]
                includesCharge = true
            case .subscribed where status.willAutoRenew:
                let renews = day(status.expiresDate)
                (text, tint) = (words.renewsOn(renews), .success)
                brief = [words.renewsBrief]
                // A pay-as-you-go offer going on: its price for the periods left, then the plan's.
                if let offer = state.offerRenewal(of: status) {
                    text = state.strings.renewsAtOffer(renews, offer: offer, then: state.periodCharge(of: status))
                    brief = [words.renewsAtOffer(renews, offer.terms), words.renewsAtOffer(renews, offer.charge), words.offerPrice(offer.charge),
                             words.renewsBrief]
                    includesCharge = true
                } else if let agreed = state.agreedPrice(of: status) {
                    // A new price agreed to: the renewal charges it, said until it does.
                    text = words.renewsAt(renews, agreed)
                    brief = [words.renewsOn(renews)]
                }
            case .subscribed where state.snapshot.freeTrialGroups.contains(group):
                // Auto-renew off during a free trial: the trial ends, and nothing is ever charged.
                (text, tint) = (words.freeTrialEnds(day(status.expiresDate)), .warning)
                brief = [words.freeTrialEndsBrief, words.freeTrial]
                includesCharge = true
            case .subscribed:
                (text, tint) = (words.expiresOn(day(status.expiresDate)), .warning)
                brief = [words.expiresBrief]
            case .inGracePeriod:
                (text, tint) = (words.inGraceUntil(day(status.gracePeriodExpiresDate ?? status.expiresDate)), .warning)
                brief = [words.inGraceBrief]
            case .inBillingRetryPeriod: (text, tint) = (words.billingProblem, .danger)
            case .expired:
                (text, tint) = (words.expiredBecause(day(status.expiresDate), status.expirationReason), .muted)
                brief = [words.expired(day(status.expiresDate)), words.expiredBrief]
            case .revoked:
                (text, tint) = (words.revokedOn(day(status.expiresDate)), .muted)
                brief = [words.revokedBrief]
            }
            return
        }
        // A family member's subscription is not this account's to change: another plan is a
        // subscription of its own.
        guard status.isLive, !status.isFamilyShared, let current = state.catalog.product(status.productID),
              let change = SubscriptionLifecycle.planChange(from: current, to: product) else { return nil }
        if status.autoRenewProductID == productID, status.willAutoRenew {
            kind = .next
            // Past the period's end the renewal waits for its payment: never a date gone by.
            let due = status.expiresDate <= state.now
            (text, tint) = (due ? words.startsOncePaid : words.startsOn(day(status.expiresDate)), .warning)
            brief = [words.startsBrief]
            return
        }
        let atOnce = SubscriptionLifecycle.takesEffectAtOnce(change, from: current, to: product)
        kind = .change(change, atOnce: atOnce)
        let what = atOnce ? (change == .upgrade ? words.upgradeNow : words.switchNow) : words.atRenewal
        effect = what
        let sold = state.snapshot.product(productID)
        let price = sold.map { sold in
            sold.subscriptionPeriod.map { state.strings.sheet.perPeriod(sold.formattedPrice, $0) } ?? sold.formattedPrice
        }
        (text, tint) = (price.map { "\($0) · \(what)" } ?? what, .accent)
        // A narrow row: the price without its period, then the price alone (the status gives
        // way before the title does; the detail pane says what buying it does).
        brief = sold.map { ["\($0.formattedPrice) · \(what)", $0.formattedPrice] } ?? []
    }
}

extension PlanStatus {
    /// A month of a commitment: "Renews DATE · 11 payments left · Commitment renews DATE"
    /// (ends, auto-renew off), briefly "11 payments left · Commitment renews DATE"; its last
    /// month renewing, the commitment's renewal alone.
    static func commitment(_ status: SubscriptionStatus, product: CatalogProduct, state: AppState) -> (String, [String]) {
        let words = state.strings.store
        let next = state.localDate(status.expiresDate)
        let end = state.localDate(status.commitmentExpiresDate ?? status.expiresDate)
        let left = status.commitmentPaymentsLeft(months: product.subscription?.commitmentMonths ?? 12) ?? 0
        let commitment = status.willAutoRenew ? words.commitmentRenewsOn(end) : words.commitmentEndsOn(end)
        guard left > 0 else { return (commitment, [commitment, words.renewsBrief]) }
        let payments = "\(words.renewsOn(next)) · \(words.paymentsLeft(left))"
        // Short of room, the payments left and the commitment's end say the most.
        return ("\(payments) · \(commitment)", ["\(words.paymentsLeft(left)) · \(commitment)", payments, words.renewsOn(next), words.renewsBrief])
    }
}

extension AppState {
    /// The group Manage Subscriptions opens on: the selected row's, else the first the account
    /// subscribes to, else the app's first.
    var manageSubscriptionsGroup: String? {
        let groups = rows.compactMap { row -> String? in
            if case .product(let id) = row { return catalog.product(id)?.subscriptionGroupID }
            return nil
        }
        if case .product(let id) = selectedRow, let group = catalog.product(id)?.subscriptionGroupID { return group }
        return groups.first { snapshot.subscription(inGroup: $0)?.isLive == true } ?? groups.first
    }

    /// The plans Manage Subscriptions lists for `groupID`: the app's, in level order.
    func plans(inGroup groupID: String?) -> [String] {
        rows.compactMap { row in
            guard case .product(let id) = row, let group = groupID, catalog.product(id)?.subscriptionGroupID == group else { return nil }
            return id
        }
    }

    /// What Manage Subscriptions offers under the plans: Cancel Subscription (Cancel Free
    /// Trial while the trial runs) while it renews, Resubscribe once cancelled and before it ends.
    func manageAction(inGroup groupID: String?) -> ManageAction? {
        guard let groupID, let status = snapshot.subscription(inGroup: groupID), status.isLive, !status.isFamilyShared else { return nil }
        if status.canCancel { return .cancel(freeTrial: snapshot.freeTrialGroups.contains(groupID)) }
        return status.canResubscribe ? .resubscribe : nil
    }

    /// Every action under the plans, in order: Agree to New Price while an increase waits for
    /// consent, then `manageAction`.
    func manageActions(inGroup groupID: String?) -> [ManageAction] {
        guard let groupID, let status = snapshot.subscription(inGroup: groupID), !status.isFamilyShared else { return [] }
        return (status.canAgreeToPriceIncrease ? [.agreeToNewPrice] : []) + [manageAction(inGroup: groupID)].compactMap { $0 }
    }
}

/// Manage Subscriptions' actions under the plans.
enum ManageAction: Equatable {
    case agreeToNewPrice
    case cancel(freeTrial: Bool)
    case resubscribe

    var isCancel: Bool {
        if case .cancel = self { return true }
        return false
    }
}
