import AppStoreCore

extension PaymentQueue {
    /// SKReceiptRefreshRequest: asks the App Store for a fresh receipt of the signed-in account,
    /// which `make` (the App Store's side, which signs) makes for it. It fails as the store's
    /// App Store Sync fails: Xcode has no category of its own for it, and App Store Sync is
    /// `AppStore.sync()`, which gets the app receipt again, as this request does. It needs an
    /// account and the network, as a restore does.
    public func refreshReceipt<Receipt>(_ make: (_ account: String) throws -> Receipt) throws -> Receipt {
        _ = try refresh()
        let settings = records.settings
        guard let account = settings.account else { throw StoreError.notSignedIn }
        guard settings.network else { throw StoreError(.unknown) }
        if let error = settings.failures[.appStoreSync] { throw error.storeError }
        return try make(account)
    }
}
