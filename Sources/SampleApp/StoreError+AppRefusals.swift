import AppStoreCore
import Wording

/// The sample app's own refusals, in the seed SDK's codes: said before anything reaches the
/// store (one purchase or restore at a time), or before a transaction is finished (what the
/// app cannot deliver). Their words, in both languages, are ErrorStrings'.
extension StoreError {
    public static let purchaseInProgress = StoreError(
        domain: appDomain, code: 6, name: "alreadyInProgress",
        message: Strings.english.errors.purchaseInProgress)
    public static let restoreInProgress = StoreError(
        domain: appDomain, code: 16, name: "restoreInProgress",
        message: Strings.english.errors.restoreInProgress)
    /// A delivery the app cannot hold: the balance would pass the largest number there is.
    /// Said before the transaction is finished, so it stays in the queue and nothing is lost.
    public static let balanceFull = StoreError(
        domain: appDomain, code: 17, name: "balanceFull",
        message: Strings.english.errors.balanceFull)
}
