/// The error a `_storeKitErrors` entry chooses, as the SKError code a failing purchase
/// gives in storefront. `index` is the case's position in the error type's declaration:
/// StoreKitError for "generic", Product.PurchaseError for "purchase".
enum StoreKitErrorChoice {
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
        let names = type == "generic" ? genericNames : type == "purchase" ? purchaseNames : []
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
