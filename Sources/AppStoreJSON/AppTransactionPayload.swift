import Foundation
import AppStoreCore

/// The app's own purchase as the App Store signs it (StoreKit's `AppTransaction`, the App
/// Store Server API's `AppTransaction`), for one Apple Account.
package struct AppTransactionPayload: Encodable, Equatable, Sendable {
    /// The environment: "Xcode" or "Sandbox".
    package var receiptType: String
    package var bundleId: String
    package var applicationVersion: String
    /// When the App Store signed it: the app transaction's signed date (Apple's model has no
    /// `signedDate` of its own).
    package var receiptCreationDate: Int64
    /// The version the account first had. The store keeps one version of the app, so it is
    /// that one.
    package var originalApplicationVersion: String
    package var originalPurchaseDate: Int64
    package var originalPlatform: String
    package var appTransactionId: String
    /// For the device it was signed for (`DeviceVerification`); none when no device asked.
    package var deviceVerification: String?
    package var deviceVerificationNonce: String?

    /// The app transaction of `account`. When the account got the app, which the store does
    /// not record, is its first purchase in the app (`transactions` are the account's, in any
    /// order), or, with none yet, when the App Store signs this. `device`: the device's
    /// verification, for the device that asks.
    package init(account: String?, transactions: [Transaction], context: SigningContext, device: DeviceVerification? = nil) {
        let first = transactions.filter { $0.account == account }.compactMap(\.purchaseDate).min()
        receiptType = context.environment.serverName
        bundleId = context.bundleID
        applicationVersion = context.appVersion
        originalApplicationVersion = context.appVersion
        receiptCreationDate = context.signedDate.millisecondsSince1970
        originalPurchaseDate = (first ?? context.signedDate).millisecondsSince1970
        originalPlatform = "iOS"
        appTransactionId = AppTransactionID.of(account: account, bundleID: context.bundleID)
        deviceVerification = device?.value
        deviceVerificationNonce = device?.nonce.uuidString.lowercased()
    }
}
