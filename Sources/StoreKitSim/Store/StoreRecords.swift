import Foundation

/// Everything the simulated App Store keeps: the content of store.json.
public struct StoreRecords: Codable, Equatable, Sendable {
    public static let currentVersion = 1

    public var version = StoreRecords.currentVersion
    public var settings = Settings()
    /// Every transaction in the order it was created. Unfinished ones form the queue;
    /// the purchased ones are the receipt.
    public var transactions: [Transaction] = []
    public var nextTransactionNumber = 1_000_000_001
    /// While a restore runs: when it completes.
    public var restoreDueDate: Date?

    public init() {}

    enum CodingKeys: String, CodingKey {
        case version, settings, transactions, nextTransactionNumber, restoreDueDate
    }

    // A field left out keeps its default, so a hand-trimmed store.json still loads.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        version = try c.decodeIfPresent(Int.self, forKey: .version) ?? Self.currentVersion
        settings = try c.decodeIfPresent(Settings.self, forKey: .settings) ?? Settings()
        transactions = try c.decodeIfPresent([Transaction].self, forKey: .transactions) ?? []
        let highest = transactions.compactMap { Int($0.id) }.max().map { $0 + 1 } ?? 1_000_000_001
        nextTransactionNumber = max(try c.decodeIfPresent(Int.self, forKey: .nextTransactionNumber) ?? highest, highest)
        restoreDueDate = try c.decodeIfPresent(Date.self, forKey: .restoreDueDate)
    }

    /// Unfinished and deferred transactions: what SKPaymentQueue.transactions holds.
    public var queue: [Transaction] { transactions.filter { !$0.finished } }

    public var pendingApprovals: [Transaction] { transactions.filter { $0.state == .deferred } }

    public var interruptions: [Transaction] { transactions.filter { $0.awaitingResolution == true } }

    /// Completed purchases the store knows the user made: what a receipt lists.
    public var receipt: [Transaction] { transactions.filter { $0.state == .purchased } }

    public func owns(_ productID: String) -> Bool {
        receipt.contains { $0.productID == productID }
    }

    public func index(of id: String) -> Int? {
        transactions.firstIndex { $0.id == id }
    }

    mutating func makeTransactionID() -> String {
        defer { nextTransactionNumber += 1 }
        return String(nextTransactionNumber)
    }
}
