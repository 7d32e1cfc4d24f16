/// verifyReceipt's `status`, as Apple documents each.
public enum VerifyReceiptStatus: Int, Sendable, CaseIterable, Codable {
    case valid = 0
    /// The body is not a JSON object storefront can read.
    case unreadableJSON = 21000
    /// `receipt-data` is missing, not base64, not PKCS#7, or what it signs is not a receipt.
    case malformed = 21002
    /// The receipt's signature does not lead to this data directory's root certificate.
    case notAuthenticated = 21003
    /// `password` is not the app's shared secret.
    case sharedSecretMismatch = 21004
    /// Apple returns it only for iOS 6-style transaction receipts of an expired subscription;
    /// an app receipt with an expired subscription is valid (0), so storefront never answers it.
    case subscriptionExpired = 21006
    /// A sandbox receipt sent to the production endpoint.
    case sandboxReceiptSentToProduction = 21007
    /// A production receipt sent to the sandbox endpoint.
    case productionReceiptSentToSandbox = 21008
    /// The account the receipt was made for is not in the store.
    case accountNotFound = 21010

    /// Apple's words for it.
    public var meaning: String {
        switch self {
        case .valid: "The receipt is valid."
        case .unreadableJSON: "The App Store could not read the JSON object you provided."
        case .malformed: "The data in the receipt-data property was malformed or missing."
        case .notAuthenticated: "The receipt could not be authenticated."
        case .sharedSecretMismatch: "The shared secret you provided does not match the shared secret on file for your account."
        case .subscriptionExpired: "This receipt is valid but the subscription has expired."
        case .sandboxReceiptSentToProduction: "This receipt is from the test environment, but it was sent to the production environment for verification."
        case .productionReceiptSentToSandbox: "This receipt is from the production environment, but it was sent to the test environment for verification."
        case .accountNotFound: "This receipt could not be authorized. Treat this the same as if a purchase was never made."
        }
    }
}
