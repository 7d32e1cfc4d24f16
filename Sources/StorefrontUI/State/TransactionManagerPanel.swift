import Foundation
import AppStoreCore
import StoreKitSim

/// Xcode's StoreKit Transaction Manager: every transaction of every account, newest first, a
/// subscription's renewals folded under its original purchase, narrowed to an account or a
/// product, and what the store can do to the selected one. Plain state: its pages are loaded
/// by an effect `update` returns and arrive as an action.
public struct TransactionManagerPanel: Equatable, Sendable {
    /// The filters: nil is every account, every product.
    public var account: String?
    public var productID: String?
    /// The pages loaded so far, newest first.
    public var rows: [Transaction] = []
    /// Older transactions follow the last row: the next page loads as the selection nears it.
    public var hasMore = false
    /// A page was asked for and has not arrived.
    public var isLoading = true
    /// The original purchases whose renewals show under them (→ unfolds, ← folds).
    public var unfolded: Set<String> = []
    /// The selected row of `outline`.
    public var selection = 0
    /// The selected row's transaction: the selection stays on it when newer ones arrive.
    public var selectedID: String?
    /// The first row shown.
    public var scroll = 0
    /// The store as the rows were read (`StoreSnapshot.storeVersion`): when it changes, they
    /// are read again.
    public var version: String?
    /// What is open over the list: the selected transaction's actions, a price being typed, or
    /// the products to buy outside the app.
    public var overlay: Overlay?

    public enum Overlay: Equatable, Sendable {
        /// The actions that apply to the selected transaction, and the focused one (kept by
        /// what it is, so a list that changes underneath never moves it onto another).
        case actions(focus: TransactionAction?)
        /// Typing the new price of a plan, in a storefront, whose subscribers there are asked
        /// to agree to it. It opens on the price now, selected (`edited` false): the first key
        /// replaces it, as in a text field whose text is selected.
        case price(productID: String, storefront: String, text: String, edited: Bool = false)
        /// The store as a whole: a product to buy outside the app (on another device of the
        /// signed-in account), and the focused one.
        case buyOutside(focus: String?)
        /// A subscription to buy outside the app, and the terms it will be bought at: an offer
        /// the account may have (`StoreSnapshot.outsideOffers`) or none, and whether it renews,
        /// as Xcode's "+" sheet chooses them.
        case buyOutsideTerms(productID: String, offer: OutsidePurchaseTerms.Offer, autoRenew: Bool)
        /// "Clear purchase history": asked once more, as it cannot be undone.
        case confirmClearHistory
        /// The selected transaction's signed form (its JWS): nil while it is read, or when the
        /// App Store has not signed it.
        case signedForm(transactionID: String, summary: SignedFormSummary?)
    }

    public init() {}

    /// How many transactions a page holds: more than any screen shows.
    public static let page = 200

    /// The first page for the filters, with room for what is loaded (up to two pages) and a
    /// page more: a reload after new transactions keeps the place, and costs the same however
    /// deep the list was paged.
    public var firstPage: TransactionQuery {
        TransactionQuery(account: account, productID: productID, limit: min(rows.count, 2 * Self.page) + Self.page)
    }

    /// The page after the loaded rows.
    public var nextPage: TransactionQuery {
        TransactionQuery(account: account, productID: productID, before: rows.last?.id, limit: Self.page)
    }

    /// The list as it shows: the loaded rows, renewals under their original purchase.
    public var outline: [OutlineRow] { OutlineRow.outline(rows, unfolded: unfolded) }

    public var selected: Transaction? {
        let outline = outline
        return outline.indices.contains(selection) ? outline[selection].transaction : nil
    }

    /// The row that shows transaction `id` in `outline`: its own, or its group's while folded.
    static func row(of id: String, in outline: [OutlineRow]) -> Int? {
        outline.firstIndex { $0.transaction.id == id } ?? outline.firstIndex { $0.renewals.contains { $0.id == id } }
    }
}

/// What the store can do to one transaction, as the Transaction Manager offers it.
public enum TransactionAction: Equatable, Sendable {
    case approve, decline, resolve
    /// A subscription's: the operation, carried out as every store-side operation is.
    case operation(StoreAdmin.Operation)
    /// Asks for the new price first.
    case requestPriceIncrease(productID: String)
    /// The signed-in account's whole history, settings kept: asks to confirm first.
    case clearPurchaseHistory
}

extension AppState {
    /// Every action that applies to `t` now: Ask to Buy's answers while it waits, Resolve for
    /// an interrupted purchase, a refund request's answers first, and for the signed-in account's live subscription (of which `t`
    /// is a transaction) expire, renew now, auto-renew, the billing issue and price increases.
    func actions(for t: Transaction) -> [TransactionAction] {
        if t.isWaitingForApproval { return [.approve, .decline] }
        if t.queueState.phase == .interrupted { return [.resolve] }
        return refundRequestAnswers(for: t) + subscriptionActions(for: t) + historyActions(for: t)
    }

