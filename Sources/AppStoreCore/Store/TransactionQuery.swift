import Foundation

/// A page of the store's whole history as Xcode's Transaction Manager lists it: every
/// account's transactions, newest first, narrowed to one account or one product. Pages follow
/// each other by the last transaction shown (`before`), so a page costs the same wherever it is.
public struct TransactionQuery: Equatable, Sendable {
    /// Only this Apple Account's (nil: every account's).
    public var account: String?
    /// Only this product's (nil: every product's).
    public var productID: String?
    /// Only those made before this transaction (its id): the page after one ending there.
    public var before: String?
    /// At most this many.
    public var limit: Int

    public init(account: String? = nil, productID: String? = nil, before: String? = nil, limit: Int) {
        self.account = account
        self.productID = productID
        self.before = before
        self.limit = limit
    }

    /// Whether `t` is one this query lists (the order and the page aside).
    public func matches(_ t: Transaction) -> Bool {
        (account == nil || t.account == account) && (productID == nil || t.productID == productID)
    }
}

/// What a `TransactionQuery` found: its transactions, newest first, and whether older ones follow.
public struct TransactionPage: Equatable, Sendable {
    public var transactions: [Transaction]
    public var hasMore: Bool

    public init(transactions: [Transaction], hasMore: Bool) {
        self.transactions = transactions
        self.hasMore = hasMore
    }
}
