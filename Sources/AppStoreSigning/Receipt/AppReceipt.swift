import Foundation

/// The App Store receipt's content (what the PKCS#7 envelope signs): the app, when it was made,
/// and the account's in-app purchases that a receipt lists.
public struct AppReceipt: Equatable, Sendable {
    public var environment: ReceiptEnvironment
    public var bundleID: String
    public var appVersion: String
    /// The version the account first got the app at.
    public var originalApplicationVersion: String
    public var creationDate: Date
    /// Apple's opaque value: what the SHA-1 hash mixes in with the device and the bundle id.
    public var opaqueValue: [UInt8]
    public var sha1Hash: [UInt8]
    /// The Apple Account it was made for; nil when nobody was signed in.
    public var account: String?
    /// Oldest first.
    public var inAppPurchases: [InAppPurchaseReceipt]

    public init(environment: ReceiptEnvironment, bundleID: String, appVersion: String, originalApplicationVersion: String,
                creationDate: Date, opaqueValue: [UInt8], sha1Hash: [UInt8], account: String?,
                inAppPurchases: [InAppPurchaseReceipt]) {
        self.environment = environment
        self.bundleID = bundleID
        self.appVersion = appVersion
        self.originalApplicationVersion = originalApplicationVersion
        self.creationDate = creationDate
        self.opaqueValue = opaqueValue
        self.sha1Hash = sha1Hash
        self.account = account
        self.inAppPurchases = inAppPurchases
    }

    /// Whether it says what `other` says, whenever each was made: a receipt made again from
    /// records that did not change says nothing new.
    public func listsTheSame(as other: AppReceipt) -> Bool {
        var a = self, b = other
        a.creationDate = .distantPast
        b.creationDate = .distantPast
        a.opaqueValue = []
        b.opaqueValue = []
        a.sha1Hash = []
        b.sha1Hash = []
        return a == b
    }
}

/// One in-app purchase as a receipt lists it.
public struct InAppPurchaseReceipt: Equatable, Sendable {
    public var quantity: Int
    public var productID: String
    public var transactionID: String
    public var originalTransactionID: String
    public var purchaseDate: Date
    public var originalPurchaseDate: Date
    /// Auto-renewable subscriptions only.
    public var subscriptionExpirationDate: Date?
    public var webOrderLineItemID: Int64?
    /// Refunded (or otherwise taken back): when.
    public var cancellationDate: Date?
    /// Subscriptions only: bought in a free trial, or at an introductory price.
    public var isTrialPeriod: Bool?
    public var isInIntroOfferPeriod: Bool?
    public var promotionalOfferID: String?

    public init(quantity: Int, productID: String, transactionID: String, originalTransactionID: String,
                purchaseDate: Date, originalPurchaseDate: Date, subscriptionExpirationDate: Date? = nil,
                webOrderLineItemID: Int64? = nil, cancellationDate: Date? = nil, isTrialPeriod: Bool? = nil,
                isInIntroOfferPeriod: Bool? = nil, promotionalOfferID: String? = nil) {
        self.quantity = quantity
        self.productID = productID
        self.transactionID = transactionID
        self.originalTransactionID = originalTransactionID
        self.purchaseDate = purchaseDate
        self.originalPurchaseDate = originalPurchaseDate
        self.subscriptionExpirationDate = subscriptionExpirationDate
        self.webOrderLineItemID = webOrderLineItemID
        self.cancellationDate = cancellationDate
        self.isTrialPeriod = isTrialPeriod
        self.isInIntroOfferPeriod = isInIntroOfferPeriod
        self.promotionalOfferID = promotionalOfferID
    }
}