    /// A refund the user asked for waits for the App Store's answer: given here first, before
    /// anything else the transaction offers.
    private func refundRequestAnswers(for t: Transaction) -> [TransactionAction] {
        guard t.queueState.phase == nil, !t.isRevoked,
              snapshot.refundRequests.contains(where: { $0.transactionID == t.id && $0.status == .pending }) else { return [] }
        return [.operation(.approveRefundRequest(transactionID: t.id, refund: nil)), .operation(.declineRefundRequest(transactionID: t.id))]
    }

    /// For the signed-in account's live subscription (of which `t` is a transaction); none for
    /// one a family member shares with it, which its purchaser manages.
    private func subscriptionActions(for t: Transaction) -> [TransactionAction] {
        guard let status = subscriptionStatus(of: t), status.isActive(at: now), !status.isFamilyShared else { return [] }
        let id = status.originalTransactionID
        // Offered as the store allows them (`SubscriptionStatus.canFixBilling` and the rest).
        var actions: [TransactionAction] = []
        if status.canFixBilling { actions.append(.operation(.fixBilling(originalTransactionID: id))) }
        actions.append(.operation(.expire(originalTransactionID: id)))
        if status.canRenewNow { actions.append(.operation(.renew(originalTransactionID: id))) }
        actions.append(.operation(.autoRenew(originalTransactionID: id, on: !status.willAutoRenew)))
        // A waiting increase is answered, as Xcode's manager answers it; else one can be asked for.
        if status.canAgreeToPriceIncrease || status.canDeclinePriceIncrease {
            if status.canAgreeToPriceIncrease { actions.append(.operation(.agreeToPriceIncrease(originalTransactionID: id))) }
            if status.canDeclinePriceIncrease { actions.append(.operation(.declinePriceIncrease(originalTransactionID: id))) }
        } else {
            actions.append(.requestPriceIncrease(productID: status.autoRenewProductID))
        }
        return actions
    }

    /// The history's, as the store allows them (`StoreWorkingSet.refund`, `deleteTransaction`): a
    /// refund of a purchase not refunded yet (in part too, but a consumable), a deletion of a
    /// transaction on its way no longer (finished by the app or not, as in Xcode), and the
    /// signed-in account's whole history.
    private func historyActions(for t: Transaction) -> [TransactionAction] {
        guard t.queueState.phase == nil else { return [] }
        var actions: [TransactionAction] = []
        if t.isRefundable {
            actions.append(.operation(.refund(transactionID: t.id, Refund())))
            // In part too: a subscription's period by the time left in it, while some is
            // (the label says how much), any other but a consumable by a part chosen in the
            // list (half at first); not what was free (a trial's period), of which no part was paid.
            let type = catalog.product(t.productID)?.type
            let byTimeLeft = type?.isProratedByTimeLeft == true
            if type?.isRefundableInPart ?? true, t.price != 0, !byTimeLeft || (try? t.timeLeftPercentage(at: now)) != nil {
                actions.append(.operation(.refund(transactionID: t.id, byTimeLeft ? .timeLeft() : .prorated(50))))
            }
            // Family Sharing of a shareable purchase, by its purchaser in a family: off, or on
            // again (not of a family-shared copy, whose holder has nothing of its own to share).
            if t.queueState.finished, !t.isFamilyShared, let account = t.account, Family.of(account, in: snapshot.families) != nil,
               StoreWorkingSet.isShared(t.productID, catalog: catalog) {
                let sharing = SharingStop.shares(t.productID, account: account, stops: snapshot.sharingStops)
                actions.append(.operation(.familySharing(productID: t.productID, on: !sharing, account: account)))
            }
        }
        actions.append(.operation(.deleteTransaction(transactionID: t.id)))
        if snapshot.settings.account != nil { actions.append(.clearPurchaseHistory) }
        return actions
    }

    /// The signed-in account's subscription `t` belongs to (bought, renewed or restored in it).
    func subscriptionStatus(of t: Transaction) -> SubscriptionStatus? {
        guard let group = catalog.product(t.productID)?.subscriptionGroupID, t.account == snapshot.settings.account,
              let status = snapshot.subscription(inGroup: group) else { return nil }
        return status.isSubscription(of: t) ? status : nil
    }

    /// Why a subscription's transaction offers nothing: it is another account's.
    func otherAccountsSubscription(_ t: Transaction) -> String? {
        guard catalog.product(t.productID)?.type == .autoRenewable, let account = t.account,
              account != snapshot.settings.account else { return nil }
        return account
    }
}
