/// The attribute types of the App Store receipt's ASN.1, as Apple documents them (Receipt
/// Validation Programming Guide), and the one storefront adds of its own.
public enum ReceiptField: Int, Sendable, CaseIterable {
    /// Apple's receipts carry it undocumented: "Production" or "ProductionSandbox".
    case environment = 0
    case bundleID = 2
    case appVersion = 3
    case opaqueValue = 4
    case sha1Hash = 5
    case creationDate = 12
    /// One per in-app purchase, each a SET of `InAppField` attributes.
    case inAppPurchase = 17
    case originalApplicationVersion = 19
    /// storefront's own: the Apple Account the receipt was made for, so verifyReceipt finds the
    /// account's records again (a device's receipt belongs to the account signed in on it).
    case account = 9001
}

/// The attribute types inside an in-app purchase receipt.
public enum InAppField: Int, Sendable, CaseIterable {
    case quantity = 1701
    case productID = 1702
    case transactionID = 1703
    case purchaseDate = 1704
    case originalTransactionID = 1705
    case originalPurchaseDate = 1706
    case subscriptionExpirationDate = 1708
    case webOrderLineItemID = 1711
    case cancellationDate = 1712
    case isTrialPeriod = 1713
    case isInIntroOfferPeriod = 1719
    case promotionalOfferID = 1721
}
