import Foundation

/// A transaction the App Store deleted from the history (Xcode's Transaction Manager), as the
/// app hears of it: gone from the store, so told by what the deletion's event names.
public struct DeletedTransaction: Equatable, Sendable {
    public var id: String
    public var productID: String
    /// When it was deleted: where what it gave ends.
    public var date: Date
    /// For a renewal, a restore or a re-download: the purchase it stands for (nil for the
    /// purchase itself), so a subscription deleted whole is told by its original transaction.
    public var originalID: String?

    public init(id: String, productID: String, date: Date, originalID: String? = nil) {
        self.id = id
        self.productID = productID
        self.date = date
        self.originalID = originalID
    }
}
