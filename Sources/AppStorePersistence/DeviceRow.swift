import Foundation
import GRDB

/// The `device` table (v15): the identifier of the device the data directory stands for, one
/// row, made with the table (a store made before has one made as it is brought up to v15) and
/// kept ever after, a reset included: erasing the records leaves the device. StoreKit's
/// `deviceVerification` is worked out from it.
enum DeviceRow {
    /// Migration v15: the table and the device's identifier.
    static func addDeviceTable(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE device (
                id INTEGER PRIMARY KEY CHECK (id = 1),     -- one device per data directory
                identifier TEXT NOT NULL                   -- a UUID, uppercase as UUID().uuidString writes it
            );
            """)
        _ = try keep(UUID(), db)
    }

    /// The kept identifier; nil before one is made. One that is not a UUID is refused by its row.
    static func identifier(_ db: Database) throws -> UUID? {
        guard let text = try String.fetchOne(db.cachedStatement(sql: "SELECT identifier FROM device WHERE id = 1")) else { return nil }
        guard let identifier = UUID(uuidString: text) else {
            throw RowProblem(location: "device, identifier", problem: "is \"\(text)\", not a UUID")
        }
        return identifier
    }

    /// Keeps `identifier` unless one is kept, and returns the one kept: two processes making one
    /// at once end with the first's.
    static func keep(_ identifier: UUID, _ db: Database) throws -> UUID {
        try db.cachedStatement(sql: "INSERT INTO device (id, identifier) VALUES (1, ?) ON CONFLICT (id) DO NOTHING")
            .execute(arguments: [identifier.uuidString])
        return try self.identifier(db) ?? identifier
    }
}
