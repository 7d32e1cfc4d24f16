import Foundation

extension Transaction {
    /// Refuses a refund of this purchase (asked of as `id`: the purchase, or a re-download of
    /// it) that the App Store would not give: it refunds a completed purchase the app has
    /// finished, once, and a family member's shared copy never (the purchaser paid). The one
    /// rule the refund, the refund request sheet, the Transaction Manager and the storefront's
    /// refundable purchases share.
    func checkRefundable(askedAs id: String) throws {
        guard queueState.state == .purchased else { throw StoreAdminError.notCompletedPurchase(id, queueState.state) }
        guard !isRevoked else { throw StoreAdminError.alreadyRefunded(id) }
        guard !isFamilyShared else { throw FamilyError.sharedNotRefundable(id) }
        guard queueState.finished else { throw StoreAdminError.notFinished(id) }
    }

    /// Whether the App Store would refund this purchase now (`checkRefundable(askedAs:)`).
    public var isRefundable: Bool { (try? checkRefundable(askedAs: id)) != nil }
}
