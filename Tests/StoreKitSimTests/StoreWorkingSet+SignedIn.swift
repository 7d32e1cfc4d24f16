import AppStoreCore

extension StoreWorkingSet {
    /// The signed-in account's completed purchases not refunded: what most tests look at.
    var signedInPurchases: [Transaction] { completedPurchases(of: settings.account) }
}
