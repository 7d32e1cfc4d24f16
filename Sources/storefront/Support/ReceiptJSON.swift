import AppStoreSigning
import Foundation

/// The receipt's fields as `storefront receipt --json` prints them, each named as the receipt's
/// ASN.1 documentation names it, dates as the receipt writes them (RFC 3339).
struct ReceiptJSON: Encodable {
    var environment: String
    var bundleID: String
    var appVersion: String
    var originalApplicationVersion: String
    var creationDate: String
    /// Base64, as the bytes they are.
    var opaqueValue: String
    var sha1Hash: String
    var account: String?
    var inAppPurchases: [InApp]

    struct InApp: Encodable {
        var quantity: Int
        var productID: String
        var transactionID: String
        var originalTransactionID: String
        var purchaseDate: String
        var originalPurchaseDate: String
        var subscriptionExpirationDate: String?
        var webOrderLineItemID: Int64?
        var cancellationDate: String?
        var isTrialPeriod: Bool?
        var isInIntroOfferPeriod: Bool?
        var promotionalOfferID: String?
    }

    init(_ r: AppReceipt) {
        environment = r.environment.receiptValue
        bundleID = r.bundleID
        appVersion = r.appVersion
        originalApplicationVersion = r.originalApplicationVersion
        creationDate = Self.date(r.creationDate)
        opaqueValue = Data(r.opaqueValue).base64EncodedString()
        sha1Hash = Data(r.sha1Hash).base64EncodedString()
        account = r.account
        inAppPurchases = r.inAppPurchases.map { p in
            InApp(quantity: p.quantity, productID: p.productID, transactionID: p.transactionID,
                  originalTransactionID: p.originalTransactionID, purchaseDate: Self.date(p.purchaseDate),
                  originalPurchaseDate: Self.date(p.originalPurchaseDate),
                  subscriptionExpirationDate: p.subscriptionExpirationDate.map(Self.date),
                  webOrderLineItemID: p.webOrderLineItemID, cancellationDate: p.cancellationDate.map(Self.date),
                  isTrialPeriod: p.isTrialPeriod, isInIntroOfferPeriod: p.isInIntroOfferPeriod,
                  promotionalOfferID: p.promotionalOfferID)
        }
    }

    static func date(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }
}
