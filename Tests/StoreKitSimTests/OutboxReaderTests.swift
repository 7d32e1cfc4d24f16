import DataFiles
import Foundation
import GRDB
import SampleApp
import Testing
import AppStoreCore
@testable import AppStorePersistence
@testable import StoreKitSim

/// The outbox's readers keep their cursors in the store, moved with what they did.
@Suite struct OutboxReaderTests {
    /// A reader is handed each event once: its cursor moves with the body that took them, and
    /// a body that fails leaves it where it was, so the same events come again.
    @Test(arguments: StorageKind.allCases)
    func aReaderIsHandedEachEventOnce(kind: StorageKind) throws {
        let t = try RefundTests.harness(kind)
        try t.buy(ID.premium)
        let stored = try t.storedEvents.map(\.id)
        #expect(!stored.isEmpty)
        #expect(try t.storage.cursor(of: "log") == nil, "a reader that never read has no cursor")
        struct Failed: Error {}
        #expect(throws: Failed.self) { try t.storage.consume("log", from: 0, limit: nil) { _ in throw Failed() } }
        #expect(try t.storage.cursor(of: "log") == nil, "nothing taken: the cursor stays")
        let first = try t.storage.consume("log", from: 0, limit: 1) { $0.map(\.id) }
        let rest = try t.storage.consume("log", from: 0, limit: nil) { $0.map(\.id) }
        #expect(first + rest == stored, "each once, in order")
        #expect(try t.storage.consume("log", from: 0, limit: nil) { $0.map(\.id) } == [])
        #expect(try t.storage.cursor(of: "log") == stored.last)
        // A reader starting now skips what came before it; a later event reaches both.
        #expect(try t.storage.consume("late", from: try t.storage.lastEventID(), limit: nil) { $0 } == [])
        try t.buy(ID.credits5)
        let news = try t.storedEvents.map(\.id).filter { $0 > stored.last! }
        #expect(try t.storage.consume("log", from: 0, limit: nil) { $0.map(\.id) } == news)
        #expect(try t.storage.consume("late", from: try t.storage.lastEventID(), limit: nil) { $0.map(\.id) } == news)
        // Never moved back.
        try t.storage.advance("log", to: 1)
        #expect(try t.storage.cursor(of: "log") == news.last)
    }

    /// The app's cursor is the store's: a relaunch that forgot what it took back still never
    /// hears the refund again.
    @Test func theAppsCursorIsKeptInTheStore() throws {
        let t = try Harness.onDisk()
        let bought = try t.buy(ID.premium)
        try t.hear { try $0.refundTransaction(bought.id) }
        try t.queue.tick()
        #expect(t.app.takenBack == [bought.id])
        let refund = try #require(try t.storedEvents.last { $0.kind == .refunded })
        #expect(try #require(try t.storage.cursor(of: PaymentQueue.appReader)) >= refund.id)
        try t.app.defaults.set(nil, forKey: SampleApp.takenBackKey)
        let relaunch = try t.relaunched()
        #expect(!relaunch.app.events.contains { if case .revoked = $0 { true } else { false } }, "nothing taken back again")
    }

    /// A store of a storefront before the store kept readers' cursors: the cursor the app kept in
    /// UserDefaults.json is honoured, so no refund it took back is taken back again.
    @Test func theCursorTheAppKeptItselfIsHonoured() throws {
        let t = try Harness.onDisk()
        let bought = try t.buy(ID.premium)
        try t.hear { try $0.refundTransaction(bought.id) }
        try t.queue.tick()
        let last = try t.storage.lastEventID()
        // As a v9 store and the app's data file left it: no reader in the store, the app's own
        // cursor, and (a file written by hand) no note of what it took back.
        let database = try DatabaseQueue(path: t.directory.dataDirectory.storeDatabaseURL.path)
        try database.write { try $0.execute(sql: "DELETE FROM readers") }
        try database.close()
        try t.app.defaults.set([SampleApp.revocationCursorKey: .int(Int(last)), SampleApp.takenBackKey: nil])
        let relaunch = try t.relaunched()
        #expect(!relaunch.app.events.contains { if case .revoked = $0 { true } else { false } })
        #expect(!relaunch.app.premiumUnlocked)
        // A refund after it is heard.
        let again = try relaunch.buy(ID.premium)
        try relaunch.hear { try $0.refundTransaction(again.id) }
        try relaunch.queue.tick()
        #expect(relaunch.app.takenBack == [again.id])
        #expect(!relaunch.app.premiumUnlocked)
    }

