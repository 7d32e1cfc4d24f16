import AppStoreCore
import StoreKitSim

/// A step on the signed-in account's subscription in the group of a product, named as the
/// command line names it: expire, renew, auto-renew, fix-billing, agree-price, decline-price. The
/// product is resolved to the subscription's original transaction id when the step runs, on the
/// store as it is then (`StoreWorkingSet.subscription(of:account:catalog:)`).
public enum SubscriptionStep: Equatable, Sendable {
    case expire
    case renew
    case autoRenew(on: Bool)
    case fixBilling
    case agreeToPriceIncrease
    case declinePriceIncrease

    /// The store's operation on the subscription whose original transaction id is `id`.
    public func operation(originalTransactionID id: String) -> StoreAdmin.Operation {
        switch self {
        case .expire: .expire(originalTransactionID: id)
        case .renew: .renew(originalTransactionID: id)
        case .autoRenew(let on): .autoRenew(originalTransactionID: id, on: on)
        case .fixBilling: .fixBilling(originalTransactionID: id)
        case .agreeToPriceIncrease: .agreeToPriceIncrease(originalTransactionID: id)
        case .declinePriceIncrease: .declinePriceIncrease(originalTransactionID: id)
        }
    }
}
