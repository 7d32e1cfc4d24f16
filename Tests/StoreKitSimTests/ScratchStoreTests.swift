import DataFiles
import Foundation
import GRDB
import Testing
@testable import AppStorePersistence

/// A scratch data directory (a walkthrough's, thrown away when it ends) is not synced to disk,
/// and its store.sqlite starts as a copy of an empty store rather than running every
/// migration: the store is the same as one made in the user's data directory.
@Suite struct ScratchStoreTests {
    /// The tables and indexes, the migrations applied and the store's row of a store made by
    /// its first change in a data directory of `durability`.
    private func made(_ durability: Durability) throws -> [String] {
        let directory = TemporaryDirectory()
        let data = DataDirectory(url: directory.url, durability: durability)
        let store = try StoreDatabase(directory: data, productIDs: [ID.premium])
        try store.update { $0.settings.latencyMilliseconds = 0 }
        let queue = try DatabaseQueue(path: data.storeDatabaseURL.path)
        return try queue.read { db in
            try String.fetchAll(db, sql: "SELECT type || ' ' || name || ': ' || coalesce(sql, '') FROM sqlite_master ORDER BY name")
                + String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier")
                + Row.fetchAll(db, sql: "SELECT * FROM store").map(\.description)
                + Row.fetchAll(db, sql: "SELECT * FROM settings").map(\.description)
        }
    }

    @Test func aScratchStoreIsTheStoreTheMigrationsMake() throws {
        let durable = try made(.durable)
        #expect(durable.contains { $0.hasPrefix("table transactions: ") }, "\(durable)")
        #expect(try made(.scratch) == durable)
    }

    @Test func aScratchStoreKeepsWhatIsWrittenToIt() throws {
        let directory = TemporaryDirectory()
        let data = DataDirectory(url: directory.url, durability: .scratch)
        try StoreDatabase(directory: data, productIDs: [ID.premium]).update { $0.settings.askToBuy = true }
        #expect(try StoreDatabase(directory: data, productIDs: [ID.premium]).settings().askToBuy)
        #expect(try directory.names().filter { $0.hasSuffix(".tmp") } == [], "no temporary file left")
    }
}