    /// A v9 store.sqlite opens with its events, no reader has read yet, and the check finds it whole.
    @Test func aVersion9StoreGetsReadersAndKeepsItsEvents() throws {
        let directory = TemporaryDirectory()
        let database = try DatabaseQueue(path: directory.dataDirectory.storeDatabaseURL.path)
        try StoreSchema.migrator.migrate(database, upTo: "v9")
        try database.write { db in
            try db.execute(sql: """
                INSERT INTO events (date, kind, account, productID, details)
                VALUES (1800000000000, 'purchased', 'a@example.com', ?, '{}'), (1800000001000, 'refunded', 'a@example.com', ?, '{}')
                """, arguments: [ID.premium, ID.premium])
        }
        try database.close()
        let storage = try storeDatabase(directory)
        #expect(try storage.events(after: 0, limit: nil).map(\.kind) == [.purchased, .refunded])
        #expect(try storage.cursor(of: PaymentQueue.appReader) == nil)
        #expect(try StoreDatabase.problems(directory.dataDirectory, limit: 10).isEmpty)
        #expect(try storage.consume("log", from: 0, limit: nil) { $0.count } == 2)
        let migrated = try DatabaseQueue(path: directory.dataDirectory.storeDatabaseURL.path)
        #expect(try migrated.read { try StoreSchema.migrator.appliedIdentifiers($0) }.contains("v10"))
        try migrated.close()
    }

    /// The app reads its account's revocations at every launch and purchase: SQLite finds them
    /// by the partial index v11 made (a v10 store gets it), not by reading every event since.
    @Test func theAppsRevocationsAreFoundByTheirIndex() throws {
        let directory = TemporaryDirectory()
        let database = try DatabaseQueue(path: directory.dataDirectory.storeDatabaseURL.path)
        try StoreSchema.migrator.migrate(database, upTo: "v10")
        try database.close()
        _ = try storeDatabase(directory).events(after: 0, limit: nil)
        let migrated = try DatabaseQueue(path: directory.dataDirectory.storeDatabaseURL.path)
        let plan = try migrated.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + EventRow.revocationsSQL, arguments: [0, "a@example.com"])
                .map { $0["detail"] as String }
        }
        try migrated.close()
        #expect(plan.contains { $0.contains("USING INDEX events_revocations") }, "\(plan)")
        // The query names every kind that revokes, as the index does.
        for kind in StoreEventKind.revocations { #expect(EventRow.revocationsSQL.contains("'\(kind.rawValue)'")) }
        #expect(try StoreDatabase.problems(directory.dataDirectory, limit: 10).isEmpty)
    }

    /// The app hears of its account's transactions deleted with its revocations: SQLite finds
    /// them by the partial index v13 made (a v12 store gets it), each part of the query by its own.
    @Test func theAppsDeletionsAreFoundByTheirIndex() throws {
        let directory = TemporaryDirectory()
        let database = try DatabaseQueue(path: directory.dataDirectory.storeDatabaseURL.path)
        try StoreSchema.migrator.migrate(database, upTo: "v12")
        try database.close()
        _ = try storeDatabase(directory).events(after: 0, limit: nil)
        let migrated = try DatabaseQueue(path: directory.dataDirectory.storeDatabaseURL.path)
        let plan = try migrated.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + EventRow.revocationsSQL, arguments: [0, "a@example.com"])
                .map { $0["detail"] as String }
        }
        try migrated.close()
        #expect(plan.contains { $0.contains("USING INDEX events_deletions") }, "\(plan)")
        #expect(plan.contains { $0.contains("USING INDEX events_revocations") }, "\(plan)")
        #expect(!plan.contains { $0.hasPrefix("SCAN events") }, "\(plan)")
        #expect(try StoreDatabase.problems(directory.dataDirectory, limit: 10).isEmpty)
    }

    /// A cursor damaged by hand (not a number, below 0, past every event numbered) is refused by row and column, as every row is.
    @Test(arguments: ["'none'", "-1", "99999"])
    func aDamagedCursorIsRefused(value: String) throws {
        let t = try Harness.onDisk()
        try t.buy(ID.premium)
        _ = try t.storage.consume("log", from: 0, limit: nil) { $0 }
        let database = try DatabaseQueue(path: t.directory.dataDirectory.storeDatabaseURL.path)
        try database.write { try $0.execute(sql: "UPDATE readers SET eventID = \(value) WHERE name = 'log'") }
        try database.close()
        let problems = try StoreDatabase.problems(t.directory.dataDirectory, limit: 10)
        #expect(problems.map(\.location) == ["readers, log, column eventID"])
    }
}
