/// A StoreKit API the store can fail on its own, as Xcode's StoreKit testing fails each API
/// with an error of its choosing (a .storekit file's `_storeKitErrors`, SKTestSession's
/// `setSimulatedError(_:forAPI:)`). In the order Xcode lists them.
public enum StoreAPI: String, CaseIterable, Codable, Sendable {
    case loadProducts, purchase, verification, appStoreSync, subscriptionStatus, appTransaction,
         manageSubscriptions, refundRequest, offerCodeRedemption

    /// How `set fail API ERROR` and walkthroughs name it: `load-products`.
    public var argument: String {
        switch self {
        case .loadProducts: "load-products"
        case .purchase: "purchase"
        case .verification: "verification"
        case .appStoreSync: "app-store-sync"
        case .subscriptionStatus: "subscription-status"
        case .appTransaction: "app-transaction"
        case .manageSubscriptions: "manage-subscriptions"
        case .refundRequest: "refund-request"
        case .offerCodeRedemption: "offer-code-redemption"
        }
    }

    /// Its entry's name in a .storekit file's `_storeKitErrors`, as Xcode writes it.
    public var xcodeName: String {
        switch self {
        case .loadProducts: "Load Products"
        case .purchase: "Purchase"
        case .verification: "Verification"
        case .appStoreSync: "App Store Sync"
        case .subscriptionStatus: "Subscription Status"
        case .appTransaction: "App Transaction"
        case .manageSubscriptions: "Manage Subscriptions Sheet"
        case .refundRequest: "Refund Request Sheet"
        case .offerCodeRedemption: "Offer Code Redeem Sheet"
        }
    }

    /// The setting its error is stored under in store.sqlite: purchases' is `failWith`, as it
    /// always was, so older stores keep reading.
    public var settingName: String {
        self == .purchase ? "failWith" : "fail" + rawValue.prefix(1).uppercased() + rawValue.dropFirst()
    }

    /// Whether storefront has the API yet: an error chosen for one it has not would be kept
    /// (and written to .storekit files) but change nothing until it has. It has them all.
    public var isSimulated: Bool { true }

    /// The errors it can fail with, as Xcode offers them per API (StoreKitTest's
    /// SKTestFailures): StoreKitError for every API but verification, the signed data's
    /// VerificationError for verification and the app transaction, RefundRequestError for
    /// refund requests. Purchases fail with SKError's codes, as the SK1 queue reports them,
    /// and with the seed SDK's purchase limit.
    public var choices: [APIError] {
        let storeKit = StoreKitErrorCode.allCases.map(APIError.storeKit)
        let verification = VerificationErrorCode.allCases.map(APIError.verification)
        return switch self {
        case .purchase: SKErrorCode.allCases.map(APIError.skError) + [.purchaseLimitExceeded]
        case .verification: verification
        case .appTransaction: storeKit + verification
        case .refundRequest: storeKit + RefundRequestErrorCode.allCases.map(APIError.refundRequest)
        case .loadProducts, .appStoreSync, .subscriptionStatus, .manageSubscriptions, .offerCodeRedemption: storeKit
        }
    }

    /// The API `set fail` and walkthroughs name: `load-products`, `loadProducts`, or Xcode's name.
    public init?(argument: String) {
        let key = argument.lowercased()
        guard let api = Self.allCases.first(where: {
            [$0.argument, $0.rawValue.lowercased(), $0.xcodeName.lowercased()].contains(key)
        }) else { return nil }
        self = api
    }
}
