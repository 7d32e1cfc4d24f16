import StoreKitSim

/// The sample app's own refusals, in the seed SDK's codes: said before anything reaches the
/// store (one purchase or restore at a time), or before a transaction is finished (what the
/// app cannot deliver).
extension StoreError {
    public static let purchaseInProgress = StoreError(
        domain: appDomain, code: 6, name: "alreadyInProgress",
        message: "A purchase is already in progress. Wait for it to finish.")
    public static let restoreInProgress = StoreError(
        domain: appDomain, code: 16, name: "restoreInProgress",
        message: "Purchases are being restored. Try again when the restore has finished.")
    /// A delivery the app cannot hold: the balance would pass the largest number there is.
    /// Said before the transaction is finished, so it stays in the queue and nothing is lost.
    public static let balanceFull = StoreError(
        domain: appDomain, code: 17, name: "balanceFull",
        message: "The balance cannot take this purchase: it would pass \(Int.max), the most the app can hold. The purchase is not finished: it stays in the queue and comes back at the next launch.")
}
