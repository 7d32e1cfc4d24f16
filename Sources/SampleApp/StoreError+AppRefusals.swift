import StoreKitSim

/// The sample app's own refusals, in the seed SDK's codes: said before anything reaches the
/// store (one purchase or restore at a time).
extension StoreError {
    public static let purchaseInProgress = StoreError(
        domain: appDomain, code: 6, name: "alreadyInProgress",
        message: "A purchase is already in progress. Wait for it to finish.")
    public static let restoreInProgress = StoreError(
        domain: appDomain, code: 16, name: "restoreInProgress",
        message: "Purchases are being restored. Try again when the restore has finished.")
}
