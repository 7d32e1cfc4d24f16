import Foundation
import AppStoreCore
import StoreKitSim
import StorefrontUI
import Wording

/// The store-side steps on a subscription.
extension StepRun {
    /// Done on the storefront's own queue (the runtime's one entry for store-side actions), so
    /// the app hears at once what it does, as when the command line does it beside an open
    /// storefront. A refusal is the runtime's alert in front: the step cannot be done.
    func perform(_ operation: StoreAdmin.Operation, failure: Failure) throws(StepFailure) {
        do throws(StepFailure) {
            try refused(Self.describe(operation), failure: failure) { runtime.perform(operation) }
        } catch {
            var refusal = error
            refusal.saw = Self.walkthroughWords(refusal.saw, refusing: operation, strings: state.strings)
            throw refusal
        }
    }

    /// The store's refusal of a prorated refund asks for the other kind as a step does
    /// (`prorated time-left`, `prorated 50%`), in place of the command line's option.
    static func walkthroughWords(_ message: String, refusing operation: StoreAdmin.Operation, strings: Strings) -> String {
        let id: String
        switch operation {
        case .refund(let asked, _), .approveRefundRequest(let asked, _): id = asked
        default: return message
        }
        let words = strings.queueErrors
        switch message {
        case StoreAdminError.proratedByTimeLeft(id).text(strings): return words.proratedByTimeLeft(id, RefundAsk.walkthrough.timeLeft)
        case StoreAdminError.noPeriodToProrate(id).text(strings): return words.noPeriodToProrate(id, RefundAsk.walkthrough.percentage)
        default: return message
        }
    }

    /// On the signed-in account's subscription in the group of `productID`, resolved as it runs.
    func perform(_ step: SubscriptionStep, onPlanOf productID: String, failure: Failure) throws(StepFailure) {
        try refused(Self.describe(step, productID), failure: failure) {
            runtime.perform(onPlanOf: productID, step.operation(originalTransactionID:))
        }
    }

    /// Does `body`, then throws the refusal it met, if any, as the store's failure to do `what`.
    private func refused(_ what: String, failure: Failure, _ body: () -> Void) throws(StepFailure) {
        let before = state.mode
        body()
        storefront.settle()
        let refusals = [state.strings.alerts.cannotAnswerTitle, state.strings.alerts.cannotCompleteTitle, state.strings.alerts.redeemCodeFailed]
        if state.mode != before, case .alert(let alert) = state.mode, alert.kind == .failure, refusals.contains(alert.title) {
            throw failure("the store to \(what)", alert.message)
        }
    }

    /// A step on the history as the store's operation: a product names the signed-in
    /// account's latest purchase of it.
    func operation(_ step: HistoryStep, failure: Failure) throws(StepFailure) -> StoreAdmin.Operation {
        func id(_ ref: TransactionRef) throws(StepFailure) -> String {
            switch ref {
            case .id(let id): return id
            case .latest, .product:
                let history = (try? storefront.store.storage.history(last: nil, finishedOnly: false)) ?? []
                let account = runtime.queue.records.settings.account
                let purchase = history.last { t in
                    t.queueState.state == .purchased && t.account == account && { if case .product(let p) = ref { t.productID == p } else { true } }()
                }
                guard let purchase else {
                    let named = if case .product(let p) = ref { " of \(p)" } else { "" }
                    throw failure("a purchase\(named) to act on", "no purchase\(named) by the signed-in account")
                }
                return purchase.id
            }
        }
        switch step {
        case .refund(let ref, let refund): return .refund(transactionID: try id(ref), refund)
        case .deleteTransaction(let ref): return .deleteTransaction(transactionID: try id(ref))
        case .clearPurchaseHistory: return .clearPurchaseHistory
        case .requestRefund(let ref, let reason): return .requestRefund(transactionID: try id(ref), reason: reason)
        case .approveRefund(let ref, let refund): return .approveRefundRequest(transactionID: try id(ref), refund: refund)
        case .declineRefund(let ref): return .declineRefundRequest(transactionID: try id(ref))
        }
    }

    /// A subscription step as a failure words it, of the subscription `name` names.
    static func describe(_ step: SubscriptionStep, _ name: String) -> String {
        switch step {
        case .expire: "expire \(name)"
        case .renew: "renew \(name)"
        case .autoRenew(let on): "turn auto-renew \(on ? "on" : "off") for \(name)"
        case .fixBilling: "fix the billing issue of \(name)"
        case .agreeToPriceIncrease: "agree to the price increase of \(name)"
        case .declinePriceIncrease: "decline the price increase of \(name)"
        }
    }

    /// The step as a failure words what it asked of the store.
    /// A purchase outside the app's terms, as the step chose them: "" for the standard ones.
    static func describe(_ terms: OutsidePurchaseTerms) -> String {
        let offer = switch terms.offer {
        case .standard: ""
        case .introductory: " with its introductory offer"
        case .none: " with no offer"
        case .code(let code): " with the offer code \(code)"
        }
        return offer + (terms.billingPlanType == nil ? "" : ", billed monthly") + (terms.autoRenew ? "" : ", auto-renew off")
    }

    static func describe(_ operation: StoreAdmin.Operation) -> String {
        switch operation {
        case .expire(let id): describe(.expire, id)
        case .renew(let id): describe(.renew, id)
        case .autoRenew(let id, let on): describe(.autoRenew(on: on), id)
        case .fixBilling(let id): describe(.fixBilling, id)
        case .priceIncrease(let id, let storefront, let price, let consent):
            "change the price of \(id)\(storefront.map { " in \($0)" } ?? "") to \(price), \(consent.map { $0 ? "consent needed" : "no consent needed" } ?? "consent needed for a rise")"
        case .agreeToPriceIncrease(let id): describe(.agreeToPriceIncrease, id)
        case .declinePriceIncrease(let id): describe(.declinePriceIncrease, id)
        case .buyOutsideApp(let id, let quantity, let terms):
            "sell \(Transaction.item(named: id, quantity: quantity)) outside the app\(Self.describe(terms))"
        case .promote(let id): "start a purchase of \(id) on its product page"
        case .redeemOfferCode(let code, let id): "redeem the offer code \(code)\(id.map { " of \($0)" } ?? "")"
        case .refund(let id, let refund):
            switch refund.amount {
            case .full: "refund transaction \(id)"
            case .percentage(let part): "refund transaction \(id) (\(Refund.percentText(part)) prorated)"
            case .timeLeft: "refund transaction \(id) (by the time left)"
            }
        case .deleteTransaction(let id): "delete transaction \(id)"
        case .clearPurchaseHistory: "clear the purchase history"
        case .requestRefund(let id, let reason): "take a refund request for transaction \(id) (\(reason.argument))"
        case .approveRefundRequest(let id, _): "approve the refund request for transaction \(id)"
        case .declineRefundRequest(let id): "decline the refund request for transaction \(id)"
        case .createFamily(let organizer): "make a family organized by \(organizer)"
        case .addFamilyMember(let account, let organizer): "add \(account) to the family\(organizer.map { " of \($0)" } ?? "")"
        case .removeFamilyMember(let account): account.map { "remove \($0) from its family" } ?? "leave the family"
        case .familySharing(let id, let on, let account):
            "turn Family Sharing of \(id) \(on ? "on" : "off")\(account.map { " for \($0)" } ?? "")"
        case .familyPurchase(let account, let id): "sell \(id) to family member \(account)"
        }
    }
}
