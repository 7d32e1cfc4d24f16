import AppStoreCore
import DataFiles
import Foundation
import GRDB

/// An event as a row of the `events` table: the outbox, numbered by SQLite in the order the
/// events were stored.
enum EventRow {
    static let columns = ["date", "kind", "account", "productID", "transactionID", "originalTransactionID", "details", "facts"]

    /// What the `facts` column holds: the transaction and the subscription's status as they were.
    struct Facts: Codable, Equatable {
        var transaction: Transaction?
        var subscription: SubscriptionStatus?
        /// The subscription's next renewal as the change left it (none in events kept before).
        var renewal: RenewalTerms?

        /// As kept: nil when the event names neither.
        var stored: String? {
            get throws { transaction == nil && subscription == nil ? nil : try JSONCoding.line(self) }
        }
    }

    private static let insertSQL = """
        INSERT INTO events (\(columns.joined(separator: ", "))) \
        VALUES (\(Array(repeating: "?", count: columns.count).joined(separator: ", ")))
        """

    /// Appends `events` in their order, each numbered after every event stored before it.
    /// With no number left, the change is refused whole, the counter named (SQLite would say
    /// the disk is full).
    static func append(_ events: [StoreEvent], _ db: Database) throws {
        for event in events {
            do {
                try db.cachedStatement(sql: insertSQL).execute(arguments: StatementArguments(try values(event)))
            } catch let error as DatabaseError where error.resultCode == .SQLITE_FULL {
                if let problem = try counterProblem(db) { throw problem }
                throw error
            }
        }
    }

    /// The refusal of an id counter at the largest number (SQLite numbers an event after the
    /// largest id it gave, kept in sqlite_sequence, or the largest in the table): no event can
    /// be stored, so no change of the store's can be made. Nil while numbers are left.
    static func counterProblem(_ db: Database) throws -> RowProblem? {
        guard try counter(db) == Int64.max else { return nil }
        return RowProblem(location: "events",
                          problem: "the id counter is at \(Int64.max), the largest number (sqlite_sequence, or an event's id): no more events can be stored, so no change can be made")
    }

    /// The largest event id SQLite has given (kept in sqlite_sequence, or the largest in the
    /// table): no reader can have read past it.
    static func counter(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db.cachedStatement(sql: """
            SELECT max(coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'events' AND typeof(seq) = 'integer'), 0),
                       coalesce((SELECT max(id) FROM events), 0))
            """)) ?? 0
    }

    /// The events after `id`, in order, at most `limit` (all when nil).
    static func read(after id: Int64, limit: Int?, _ db: Database) throws -> [StoreEvent] {
        // A negative limit is none.
        try Row.fetchAll(db.cachedStatement(sql: "SELECT * FROM events WHERE id > ? ORDER BY id LIMIT ?"),
                         arguments: [id, limit.map { max(0, $0) } ?? -1]).map(event)
    }

    /// `account`'s revocations (and deletions) after `id`, in order: only their rows are decoded.
    static func revocations(of account: String, after id: Int64, _ db: Database) throws -> [StoreEvent] {
        try Row.fetchAll(db.cachedStatement(sql: revocationsSQL), arguments: [id, account]).map(event)
    }

    /// Each part says the kinds as its partial index does (`events_revocations`, schema v11;
    /// `events_deletions`, v13), for SQLite to use them; together, `StoreEventKind.revocations`.
    static let revocationsSQL = """
        SELECT * FROM events WHERE id > ?1 AND account = ?2 AND kind IN ('familyRevoked', 'refunded')
        UNION ALL
        SELECT * FROM events WHERE id > ?1 AND account = ?2 AND kind = 'transactionDeleted'
        ORDER BY id
        """

    /// The values of `columns`, in their order (the id is SQLite's to give).
    static func values(_ e: StoreEvent) throws -> [DatabaseValue] {
        let values: [(any DatabaseValueConvertible)?] = [
            TransactionRow.milliseconds(e.date), e.kind.rawValue, e.account, e.productID, e.transactionID,
            e.originalTransactionID, try JSONCoding.line(stored(e.details)),
            try Facts(transaction: e.transaction, subscription: e.subscription, renewal: e.renewal).stored,
        ]
        return values.map { $0?.databaseValue ?? .null }
    }

    /// Details as kept: their times held within the years the store holds, as every time it
    /// writes, so what is written is always read back.
    private static func stored(_ details: StoreEventDetails) -> StoreEventDetails {
        var details = details
        details.gracePeriodExpiresDate = details.gracePeriodExpiresDate.map(StoreTimes.clamped)
        details.expiresDate = details.expiresDate.map(StoreTimes.clamped)
        return details
    }

    /// Reads a row back, refusing damage by row and column (a time in its details included).
    static func event(_ row: Row) throws -> StoreEvent {
        let id = (try? row.decode(Int64.self, forColumn: "id")).map(String.init) ?? "?"
        let r = RowReader(row: row, location: "events, id \(id)")
        var event = StoreEvent(id: try r.value("id"), date: try r.requiredTime("date"), kind: try r.requiredNamed("kind", "an event kind"),
                               account: try r.value("account"), productID: try r.value("productID"),
                               transactionID: try r.value("transactionID"), originalTransactionID: try r.value("originalTransactionID"))
        guard let details = try r.json("details", "an event's details", StoreEventDetails.self) else {
            throw r.problem("details", "holds NULL, not an event's details")
        }
        for (name, date) in [("gracePeriodExpiresDate", details.gracePeriodExpiresDate), ("expiresDate", details.expiresDate)] {
            guard let date, !StoreTimes.range.contains(date) else { continue }
            throw r.problem("details", "\(name) is \(JSONCoding.format(date)), a time outside \(StoreTimes.described)")
        }
        event.details = details
        // Events stored before v10 without a transaction to name have none.
        let facts = row.hasColumn("facts") ? try r.json("facts", "an event's transaction and status", Facts.self) : nil
        event.transaction = facts?.transaction
        event.subscription = facts?.subscription
        event.renewal = facts?.renewal
        return event
    }
}
