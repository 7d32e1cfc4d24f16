import Foundation

/// A payment that only changes the plan a subscription's next renewal is for (a downgrade, a
/// crossgrade to another period, or calling such a change off) makes no transaction: while its
/// sheet is open and the store answers, it is a request under an id of its own
/// (`Transaction.planChangeRequestPrefix`), never a transaction id. The store answers it with
/// the renewal info's change (its events keep the answer) and the record goes; a request that
/// fails stays until the app finishes it, then goes too. Only a request the store completes as
/// a purchase after all (the subscription ended while it waited) becomes a transaction, numbered then.
extension StoreWorkingSet {
    /// Whether buying `productID` now only changes the plan `account`'s next renewal is for.
    package func changesRenewalPlanOnly(_ productID: String, account: String?, catalog: Catalog) -> Bool {
        guard let product = catalog.product(productID), product.type == .autoRenewable,
              let group = product.subscriptionGroupID, let status = status(of: account, group: group) else { return false }
        return SubscriptionLifecycle.changesRenewalPlanOnly(status, to: product, catalog: catalog)
    }

    /// An id for a new plan-change request: after every request the records hold (all of them:
    /// a request is unfinished until it goes). A store whose bytes hold the largest number
    /// already gets the smallest one free instead of overflowing.
    func makePlanChangeRequestID() -> String {
        let numbers = Set(transactions.compactMap { t in
            t.isPlanChangeRequest ? Int(t.id.dropFirst(Transaction.planChangeRequestPrefix.count)) : nil
        })
        let top = numbers.max() ?? 0
        let next = top < Int.max ? max(top, 0) + 1 : (1...).first { !numbers.contains($0) } ?? 1
        return Transaction.planChangeRequestPrefix + String(next)
    }

    /// The request at `i`, completed as a purchase after all: a transaction, numbered now.
    mutating func numberPlanChangeRequest(at i: Int) throws {
        guard transactions[i].isPlanChangeRequest else { return }
        transactions[i] = transactions[i].renumbered(try makeTransactionID())
    }

    /// A failed request the app finished goes: it was never a transaction.
    package mutating func dropPlanChangeRequest(at i: Int) {
        guard transactions[i].isPlanChangeRequest else { return }
        transactions.remove(at: i)
    }
}

extension Transaction {
    /// How a plan-change request's id begins: never a number, so never a transaction's.
    public static let planChangeRequestPrefix = "plan-change-"

    /// A payment that only changes the plan the next renewal is for, not a transaction.
    public var isPlanChangeRequest: Bool { id.hasPrefix(Self.planChangeRequestPrefix) }

    /// The same order and queue state under another id.
    func renumbered(_ newID: String) -> Transaction {
        var t = Transaction(id: newID, payment: payment, state: queueState.state, date: queueState.transactionDate,
                            account: account, reason: reason, originalTransactionID: originalID,
                            ownershipType: ownershipType, sharedTransactionID: sharedTransactionID,
                            purchaseFacts: purchaseFacts, isUpgraded: isUpgraded)
        t.queueState = queueState
        return t
    }
}
