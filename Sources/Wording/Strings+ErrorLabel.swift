import AppStoreCore

extension Strings {
    /// How a log line names an error: StoreKit's codes as "error 2 paymentCancelled", others by
    /// their domain, so the app's 7 notSignedIn never reads as SKError 7.
    public func label(of error: StoreError) -> String {
        error.skCode == nil ? "\(error.domain) \(error.code) \(error.name)" : errors.storeKitLabel(error.code, error.name)
    }
}
