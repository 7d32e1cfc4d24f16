import AppStoreCore
import Foundation

/// StoreKit 2's AppTransaction: the App Store's signed record that the signed-in account got
/// the app (its download), read at launch to learn, say, which version it first bought.
public struct AppTransaction: Equatable, Sendable {
    public var bundleID: String
    /// The version running now (CFBundleVersion).
    public var appVersion: String
    /// The version the account first got. In Xcode's environment, as in the sandbox, "1.0".
    public var originalAppVersion: String
    public var originalPurchaseDate: Date
    /// The account's own id for the app, the same at every launch (a number, as Apple's).
    public var appTransactionID: String
    /// Where the account first got the app: "iOS", "macOS", "tvOS" or "visionOS".
    public var originalPlatform: String
    /// AppStore.Environment's raw value: "Xcode", as StoreKit testing in Xcode signs.
    public var environment: String
    public var signedDate: Date

    public init(bundleID: String, appVersion: String, originalAppVersion: String, originalPurchaseDate: Date,
                appTransactionID: String, originalPlatform: String = "iOS", environment: String = "Xcode", signedDate: Date) {
        self.bundleID = bundleID
        self.appVersion = appVersion
        self.originalAppVersion = originalAppVersion
        self.originalPurchaseDate = originalPurchaseDate
        self.appTransactionID = appTransactionID
        self.originalPlatform = originalPlatform
        self.environment = environment
        self.signedDate = signedDate
    }
}

extension PaymentQueue {
    /// AppTransaction.shared for the app `bundleID` at `appVersion`: the signed-in account's
    /// record of getting it, verified as a transaction is (the error chosen for App Transaction
    /// a VerificationError: unverified with it), or that error thrown (a StoreKitError), as
    /// the Xcode environment fails it on demand; `notEntitled` thrown while nobody is signed in.
    /// The store keeps no download of the app: the account's first purchase in it stands for
    /// it (the same at every launch from then on), or now while it has bought nothing.
    public func appTransaction(bundleID: String, appVersion: String) throws -> VerificationResult<AppTransaction> {
        let chosen = records.settings.failures[.appTransaction]
        if let chosen, case .storeKit = chosen { throw chosen.storeError }
        guard let account = records.settings.account else { throw StoreError.storeKitError(.notEntitled) }
        let first = try store.storage.purchases(of: account, productIDs: Set(store.catalog.products.map(\.id))).first
            .map { $0.purchaseDate ?? $0.queueState.transactionDate }
        let value = AppTransaction(bundleID: bundleID, appVersion: appVersion, originalAppVersion: "1.0",
                                   originalPurchaseDate: first ?? now, appTransactionID: Self.appTransactionID(of: account),
                                   signedDate: now)
        if case .verification(let code)? = chosen { return .unverified(value, code) }
        return .verified(value)
    }

    /// A number that stays the same for `account` (FNV-1a over its name): the app's id for it.
    static func appTransactionID(of account: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in account.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return String(hash >> 4)
    }
}
