import Foundation
import AppStoreCore

extension Transaction {
    /// The same transaction under another id, as another process could have written it (one
    /// not taken back: a revocation is the store's to write).
    func remade(id: String) -> Transaction {
        var t = Transaction(id: id, payment: payment, state: queueState.state, date: queueState.transactionDate, account: account, reason: reason,
                            originalTransactionID: originalID, ownershipType: ownershipType,
                            sharedTransactionID: sharedTransactionID, purchaseFacts: purchaseFacts, isUpgraded: isUpgraded)
        t.queueState = queueState
        return t
    }
}
