import AppStoreCore
import GRDB

/// A small table the records hold whole, one row per key (its first `keyCount` columns),
/// written by difference: rows whose key is gone are deleted, new and changed ones upserted,
/// so a row kept keeps its rowid (its place in the order it was first written).
struct KeyedTable<Record: Equatable>: Sendable {
    let name: String
    let columns: [String]
    let keyCount: Int
    /// The values of `columns`, in their order.
    let values: @Sendable (Record) -> [(any DatabaseValueConvertible)?]

    func write(_ records: [Record], over before: [Record], _ db: Database) throws {
        guard records != before else { return }
        let old = Dictionary(before.map { (key($0), $0) }, uniquingKeysWith: { $1 })
        let kept = Set(records.map(key))
        for key in old.keys where !kept.contains(key) {
            try db.cachedStatement(sql: deleteSQL).execute(arguments: StatementArguments(key))
        }
        for record in records where old[key(record)] != record {
            try db.cachedStatement(sql: upsertSQL).execute(arguments: StatementArguments(row(record)))
        }
    }

    private func row(_ record: Record) -> [DatabaseValue] { values(record).map { $0?.databaseValue ?? .null } }

    private func key(_ record: Record) -> [DatabaseValue] { Array(row(record).prefix(keyCount)) }

    private var keyColumns: ArraySlice<String> { columns.prefix(keyCount) }

    private var deleteSQL: String {
        "DELETE FROM \(name) WHERE " + keyColumns.map { "\($0) = ?" }.joined(separator: " AND ")
    }

    private var upsertSQL: String {
        let others = columns.dropFirst(keyCount)
        let onConflict = others.isEmpty ? "DO NOTHING" : "DO UPDATE SET " + others.map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
        return "INSERT INTO \(name) (\(columns.joined(separator: ", "))) "
            + "VALUES (\(Array(repeating: "?", count: columns.count).joined(separator: ", "))) "
            + "ON CONFLICT (\(keyColumns.joined(separator: ", "))) \(onConflict)"
    }
}
