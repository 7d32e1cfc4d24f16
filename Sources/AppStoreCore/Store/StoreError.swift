/// StoreKit's SKError.Code, with the numbers Apple uses.
public enum SKErrorCode: Int, Codable, Sendable, CaseIterable {
    case unknown = 0
    case clientInvalid = 1
    case paymentCancelled = 2
    case paymentInvalid = 3
    case paymentNotAllowed = 4
    case storeProductNotAvailable = 5
    case cloudServicePermissionDenied = 6
    case cloudServiceNetworkConnectionFailed = 7
    case cloudServiceRevoked = 8
    case privacyAcknowledgementRequired = 9
    case unauthorizedRequestData = 10
    case invalidOfferIdentifier = 11
    case invalidSignature = 12
    case missingOfferParams = 13
    case invalidOfferPrice = 14
    case overlayCancelled = 15
    case overlayInvalidConfiguration = 16
    case overlayTimeout = 17
    case ineligibleForOffer = 18
    case unsupportedPlatform = 19
    case overlayPresentedInBackgroundScene = 20

    public var name: String { "\(self)" }

    /// The description the store records with an error of this code, as StoreKit words it in
    /// English: kept with the transaction, printed by the command line. The screens word
    /// errors in their own language (Wording's `ErrorStrings`).
    public var message: String {
        switch self {
        case .unknown: "Cannot connect to iTunes Store."
        case .clientInvalid: "The client is not allowed to issue the request."
        case .paymentCancelled: "The user cancelled the payment request."
        case .paymentInvalid: "One of the payment parameters was not recognized by the App Store."
        case .paymentNotAllowed: "The user is not allowed to authorize payments."
        case .storeProductNotAvailable: "The requested product is not available in the store."
        case .cloudServicePermissionDenied: "The user has not allowed access to cloud service information."
        case .cloudServiceNetworkConnectionFailed: "The device could not connect to the network."
        case .cloudServiceRevoked: "The user has revoked permission to use this cloud service."
        case .privacyAcknowledgementRequired: "The user has not yet acknowledged Apple's privacy policy for Apple Music."
        case .unauthorizedRequestData: "The app is attempting to use a property for which it does not have the required entitlement."
        case .invalidOfferIdentifier: "The offer identifier is not valid."
        case .invalidSignature: "The signature in a payment discount is not valid."
        case .missingOfferParams: "Parameters are missing in a payment discount."
        case .invalidOfferPrice: "The price of the selected offer is not valid."
        case .overlayCancelled: "The user cancelled the overlay."
        case .overlayInvalidConfiguration: "The overlay configuration is not valid."
        case .overlayTimeout: "The overlay timed out."
        case .ineligibleForOffer: "The user is not eligible for the subscription offer."
        case .unsupportedPlatform: "The platform does not support this request."
        case .overlayPresentedInBackgroundScene: "The overlay was presented in a background scene."
        }
    }

    /// Accepts a number ("4") or a name ("paymentNotAllowed").
    public init?(argument: String) {
        if let number = Int(argument), let code = SKErrorCode(rawValue: number) {
            self = code
        } else if let code = SKErrorCode.allCases.first(where: { $0.name.lowercased() == argument.lowercased() }) {
            self = code
        } else {
            return nil
        }
    }
}

/// An error as the sample app sees it: StoreKit's (SKErrorDomain), the network's
/// (NSURLErrorDomain), or a refusal of the app's own before anything reaches the store.
public struct StoreError: Error, Codable, Equatable, Sendable, CustomStringConvertible {
    public var domain: String
    public var code: Int
    public var name: String
    public var message: String

    public init(domain: String, code: Int, name: String, message: String) {
        self.domain = domain
        self.code = code
        self.name = name
        self.message = message
    }

    public init(_ code: SKErrorCode, message: String? = nil) {
        self.init(domain: Self.storeKitDomain, code: code.rawValue, name: code.name, message: message ?? code.message)
    }

    public static let storeKitDomain = "SKErrorDomain"
    public static let networkDomain = "NSURLErrorDomain"
    public static let appDomain = "StorefrontApp"

    public var skCode: SKErrorCode? {
        domain == Self.storeKitDomain ? SKErrorCode(rawValue: code) : nil
    }

    public var isCancellation: Bool { skCode == .paymentCancelled }

    public var description: String { "\(message) (\(domain) \(code) \(name))" }

    // MARK: The network

    public static let notConnected = StoreError(
        domain: networkDomain, code: -1009, name: "notConnectedToInternet",
        message: "The Internet connection appears to be offline.")

    // MARK: The store's answers, in the seed SDK's codes (the app's own refusals are in SampleApp)

    /// An active auto-renewable subscription bought again: the App Store's refusal. (A
    /// non-consumable bought again is downloaded again at no charge instead.)
    public static let alreadyOwned = StoreError(
        domain: appDomain, code: 5, name: "alreadyOwned",
        message: "You're currently subscribed to this. Change or cancel it in Manage Subscriptions.")
    /// Another storefront (country or region) while a subscription has not ended: the App
    /// Store's refusal.
    public static let activeSubscriptionInStorefront = StoreError(
        domain: appDomain, code: 18, name: "activeSubscription",
        message: "You can't change the country or region while you have a subscription: cancel it in Manage Subscriptions and wait until it ends.")
    public static let notSignedIn = StoreError(
        domain: appDomain, code: 7, name: "notSignedIn",
        message: "Sign in with an Apple Account first.")

    // MARK: A quantity the product does not take

    /// Only a consumable takes a quantity, up to its `maximum`.
    public static func invalidQuantity(_ quantity: Int, of productID: String, maximum: Int) -> StoreError {
        let allowed = maximum == 1 ? "1 (only consumables take a quantity)" : "1 to \(maximum)"
        return StoreError(.paymentInvalid, message: "Quantity \(quantity) is not valid for \(productID): use \(allowed).")
    }

    /// What an `invalidQuantity` error was made of, read back from its message (all that a
    /// transaction keeps of it), so that the screens can word it in their language; nil for
    /// any other error.
    public var invalidQuantity: (quantity: Int, productID: String, maximum: Int)? {
        guard skCode == .paymentInvalid,
              let match = message.wholeMatch(of: /Quantity (\d+) is not valid for (.+): use 1(?: to (\d+))?.*/),
              let quantity = Int(match.1) else { return nil }
        let parts = (quantity: quantity, productID: String(match.2), maximum: match.3.flatMap { Int($0) } ?? 1)
        return Self.invalidQuantity(parts.quantity, of: parts.productID, maximum: parts.maximum) == self ? parts : nil
    }

    // MARK: Simulated situations

    public static let interrupted = StoreError(
        .unknown, message: "The purchase was interrupted: the App Store needs you to agree to its updated terms.")
    public static let declined = StoreError(
        .paymentNotAllowed, message: "Your request to buy was declined.")
    public static let restricted = StoreError(
        .paymentNotAllowed,
        message: "In-App Purchases are restricted. Allow them in Settings > Screen Time > Content & Privacy Restrictions > iTunes & App Store Purchases > In-app Purchases.")
}
