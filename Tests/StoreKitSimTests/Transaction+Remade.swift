import Foundation
@testable import AppStoreCore

extension Transaction {
    /// The same transaction as another process, a hand edit or an older store could have
    /// written it: another id, product, account or app account token, the rest as it is.
    func remade(id: String? = nil, productID: String? = nil, account: String?? = .none,
                applicationUsername: String?? = .none) -> Transaction {
        var t = Transaction(id: id ?? self.id,
                            payment: Payment(productID: productID ?? self.productID, quantity: purchasedQuantity,
                                             applicationUsername: applicationUsername ?? self.applicationUsername),
                            state: queueState.state, date: queueState.transactionDate, account: account ?? self.account, reason: reason,
                            originalTransactionID: originalID, ownershipType: ownershipType,
                            sharedTransactionID: sharedTransactionID, purchaseFacts: purchaseFacts, isUpgraded: isUpgraded)
        t.queueState = queueState
        if let revocation { t.revoke(revocation) }
        return t
    }
}
