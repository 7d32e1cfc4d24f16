import Foundation

/// A purchase the App Store's product page started (a promoted In-App Purchase): the user
/// tapped Buy there, and the App Store hands the payment to the app (SK1's
/// `paymentQueue(_:shouldAddStorePayment:for:)`, StoreKit 2's `PurchaseIntent`). It waits, one
/// per account and product, until the app adds the payment (continues it) or buys the product.
public struct PurchaseIntent: Codable, Hashable, Sendable {
    public var account: String
    public var productID: String
    /// Store time when the product page started it.
    public var date: Date

    public init(account: String, productID: String, date: Date) {
        self.account = account
        self.productID = productID
        self.date = date
    }
}
