import Foundation
import AppStoreCore

/// What the App Store signs a payload with besides the store's records: the app it is for,
/// the environment it names, and when it signs (store time, from the store's clock).
package struct SigningContext: Equatable, Sendable {
    /// The app's bundle identifier (`bundleId`).
    package var bundleID: String
    /// The app's version (CFBundleVersion): an app transaction's `applicationVersion`.
    package var appVersion: String
    package var environment: SigningEnvironment
    /// When the App Store signs it (`signedDate`, and an app transaction's `receiptCreationDate`).
    package var signedDate: Date

    package init(bundleID: String, appVersion: String, environment: SigningEnvironment, signedDate: Date) {
        self.bundleID = bundleID
        self.appVersion = appVersion
        self.environment = environment
        self.signedDate = signedDate
    }
}
