import AppStoreCore

/// The error a `_storeKitErrors` entry chooses, as storefront fails the API with it: for
/// purchases the SKError code a failing purchase gives in storefront. `index` is the case's
/// position in the error type's declaration: StoreKitError for "generic",
/// Product.PurchaseError for "purchase", VerificationResult.VerificationError for
/// "verification", Transaction.RefundRequestError for "refundRequest".
enum StoreKitErrorChoice {
    /// The error `api` fails with for the entry's choice, or nil for one it does not offer.
    static func error(for api: StoreAPI, type: String, index: Int) -> APIError? {
        if api == .purchase { return code(type: type, index: index).map(APIError.skError) }
        let error: APIError? = switch type {
        case "generic": StoreKitErrorCode.allCases.element(at: index).map(APIError.storeKit)
        case "verification": VerificationErrorCode.allCases.element(at: index).map(APIError.verification)
        case "refundRequest": RefundRequestErrorCode.allCases.element(at: index).map(APIError.refundRequest)
        default: nil
        }
        return error.flatMap { api.choices.contains($0) ? $0 : nil }
    }

    /// The entry's choice for `error`; nil for one Xcode does not offer (the seed SDK's
    /// purchase limit).
    static func choice(for error: APIError) -> StoreKitErrorSetting.Choice? {
        switch error {
        case .skError(let code): choice(for: code)
        case .purchaseLimitExceeded: nil
        case .storeKit(let code): .init(index: code.index, type: "generic")
        case .verification(let code): .init(index: code.index, type: "verification")
        case .refundRequest(let code): .init(index: code.index, type: "refundRequest")
        }
    }

    /// The code, or nil for an error that is not an SKError (a network or system error, or
    /// one storefront does not know).
    static func code(type: String, index: Int) -> SKErrorCode? {
        switch type {
        case "generic": generic.indices.contains(index) ? generic[index] : nil
        case "purchase": purchase.indices.contains(index) ? purchase[index] : nil
        default: nil
        }
    }

    /// The choice that gives `code` back: Product.PurchaseError's where it has one, else
    /// StoreKitError's, else StoreKitError.unknown.
    static func choice(for code: SKErrorCode) -> StoreKitErrorSetting.Choice {
        if let index = purchase.firstIndex(of: code) { return .init(index: index, type: "purchase") }
        return .init(index: generic.firstIndex(of: code) ?? 0, type: "generic")
    }

    /// What StoreKitError's case at `index` is called, for a note about one not simulated.
    static func name(type: String, index: Int) -> String {
        let names = switch type {
        case "generic": genericNames
        case "purchase": purchaseNames
        case "verification": VerificationErrorCode.allCases.map(\.rawValue)
        case "refundRequest": RefundRequestErrorCode.allCases.map(\.rawValue)
        default: [String]()
        }
        return names.indices.contains(index) ? names[index] : "\(type) error \(index)"
    }

    // StoreKitError: unknown, userCancelled, networkError, systemError, notAvailableInStorefront, notEntitled, unsupported.
    private static let generic: [SKErrorCode?] = [.unknown, .paymentCancelled, nil, nil, .storeProductNotAvailable, nil, .unsupportedPlatform]
    private static let genericNames = ["unknown", "userCancelled", "networkError", "systemError", "notAvailableInStorefront", "notEntitled", "unsupported"]

    // Product.PurchaseError: invalidQuantity, productUnavailable, purchaseNotAllowed, ineligibleForOffer,
    // invalidOfferIdentifier, invalidOfferPrice, invalidOfferSignature, missingOfferParameters.
    private static let purchase: [SKErrorCode?] = [.paymentInvalid, .storeProductNotAvailable, .paymentNotAllowed, .ineligibleForOffer,
                                                   .invalidOfferIdentifier, .invalidOfferPrice, .invalidSignature, .missingOfferParams]
    private static let purchaseNames = ["invalidQuantity", "productUnavailable", "purchaseNotAllowed", "ineligibleForOffer",
                                        "invalidOfferIdentifier", "invalidOfferPrice", "invalidOfferSignature", "missingOfferParameters"]
}

extension Array {
    func element(at index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
