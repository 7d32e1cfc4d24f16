import Foundation

/// A transaction the App Store deleted from the history (Xcode's Transaction Manager), as the
/// app hears of it: gone from the store, so told by what the deletion's event names.
public struct DeletedTransaction: Equatable, Sendable {
    public var id: String
    public var productID: String
    /// When it was deleted: where what it gave ends.
    public var date: Date

    public init(id: String, productID: String, date: Date) {
        self.id = id
        self.productID = productID
        self.date = date
    }
}
