import AppStoreCore
import Foundation
import GRDB

/// A reader's cursor on the outbox as a row of the `readers` table: the id of the last event
/// it read.
enum ReaderRow {
    /// Where `reader` stopped: nil when it has never read.
    static func cursor(_ reader: String, _ db: Database) throws -> Int64? {
        guard let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM readers WHERE name = ?"), arguments: [reader]) else {
            return nil
        }
        return try self.cursor(row, db).eventID
    }

    /// Moves `reader`'s cursor to `id`, never back: a reader that read further meanwhile (its
    /// other process) keeps its place, so nothing is read twice.
    static func advance(_ reader: String, to id: Int64, _ db: Database) throws {
        try db.cachedStatement(sql: """
            INSERT INTO readers (name, eventID) VALUES (?, ?)
                ON CONFLICT (name) DO UPDATE SET eventID = max(eventID, excluded.eventID)
            """).execute(arguments: [reader, id])
    }

    /// Reads a row back, refusing damage by row and column. A cursor past every event the store
    /// has numbered would silently skip the events still to come.
    static func cursor(_ row: Row, _ db: Database) throws -> (name: String, eventID: Int64) {
        let name = (try? row.decode(String.self, forColumn: "name")) ?? "?"
        let r = RowReader(row: row, location: "readers, \(name)")
        let eventID: Int64 = try r.value("eventID")
        guard eventID >= 0 else { throw r.problem("eventID", "is \(eventID), not an event id (0 or more)") }
        let counter = try EventRow.counter(db)
        guard eventID <= counter else {
            throw r.problem("eventID", "is \(eventID), past the last event the store numbered (\(counter))")
        }
        return (try r.value("name"), eventID)
    }
}
