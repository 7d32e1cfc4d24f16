/// The app a receipt is for, as App Store Connect knows it: its bundle id, the version
/// installed, and the app-specific shared secret a server sends verifyReceipt as `password`.
public struct ReceiptApp: Equatable, Sendable {
    public var bundleID: String
    public var appVersion: String
    public var sharedSecret: String

    public init(bundleID: String, appVersion: String, sharedSecret: String) {
        self.bundleID = bundleID
        self.appVersion = appVersion
        self.sharedSecret = sharedSecret
    }
}
