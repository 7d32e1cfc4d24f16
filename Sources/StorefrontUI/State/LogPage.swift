import Foundation
import AppStoreCore

/// The full log's page: the newest transactions, oldest first, read when the log opens and
/// again when the store changes while it is shown (`Effect.loadLog`), never on the store screen.
public struct LogPage: Equatable, Sendable {
    public var transactions: [Transaction] = []
    /// How many transactions the store holds: more than the page, in a long history.
    public var count = 0
    /// The store as it was read (`StoreSnapshot.storeVersion`); nil before the first read.
    public var version: String?

    public init(transactions: [Transaction] = [], count: Int = 0, version: String? = nil) {
        self.transactions = transactions
        self.count = count
        self.version = version
    }

    /// How many of the newest transactions the page holds: its cost never grows with the history.
    public static let size = 500
}
