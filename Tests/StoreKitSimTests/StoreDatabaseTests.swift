import DataFiles
import Foundation
import GRDB
import Testing
@testable import AppStoreCore
@testable import AppStorePersistence

/// store.sqlite: what it keeps, what it reads, and what it refuses.
@Suite struct StoreDatabaseTests {
    @Test func aFreshStoreHasDefaultsAndRoundTripsSettings() throws {
        let directory = TemporaryDirectory()
        let database = try storeDatabase(directory)
        #expect(try database.load() == StoreWorkingSet(), "no store yet: a fresh store")
        try database.update { $0.settings.askToBuy = true; $0.settings.storefront = "JPN" }
        let loaded = try storeDatabase(directory).load()
        #expect(loaded.settings.askToBuy)
        #expect(loaded.settings.storefront == "JPN")
        #expect(try directory.names().filter { !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") } == [".store.lock", "store.sqlite"],
                "no temporary file left behind")
    }

    @Test func lookingMakesNoFileTheFirstChangeDoes() throws {
        let directory = TemporaryDirectory()
        let database = try storeDatabase(directory)
        #expect(try database.load() == StoreWorkingSet())
        #expect(try database.update { $0.settings.askToBuy } == false)
        #expect(try directory.names() == [".store.lock"], "nothing to keep, no file")
        try database.update { $0.settings.askToBuy = true }
        #expect(try directory.names().contains("store.sqlite"))
        #expect(try storeDatabase(directory).load().settings.askToBuy)
    }

    @Test func theDatabaseIsInWALModeAndPrivate() throws {
        let directory = TemporaryDirectory()
        try storeDatabase(directory).update { $0.settings.askToBuy = true }
        let url = directory.dataDirectory.storeDatabaseURL
        let mode = try DatabaseQueue(path: url.path).read { try String.fetchOne($0, sql: "PRAGMA journal_mode") }
        #expect(mode == "wal")
        let permissions = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
    }

    @Test func aPurchaseIsOnDiskForAnotherConnection() throws {
        let directory = TemporaryDirectory()
        let t = try Harness.onDisk(directory)
        let credits = try t.buy(ID.credits10, quantity: 3)
        try t.buy(ID.premium)
        let reread = try storeDatabase(directory)
        #expect(try reread.transaction(credits.id) == (try t.transaction(credits.id)))
        #expect(try reread.load().owns(ID.premium))
        #expect(try reread.transactionCount() == 2)
        #expect(try reread.history(last: nil, finishedOnly: false).map(\.productID) == [ID.credits10, ID.premium])
    }

    @Test func changesFromAnotherConnectionAreKeptNotOverwritten() throws {
        let directory = TemporaryDirectory()
        let first = try storeDatabase(directory)
        let second = try storeDatabase(directory)
        let before = first.changeToken()
        try first.update { $0.settings.askToBuy = true }
        #expect(first.changeToken() != before)
        let seen = first.changeToken()
        try second.update { $0.settings.network = false }
        #expect(first.changeToken() != seen, "another connection's commit changes the token")
        let records = try first.load()
        #expect(records.settings.askToBuy)
        #expect(!records.settings.network)
    }

    @Test func anUnchangedUpdateWritesNothing() throws {
        let directory = TemporaryDirectory()
        let database = try storeDatabase(directory)
        try database.update { $0.settings.askToBuy = true }
        let token = database.changeToken()
        let value = try database.update { $0.settings.askToBuy }
        #expect(value)
        #expect(database.changeToken() == token)
    }

    /// A panel that toggled one setting, saved over a store another terminal changed since.
    @Test func aSettingChangeNeverRevertsAnotherProcesssChange() throws {
        let directory = TemporaryDirectory()
        let panel = try storeDatabase(directory)
        let shown = try panel.load().settings
        try storeDatabase(directory).update { $0.settings.network = false }  // `storefront set network off`
        var edited = shown
        edited.askToBuy = true
        try panel.update { $0.settings = $0.settings.applying(changesFrom: shown, to: edited) }
        let settings = try panel.load().settings
        #expect(settings.askToBuy)
        #expect(!settings.network, "the other terminal's change stays")
    }

    /// The working set holds the queue and each product's first and latest purchase, not the
    /// history: what the rules decide is the same as over the whole history in memory.
    @Test func theWorkingSetDecidesAsTheWholeHistoryDoes() throws {
        let directory = TemporaryDirectory()
        let onDisk = try Harness.onDisk(directory)
        let inMemory = try Harness()
        for t in [onDisk, inMemory] {
            try t.buy(ID.monthly)
            for _ in 0..<4 { try t.buy(ID.credits5) }
            try t.buy(ID.premium)
            t.clock.advance(by: 40 * 86_400)
            try t.queue.tick()
            try t.restore()
        }
        let working = try onDisk.records
        #expect(working.transactions.count < (try onDisk.storage.transactionCount()))
        let whole = try inMemory.records
        for id in [ID.monthly, ID.premium, ID.credits5] {
            #expect(working.owns(id) == whole.owns(id))
            #expect(working.latestExpiry(of: id) == whole.latestExpiry(of: id))
        }
        #expect(try onDisk.storage.history(last: nil, finishedOnly: false).map(\.productID)
                == whole.transactions.map(\.productID))
        #expect(onDisk.deliveries == inMemory.deliveries)
    }

    @Test func theHistoryPageIsTheNewestTransactions() throws {
        let t = try Harness.onDisk()
        for _ in 0..<25 { try t.buy(ID.credits5) }
        let all = try t.storage.history(last: nil, finishedOnly: false)
        #expect(all.count == 25)
        // A few read row by row, more in one statement: the same transactions either way.
        for count in [0, 1, 2, 20, 21, 25, 30] {
            #expect(try t.storage.history(last: count, finishedOnly: false) == Array(all.suffix(count)))
            #expect(try t.storage.history(last: count, finishedOnly: true) == Array(all.filter(\.queueState.finished).suffix(count)))
        }
        #expect(try t.storage.history(last: -1, finishedOnly: false).isEmpty)
        #expect(try t.storage.transaction(all[3].id) == all[3])
        #expect(try t.storage.transaction("no such id") == nil)
    }

    @Test func resetErasesEverythingInOneGo() throws {
        let directory = TemporaryDirectory()
        let t = try Harness.onDisk(directory)
        try t.buy(ID.premium)
        let database = try storeDatabase(directory)
        try database.erase()
        #expect(try database.load() == StoreWorkingSet())
        #expect(try database.transactionCount() == 0)
        #expect(try Harness.onDisk(directory).buy(ID.premium).id == "1000000001", "ids start again")
    }

    // MARK: Files that cannot be used

    private func refusal(_ directory: TemporaryDirectory) throws -> DataFileError {
        try #require(throws: DataFileError.self) { try storeDatabase(directory) }
    }

    @Test func aFileThatIsNotADatabaseIsRefusedAndKept() throws {
        let directory = TemporaryDirectory()
        let url = directory.dataDirectory.storeDatabaseURL
        let text = Data("these are my notes, not a database\n".utf8)
        try text.write(to: url)
        let error = try refusal(directory)
        #expect(error.path == url.path)
        #expect(error.problem.contains("not an SQLite database"))
        #expect(error.remedy == .resetStore)
        #expect(try Data(contentsOf: url) == text)
    }

    @Test func aTruncatedDatabaseIsRefusedAndKept() throws {
        let directory = TemporaryDirectory()
        let t = try Harness.onDisk(directory)
        for _ in 0..<30 { try t.buy(ID.credits5) }
        let url = directory.dataDirectory.storeDatabaseURL
        // Checkpointed into the main file, then cut short.
        _ = try DatabaseQueue(path: url.path).writeWithoutTransaction { try $0.checkpoint(.truncate) }
        let whole = try Data(contentsOf: url)
        for length in [0, 100, whole.count / 2] {
            try whole.prefix(length).write(to: url)
            let error = try refusal(directory)
            #expect(error.path == url.path, "\(length) bytes")
            #expect(try Data(contentsOf: url) == whole.prefix(length), "left as it was")
        }
    }

    /// A checkpoint copies the log's pages into the file in page order, so one killed after
    /// page 1 leaves a header announcing pages still only in the log: that store is whole.
    @Test func aCheckpointKilledAfterTheHeaderPageIsNotRefused() throws {
        let source = TemporaryDirectory()
        let t = try Harness.onDisk(source)
        try t.buy(ID.credits5)
        let url = source.dataDirectory.storeDatabaseURL
        // Another connection keeps the log from being checkpointed when the harness's closes.
        let holder = try DatabaseQueue(path: url.path)
        try holder.writeWithoutTransaction { db in
            try db.checkpoint(.truncate)
            try db.execute(sql: "PRAGMA wal_autocheckpoint = 0")
        }
        for _ in 0..<40 { try t.buy(ID.credits10) }
        let expected = try t.storage.transactionCount()
        let copy = TemporaryDirectory()
        let copied = copy.dataDirectory.storeDatabaseURL
        try FileManager.default.createDirectory(at: copied.deletingLastPathComponent(), withIntermediateDirectories: true)
        let log = try Data(contentsOf: URL(fileURLWithPath: url.path + "-wal"))
        try log.write(to: URL(fileURLWithPath: copied.path + "-wal"))
        var file = [UInt8](try Data(contentsOf: url))
        try holder.close()
        // The log's last page 1 written over the file's: the checkpoint's first write.
        let bytes = [UInt8](log)
        let pageSize = Self.bigEndian(bytes[8..<12])
        let frames = Array(stride(from: 32, to: bytes.count, by: 24 + pageSize))
        let lastFirstPage = try #require(frames.last { Self.bigEndian(bytes[$0 ..< $0 + 4]) == 1 })
        file.replaceSubrange(0..<pageSize, with: bytes[lastFirstPage + 24 ..< lastFirstPage + 24 + pageSize])
        try Data(file).write(to: copied)
        let announced = Self.bigEndian(file[28..<32]) * pageSize
        try #require(announced > file.count, "the header announces pages the file does not hold yet")

        // The same file cut short beside the same log is still refused, by the whole check.
        let cut = TemporaryDirectory()
        let cutURL = cut.dataDirectory.storeDatabaseURL
        try Data(file.prefix(file.count / 2)).write(to: cutURL)
        try log.write(to: URL(fileURLWithPath: cutURL.path + "-wal"))
        let error = try refusal(cut)
        #expect(error.path == cutURL.path)
        #expect(try Data(contentsOf: cutURL) == Data(file.prefix(file.count / 2)), "left as it was")

        let reopened = try storeDatabase(copy)
        #expect(try reopened.transactionCount() == expected, "every purchase the log held is there")
    }

    private static func bigEndian(_ bytes: ArraySlice<UInt8>) -> Int {
        bytes.reduce(0) { $0 << 8 | Int($1) }
    }

    @Test func aDatabaseFromANewerStorefrontIsRefused() throws {
        let directory = TemporaryDirectory()
        try storeDatabase(directory).update { $0.settings.askToBuy = true }
        let url = directory.dataDirectory.storeDatabaseURL
        try DatabaseQueue(path: url.path).write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99')")
        }
        let error = try refusal(directory)
        #expect(error.problem == "was written by a newer storefront")
    }

    @Test func anotherProgramsDatabaseIsNeverChanged() throws {
        let directory = TemporaryDirectory()
        let url = directory.dataDirectory.storeDatabaseURL
        try DatabaseQueue(path: url.path).write { db in
            try db.execute(sql: "CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('mine')")
        }
        let before = try Data(contentsOf: url)
        let error = try refusal(directory)
        #expect(error.problem == "is an SQLite database, but not a storefront store")
        #expect(try Data(contentsOf: url) == before)
    }

    @Test func aDirectoryOrFIFOWhereTheDatabaseShouldBeIsRefused() throws {
        let directory = TemporaryDirectory()
        let url = directory.dataDirectory.storeDatabaseURL
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        #expect(try refusal(directory).problem == "is a directory, not a file")
        try FileManager.default.removeItem(at: url)
        #expect(mkfifo(url.path, 0o600) == 0)
        #expect(try refusal(directory).problem == "is a named pipe (FIFO), not a file")
        try FileManager.default.removeItem(at: url)
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: directory.file("nowhere").path)
        #expect(try refusal(directory).problem.contains("symbolic link"))
        #expect(!FileManager.default.fileExists(atPath: directory.file("nowhere").path), "never made through the link")
    }

    /// In a data directory someone else made first, a link planted as SQLite's log is never
    /// written through.
    @Test(arguments: ["-wal", "-shm", "-journal"])
    func aLinkPlantedBesideTheStoreIsRefused(suffix: String) throws {
        let directory = TemporaryDirectory()
        try storeDatabase(directory).update { $0.settings.askToBuy = true }
        let url = directory.dataDirectory.storeDatabaseURL
        try? FileManager.default.removeItem(atPath: url.path + suffix)
        let outside = TemporaryDirectory()
        let victim = outside.file("victim")
        try Data("untouched".utf8).write(to: victim)
        try FileManager.default.createSymbolicLink(atPath: url.path + suffix, withDestinationPath: victim.path)
        let error = try refusal(directory)
        #expect(error.path == url.path + suffix)
        #expect(error.problem.hasPrefix("is a symbolic link"))
        #expect(try String(contentsOf: victim, encoding: .utf8) == "untouched")
    }

    @Test func aBadValueInARowIsNamed() throws {
        let directory = TemporaryDirectory()
        let t = try Harness.onDisk(directory)
        let bought = try t.buy(ID.credits5)
        let url = directory.dataDirectory.storeDatabaseURL
        try DatabaseQueue(path: url.path).write { db in
            try db.execute(sql: "UPDATE transactions SET state = 'bogus'")
            try db.execute(sql: "INSERT OR REPLACE INTO settings VALUES ('latencyMilliseconds', '99999999')")
        }
        let error = try #require(throws: DataFileError.self) { try storeDatabase(directory).load() }
        #expect(error.location == "settings, name latencyMilliseconds")
        #expect(error.problem.contains("must be 0 to 60000 milliseconds"))
        try DatabaseQueue(path: url.path).write { db in try db.execute(sql: "DELETE FROM settings") }
        let row = try #require(throws: DataFileError.self) { try storeDatabase(directory).transaction(bought.id) }
        #expect(row.location == "transactions, id \(bought.id), column state")
    }

    /// A hand edit with the sqlite3 shell can put text where a number belongs: a refusal, not a crash.
    @Test(arguments: [("quantity", "'many'"), ("date", "'yesterday'"), ("finished", "'yes'"), ("expiresDate", "x'00ff'")])
    func aValueOfTheWrongTypeIsNamedNotACrash(column: String, value: String) throws {
        let directory = TemporaryDirectory()
        let t = try Harness.onDisk(directory) { $0.finishTransactions = false }
        let bought = try t.buy(ID.monthly)
        try DatabaseQueue(path: directory.dataDirectory.storeDatabaseURL.path).write { db in
            try db.execute(sql: "UPDATE transactions SET \(column) = \(value)")
        }
        let error = try #require(throws: DataFileError.self) { try storeDatabase(directory).load() }
        #expect(error.location == "transactions, id \(bought.id), column \(column)")
    }

    @Test func theLastTransactionIdIsRefusedNotWrapped() throws {
        let directory = TemporaryDirectory()
        let database = try storeDatabase(directory)
        try database.update { $0.nextTransactionNumber = Int.max }
        let t = try Harness(storage: database, directory: directory)
        let error = try #require(throws: DataFileError.self) { try t.queue.add(Payment(productID: ID.premium)) }
        #expect(error.location == "store.nextTransactionNumber")
        #expect(try database.transactionCount() == 0)
    }
}

/// A store.sqlite damaged by something other than storefront (the sqlite3 shell, a disk, a bad
/// copy) is refused when it is opened, whatever is then read or written, and left byte for byte.
@Suite struct DamagedStoreDatabaseTests {
    /// A store with a purchase, a subscription and an unfinished purchase, closed.
    private func makeStore() throws -> (TemporaryDirectory, [Transaction]) {
        let directory = TemporaryDirectory()
        let t = try Harness.onDisk(directory)
        let bought = [try t.buy(ID.premium), try t.buy(ID.monthly)]
        t.app.handlesTransactions = false
        return (directory, bought + [try t.buy(ID.credits5)])
    }

    /// store.sqlite and SQLite's log beside it (none reads as empty, as SQLite reads it).
    private func bytes(_ directory: TemporaryDirectory) throws -> [Data] {
        let url = directory.dataDirectory.storeDatabaseURL
        return [try Data(contentsOf: url), (try? Data(contentsOf: URL(fileURLWithPath: url.path + "-wal"))) ?? Data()]
    }

    private func edit(_ directory: TemporaryDirectory, _ sql: String) throws {
        try DatabaseQueue(path: directory.dataDirectory.storeDatabaseURL.path).writeWithoutTransaction { db in
            try db.execute(sql: sql)
        }
    }

    /// Rewrites the root page of table or index `name` (the log moved into the file first).
    private func rewriteRootPage(of name: String, in directory: TemporaryDirectory, _ change: (inout [UInt8]) -> Void) throws {
        let url = directory.dataDirectory.storeDatabaseURL
        let (root, size) = try DatabaseQueue(path: url.path).writeWithoutTransaction { db in
            try db.checkpoint(.truncate)
            return (try Int.fetchOne(db, sql: "SELECT rootpage FROM sqlite_master WHERE name = ?", arguments: [name]) ?? 0,
                    try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 0)
        }
        var data = [UInt8](try Data(contentsOf: url))
        var page = Array(data[(root - 1) * size ..< root * size])
        change(&page)
        data.replaceSubrange((root - 1) * size ..< root * size, with: page)
        try Data(data).write(to: url)
    }

    private func refusal(_ directory: TemporaryDirectory, sourceLocation: SourceLocation = #_sourceLocation) throws -> DataFileError {
        let before = try bytes(directory)
        let error = try #require(throws: DataFileError.self, sourceLocation: sourceLocation) {
            try Harness.onDisk(directory).buy(ID.credits10)
        }
        #expect(error.path == directory.dataDirectory.storeDatabaseURL.path, sourceLocation: sourceLocation)
        #expect(try bytes(directory) == before, "left byte for byte", sourceLocation: sourceLocation)
        return error
    }

    @Test(arguments: [
        ("ALTER TABLE transactions DROP COLUMN requestDate", "table transactions", "has no column requestDate, which storefront reads"),
        ("ALTER TABLE transactions RENAME COLUMN quantity TO qty", "table transactions", "has no column quantity, which storefront reads"),
        ("ALTER TABLE transactions RENAME COLUMN id TO ident", "table transactions", "has no column id, which storefront reads"),
        ("ALTER TABLE store DROP COLUMN clockStoreAnchor", "table store", "has no column clockStoreAnchor, which storefront reads"),
        ("DROP INDEX transactions_open", nil, "has no index transactions_open, which storefront made"),
        ("DROP INDEX events_revocations", nil, "has no index events_revocations, which storefront made"),
        ("DROP INDEX events_revocations; CREATE INDEX events_revocations ON events (kind)", "index events_revocations",
         "is not defined as storefront defines it: CREATE INDEX events_revocations ON events (kind)"),
        ("DROP INDEX transactions_introductory", nil, "has no index transactions_introductory, which storefront made"),
        ("CREATE TRIGGER t AFTER INSERT ON transactions BEGIN DELETE FROM accounts; END", "trigger t", "is not one storefront makes"),
    ] as [(String, String?, String)])
    func aSchemaNotAsStorefrontMadeItIsRefusedByName(edit sql: String, location: String?, problem: String) throws {
        let (directory, _) = try makeStore()
        try edit(directory, sql)
        let error = try refusal(directory)
        #expect(error.location == location)
        #expect(error.problem == problem)
        #expect(error.remedy == .resetStore)
    }

    /// Milliseconds no clock gives: a crash in JSON's conversion, or a monthly subscription of
    /// the year 1 renewing twenty-four thousand times.
    @Test(arguments: [("date", "9223372036854775807"), ("expiresDate", "-62135596800000"), ("dueDate", "-9223372036854775808"),
                      ("requestDate", "-1")])
    func timesOutsideTheStoresYearsAreRefusedByRowAndColumn(column: String, value: String) throws {
        let (directory, bought) = try makeStore()
        try edit(directory, "UPDATE transactions SET \(column) = \(value) WHERE id = '\(bought[1].id)'")
        let error = try refusal(directory)
        #expect(error.location == "transactions, id \(bought[1].id), column \(column)")
        #expect(error.problem == "holds \(value), a time outside the years 1970 to 9999 (milliseconds since 1970)")
    }

    /// A phase the store does not know, or one the transaction's state cannot be in, would
    /// leave a purchase nobody answers (or answer one twice): refused by row and column.
    @Test(arguments: [
        ("phase = 'bogus'", "phase",
         "\"bogus\" is not a queue phase (sheetOpen, held, waitingForStore, deferred, interrupted)"),
        ("phase = 'interrupted'", "phase", "holds \"interrupted\", which a purchased transaction (finished) cannot be in"),
        ("state = 'purchasing', finished = 0", "phase", "holds NULL, which a purchasing transaction (not finished) cannot be in"),
        ("state = 'deferred', finished = 0", "phase", "holds NULL, which a deferred transaction (not finished) cannot be in"),
        ("state = 'purchasing', phase = 'sheetOpen'", "phase",
         "holds \"sheetOpen\", which a purchasing transaction (finished) cannot be in"),
        ("dueDate = 1900000000000", "dueDate", "holds 1900000000000, but only a purchase waiting for the store has a due date"),
        ("state = 'purchasing', finished = 0, phase = 'waitingForStore'", "dueDate",
         "holds NULL, but a purchase waiting for the store has the time it answers"),
    ] as [(String, String, String)])
    func aDamagedPhaseIsRefusedByRowAndColumn(set: String, column: String, problem: String) throws {
        let (directory, bought) = try makeStore()
        try edit(directory, "UPDATE transactions SET \(set) WHERE id = '\(bought[0].id)'")
        let error = try refusal(directory)
        #expect(error.location == "transactions, id \(bought[0].id), column \(column)")
        #expect(error.problem == problem)
    }

    /// A refund's columns that do not agree (half a refund, a percentage above all of the
    /// price, a reason the store does not know) are refused by row and column.
    @Test(arguments: [
        ("revocationReason = 'angry'", "revocationReason",
         "\"angry\" is not a revocation reason (developerIssue, other)"),
        ("revocationType = 'partial'", "revocationType",
         "\"partial\" is not a revocation type (refundFull, refundProrated, familyRevoke)"),
        ("revocationDate = 1900000000000", "revocationReason",
         "holds NULL, which does not agree with the other revocation columns (all set, a percentage from 1 to 100000, or none; a family-shared one's familyRevoke with no percentage)"),
        ("revocationDate = 1900000000000, revocationReason = 'other', revocationType = 'refundFull', revocationPercentage = 100001",
         "revocationPercentage",
         "holds 100001, which does not agree with the other revocation columns (all set, a percentage from 1 to 100000, or none; a family-shared one's familyRevoke with no percentage)"),
        ("revocationPercentage = 'half'", "revocationPercentage", "holds \"half\", not a value of type Optional<Int>"),
    ] as [(String, String, String)])
    func aDamagedRevocationIsRefusedByRowAndColumn(set: String, column: String, problem: String) throws {
        let (directory, bought) = try makeStore()
        try edit(directory, "UPDATE transactions SET \(set) WHERE id = '\(bought[0].id)'")
        let error = try refusal(directory)
        #expect(error.location == "transactions, id \(bought[0].id), column \(column)")
        #expect(error.problem == problem)
    }

    /// A row no command reads to do its work (not the queue, nor a product's first or latest
    /// purchase) is refused as state refuses it: by every command, before any write.
    @Test func aRowTheWorkingSetNeverReadsIsRefusedByEveryCommand() throws {
        let (directory, bought) = try makeStore()
        try edit(directory, "UPDATE transactions SET state = 'bogus' WHERE id = '\(bought[0].id)'")
        let error = try refusal(directory)
        #expect(error.location == "transactions, id \(bought[0].id), column state")
    }

    /// With the queue's index emptied, an unfinished purchase would be delivered again at every
    /// launch; a zeroed page loses whatever it held.
    @Test(arguments: ["emptied index", "zeroed page"])
    func damageSQLiteFindsIsRefusedBeforeAnythingIsWritten(kind: String) throws {
        let (directory, _) = try makeStore()
        if kind == "emptied index" {
            try rewriteRootPage(of: "transactions_open", in: directory) { page in
                // An index leaf page holding no entry.
                page = [0x0A, 0, 0, 0, 0, UInt8(page.count >> 8 & 0xFF), UInt8(page.count & 0xFF), 0]
                    + [UInt8](repeating: 0, count: page.count - 8)
            }
        } else {
            try rewriteRootPage(of: "transactions", in: directory) { page in page = [UInt8](repeating: 0, count: page.count) }
        }
        let error = try refusal(directory)
        #expect(error.problem.hasPrefix("is damaged ("))
        #expect(error.remedy == .resetStore)
    }

    /// A next id set back by hand would give a new purchase an old one's id, and the purchase
    /// would take that one's place: refused at open, and by the write itself when it was set
    /// back beside an open storefront.
    @Test func aNextIdSetBackIsRefusedNeverOverwritingAPurchase() throws {
        let (directory, bought) = try makeStore()
        try edit(directory, "UPDATE store SET nextTransactionNumber = \(bought[0].id)")
        let error = try refusal(directory)
        #expect(error.location == "store, column nextTransactionNumber")
        #expect(error.problem == "holds \(bought[0].id), but transaction \(bought.last!.id) exists already: the next id must follow the highest in use")
    }

    @Test func aNextIdSetBackBesideAnOpenStorefrontIsRefusedByTheWrite() throws {
        let directory = TemporaryDirectory()
        let open = try Harness.onDisk(directory)
        let premium = try open.buy(ID.premium)
        try edit(directory, "UPDATE store SET nextTransactionNumber = \(premium.id)")
        let error = try #require(throws: DataFileError.self) { try open.buy(ID.credits5) }
        #expect(error.location == "store, column nextTransactionNumber")
        let kept = try DatabaseQueue(path: directory.dataDirectory.storeDatabaseURL.path).read { db in
            try Row.fetchAll(db, sql: "SELECT id, productID FROM transactions").map { "\($0["id"] as String) \($0["productID"] as String)" }
        }
        #expect(kept == ["\(premium.id) \(ID.premium)"], "the premium purchase is still there, alone")
    }

    /// A quantity no payment can have would deliver -1000 credits.
    @Test(arguments: ["-1000", "0", "11"])
    func aQuantityNoPaymentHasIsRefused(quantity: String) throws {
        let (directory, bought) = try makeStore()
        try edit(directory, "UPDATE transactions SET quantity = \(quantity) WHERE id = '\(bought[2].id)'")
        let error = try refusal(directory)
        #expect(error.location == "transactions, id \(bought[2].id), column quantity")
        #expect(error.problem == "holds \(quantity), not a quantity from 1 to 10")
    }

    @Test func aNextIdBelowTheFirstIsRefused() throws {
        let (directory, _) = try makeStore()
        try edit(directory, "UPDATE store SET nextTransactionNumber = -5")
        let error = try refusal(directory)
        #expect(error.problem == "holds -5, below the first transaction id (1000000001)")
    }

    /// A store with a subscription's status, its two transactions, two price changes and an event, closed.
    private func makeSubscriptionStore() throws -> TemporaryDirectory {
        let directory = TemporaryDirectory()
        try FullRecords.write(into: try storeDatabase(directory))
        return directory
    }

    /// The new tables' rows are read by the same readers as the working set's, each refusal
    /// naming the row and column; a status naming a transaction that is not there is one.
    @Test(arguments: [
        ("UPDATE subscriptions SET state = 'bogus'", "column state",
         "\"bogus\" is not a renewal state (subscribed, expired, inBillingRetryPeriod, inGracePeriod, revoked)"),
        ("UPDATE subscriptions SET expirationReason = 'tired'", "column expirationReason",
         "\"tired\" is not an expiration reason (autoRenewDisabled, billingError, didNotConsentToPriceIncrease, productUnavailable, unknown)"),
        ("UPDATE subscriptions SET priceIncreaseStatus = 'soon'", "column priceIncreaseStatus",
         "\"soon\" is not a price increase status (noIncreasePending, pending, agreed)"),
        ("UPDATE subscriptions SET expiresDate = 9223372036854775807", "column expiresDate",
         "holds 9223372036854775807, a time outside the years 1970 to 9999 (milliseconds since 1970)"),
        ("UPDATE subscriptions SET willAutoRenew = 'sometimes'", "column willAutoRenew",
         "holds \"sometimes\", not a value of type Bool"),
        ("UPDATE subscriptions SET latestTransactionID = '1000000099'", "column latestTransactionID",
         "names transaction 1000000099, which is not in the store"),
        // Not the original its latest transaction names (a first purchase deleted, whose renewals name it, passes).
        ("UPDATE subscriptions SET originalTransactionID = '1000000098'", "column originalTransactionID",
         "names transaction 1000000098, which is not in the store"),
        ("UPDATE subscriptions SET billingRetryStartDate = NULL", "column billingRetryStartDate",
         "holds NULL, yet the state is inGracePeriod"),
        ("UPDATE subscriptions SET state = 'inBillingRetryPeriod', billingRetryStartDate = NULL", "column billingRetryStartDate",
         "holds NULL, yet the state is inBillingRetryPeriod"),
        ("UPDATE subscriptions SET gracePeriodExpiresDate = NULL", "column gracePeriodExpiresDate",
         "holds NULL, yet the state is inGracePeriod"),
        ("UPDATE subscriptions SET state = 'subscribed'", "column expirationReason",
         "holds \"billingError\", yet the state is subscribed"),
        ("UPDATE subscriptions SET state = 'expired', expirationReason = NULL", "column expirationReason",
         "holds NULL, yet the state is expired"),
    ] as [(String, String, String)])
    func aDamagedStatusIsRefusedByRowAndColumn(edit sql: String, column: String, problem: String) throws {
        let directory = try makeSubscriptionStore()
        try edit(directory, sql)
        let error = try refusal(directory)
        #expect(error.location == "subscriptions, account \(Settings.defaultAccount), group \(FullRecords.group), \(column)")
        #expect(error.problem == problem)
    }

    @Test(arguments: [
        ("UPDATE events SET kind = 'bogus'", "kind", "\"bogus\" is not an event kind ("),
        ("UPDATE events SET date = -1", "date", "holds -1, a time outside the years 1970 to 9999"),
        ("UPDATE events SET details = 'not JSON'", "details", "not an event's details in JSON"),
        ("UPDATE events SET details = '{\"planChange\":\"sideways\"}'", "details", "not an event's details in JSON"),
        ("UPDATE events SET details = '{\"expiresDate\":\"0001-01-01T00:00:00Z\"}'", "details",
         "expiresDate is 0001-01-01T00:00:00.000Z, a time outside the years 1970 to 9999"),
        ("UPDATE events SET account = x'00ff'", "account", "holds "),
    ] as [(String, String, String)])
    func aDamagedEventIsRefusedByRowAndColumn(edit sql: String, column: String, problem: String) throws {
        let directory = try makeSubscriptionStore()
        try edit(directory, sql)
        let error = try refusal(directory)
        #expect(error.location == "events, id 1, column \(column)")
        #expect(error.problem.hasPrefix(problem), "\(error.problem)")
    }

    @Test(arguments: [
        ("price", "'4,99'", "holds \"4,99\", not an amount such as 4.99"),
        ("offer", "'{\"type\":\"introductory\"}'", "not an offer (type, paymentMode, period) in JSON"),
        ("purchaseDate", "253402300800000", "holds 253402300800000, a time outside the years 1970 to 9999 (milliseconds since 1970)"),
        ("isUpgraded", "'yes'", "holds \"yes\", not a value of type Optional<Bool>"),
    ] as [(String, String, String)])
    func aDamagedPurchaseFactIsRefusedByRowAndColumn(column: String, value: String, problem: String) throws {
        let directory = try makeSubscriptionStore()
        try edit(directory, "UPDATE transactions SET \(column) = \(value) WHERE id = '1000000002'")
        let error = try refusal(directory)
        #expect(error.location == "transactions, id 1000000002, column \(column)")
        #expect(error.problem == problem)
    }

    @Test(arguments: [
        ("UPDATE priceChanges SET price = 'cheap' WHERE storefront = 'USA'", "price", "holds \"cheap\", not an amount such as 4.99"),
        ("UPDATE priceChanges SET consentNeeded = 'maybe' WHERE storefront = 'USA'", "consentNeeded",
         "holds \"maybe\", not a value of type Bool"),
        ("UPDATE priceChanges SET date = -5 WHERE storefront = 'USA'", "date",
         "holds -5, a time outside the years 1970 to 9999 (milliseconds since 1970)"),
    ] as [(String, String, String)])
    func aDamagedPriceChangeIsRefusedByRowAndColumn(edit sql: String, column: String, problem: String) throws {
        let directory = try makeSubscriptionStore()
        try edit(directory, sql)
        let error = try refusal(directory)
        #expect(error.location == "priceChanges, product \(ID.monthly), storefront USA, column \(column)")
        #expect(error.problem == problem)
    }

    @Test(arguments: [
        ("DROP TABLE events", nil, "has no table events, which storefront made"),
        ("DROP TABLE priceChanges", nil, "has no table priceChanges, which storefront made"),
        ("ALTER TABLE subscriptions DROP COLUMN gracePeriodExpiresDate", "table subscriptions",
         "has no column gracePeriodExpiresDate, which storefront reads"),
        ("ALTER TABLE transactions RENAME COLUMN price TO cost", "table transactions", "has no column price, which storefront reads"),
    ] as [(String, String?, String)])
    func aNewTableNotAsStorefrontMadeItIsRefusedByName(edit sql: String, location: String?, problem: String) throws {
        let directory = try makeSubscriptionStore()
        try edit(directory, sql)
        let error = try refusal(directory)
        #expect(error.location == location)
        #expect(error.problem == problem)
    }

    /// A log left by a process killed after writing damage: read, never moved into the file.
    @Test func damageInTheLogOfAKilledWriterIsRefusedAndTheLogKept() throws {
        let (directory, bought) = try makeStore()
        let url = directory.dataDirectory.storeDatabaseURL
        // A connection left open stands for the killed process: its log stays beside the file.
        let killed = try DatabaseQueue(path: url.path)
        try killed.write { db in try db.execute(sql: "UPDATE transactions SET quantity = 'many' WHERE id = '\(bought[0].id)'") }
        #expect(try bytes(directory)[1].count > 0)
        let error = try refusal(directory)
        #expect(error.location == "transactions, id \(bought[0].id), column quantity")
        withExtendedLifetime(killed) {}
    }

    /// A change made beside an open storefront by something else (the sqlite3 shell) is
    /// checked at the next open, even after that storefront has written again: its own writes
    /// never vouch for another's.
    @Test func aChangeMadeBesideAnOpenStorefrontIsCheckedAtTheNextOpen() throws {
        let directory = TemporaryDirectory()
        let open = try Harness.onDisk(directory)
        let bought = try open.buy(ID.premium)
        try edit(directory, "UPDATE transactions SET state = 'bogus' WHERE id = '\(bought.id)'")
        try open.buy(ID.credits5)
        let error = try #require(throws: DataFileError.self) { try storeDatabase(directory) }
        #expect(error.location == "transactions, id \(bought.id), column state")
    }

    /// storefront writes no file of its data directory through a link: the store elsewhere is
    /// never written, whoever made the link.
    @Test func aLinkToAStoreElsewhereIsRefusedNotWrittenThrough() throws {
        let (elsewhere, _) = try makeStore()
        let target = elsewhere.dataDirectory.storeDatabaseURL
        let before = try bytes(elsewhere)
        let directory = TemporaryDirectory()
        try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: directory.dataDirectory.storeDatabaseURL, withDestinationURL: target)
        let error = try #require(throws: DataFileError.self) { try Harness.onDisk(directory).buy(ID.credits10) }
        #expect(error.problem == "is a symbolic link to \(target.path); storefront never opens its store through a link")
        #expect(error.remedy == .removeStrayFile)
        #expect(try bytes(elsewhere) == before)
    }

    /// `storefront doctor`: every problem, not the first only, and nothing written (the log
    /// of a writer still open included).
    @Test func theWholeCheckListsEveryProblemAndWritesNothing() throws {
        let (directory, bought) = try makeStore()
        #expect(try StoreDatabase.problems(directory.dataDirectory, limit: 20).isEmpty)
        let open = try DatabaseQueue(path: directory.dataDirectory.storeDatabaseURL.path)
        try open.write { db in
            try db.execute(sql: "UPDATE transactions SET state = 'bogus' WHERE id = '\(bought[0].id)'")
            try db.execute(sql: "UPDATE transactions SET date = -1 WHERE id = '\(bought[2].id)'")
        }
        let before = try bytes(directory)
        let problems = try StoreDatabase.problems(directory.dataDirectory, limit: 20)
        #expect(problems.map(\.location) == ["transactions, id \(bought[0].id), column state", "transactions, id \(bought[2].id), column date"])
        #expect(try StoreDatabase.problems(directory.dataDirectory, limit: 1).count == 1)
        #expect(try bytes(directory) == before)
        withExtendedLifetime(open) {}
        #expect(try StoreDatabase.problems(TemporaryDirectory().dataDirectory, limit: 20).isEmpty, "no store yet")
    }

    /// A file kept aside holds the store's records: owner-only, as every file storefront keeps,
    /// whatever mode it had; a link is moved, and what it points to left as it is.
    @Test func filesKeptAsideAreOwnerOnly() throws {
        let directory = TemporaryDirectory()
        let url = directory.dataDirectory.storeDatabaseURL
        try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
        for suffix in ["", "-wal"] {
            try Data("not a database".utf8).write(to: URL(fileURLWithPath: url.path + suffix))
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: url.path + suffix)
        }
        let aside = try StoreDatabase.keepAside(directory.dataDirectory, at: directory.file("store.sqlite.broken"))
        for path in [aside.path, aside.path + "-wal"] {
            #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o600, "\(path)")
        }
        let target = directory.file("kept-elsewhere")
        try Data().write(to: target)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: target.path)
        try FileManager.default.createSymbolicLink(at: url, withDestinationURL: target)
        _ = try StoreDatabase.keepAside(directory.dataDirectory, at: directory.file("store.sqlite.broken-2"))
        #expect(try FileManager.default.attributesOfItem(atPath: target.path)[.posixPermissions] as? Int == 0o644)
    }
}

/// A store.sqlite made by an earlier schema is brought up to date when opened.
@Suite struct SchemaMigrationTests {
    /// A v1 store.sqlite: a purchase, a renewal, an interrupted purchase and its resolution,
    /// a request waiting for approval, with `account` as the signed-in setting (nil: none).
    private func makeVersion1(_ directory: TemporaryDirectory, account: String??) throws {
        let database = try DatabaseQueue(path: directory.dataDirectory.storeDatabaseURL.path)
        try StoreSchema.migrator.migrate(database, upTo: "v1")
        try database.write { db in
            if let account {
                try db.execute(sql: "INSERT INTO settings VALUES ('account', ?)", arguments: [account.map { "\"\($0)\"" } ?? "null"])
            }
            let rows: [(String, String, String, String?, Int, Int64?)] = [
                ("1000000001", ID.monthly, "purchased", nil, 1, 1_800_000_000_000),
                ("1000000002", ID.monthly, "purchased", "1000000001", 1, 1_900_000_000_000),
                ("1000000003", ID.premium, "failed", nil, 1, nil),
                ("1000000004", ID.premium, "purchased", "1000000003", 1, nil),
                ("1000000005", ID.yearly, "deferred", nil, 0, nil),
            ]
            for (id, product, state, original, finished, expires) in rows {
                try db.execute(sql: """
                    INSERT INTO transactions (id, productID, quantity, state, date, originalTransactionID, expiresDate, finished)
                    VALUES (?, ?, 1, ?, 1700000000000, ?, ?, ?)
                    """, arguments: [id, product, state, original, expires, finished])
            }
            try db.execute(sql: "UPDATE store SET nextTransactionNumber = 1000000006")
        }
    }

    @Test func version1RowsBelongToTheSignedInAccountAndKnowTheirKind() throws {
        let directory = TemporaryDirectory()
        try makeVersion1(directory, account: .some("kid@example.com"))
        let records = try storeDatabase(directory).load()
        let history = try storeDatabase(directory).history(last: nil, finishedOnly: false)
        #expect(history.allSatisfy { $0.account == "kid@example.com" })
        #expect(history.map(\.reason) == [.purchase, .renewal, .purchase, .resolution, .purchase])
        #expect(records.owns(ID.premium))
        #expect(records.pendingApprovals.first?.queueState.requestDate == records.pendingApprovals.first?.queueState.transactionDate)
        let migrated = try DatabaseQueue(path: directory.dataDirectory.storeDatabaseURL.path)
        #expect(try migrated.read { try String.fetchAll($0, sql: "SELECT name FROM accounts") } == ["kid@example.com"])
    }

    @Test(arguments: [String??.none, .some(.none)])
    func signedOutOrUnsetTheyGoToTheDefaultSandboxAccount(account: String??) throws {
        let directory = TemporaryDirectory()
        try makeVersion1(directory, account: account)
        let records = try storeDatabase(directory).load()
        #expect(records.transactions.allSatisfy { $0.account == Settings.defaultAccount })
    }

    /// A v9 store.sqlite as storefront writes it: a prorated refund, a family member's copy
    /// taken back and a period upgraded from open as they were, each revocation one record,
    /// and a change to another transaction writes them back column for column.
    @Test func version9RevocationsAndPlanChangesAreKept() throws {
        let directory = TemporaryDirectory()
        let database = try DatabaseQueue(path: directory.dataDirectory.storeDatabaseURL.path)
        try StoreSchema.migrator.migrate(database)
        let account = Settings.defaultAccount, member = "kid@example.com"
        try database.write { db in
            try db.execute(sql: """
                INSERT INTO transactions (id, productID, quantity, state, date, finished, account, reason, purchaseDate,
                    originalPurchaseDate, price, currency, storefront, isUpgraded, revocationDate, revocationReason,
                    revocationType, revocationPercentage, ownershipType, sharedTransactionID)
                VALUES ('1000000001', ?, 1, 'purchased', 1800000000000, 1, ?, 'purchase', 1800000000000, 1800000000000,
                        '4.99', 'USD', 'USA', NULL, 1800000600000, 'developerIssue', 'refundProrated', 25000, NULL, NULL),
                       ('1000000002', ?, 1, 'purchased', 1800000001000, 1, ?, 'purchase', 1800000001000, 1800000001000,
                        '0', 'USD', 'USA', NULL, 1800000002000, 'other', 'familyRevoke', NULL, 'familyShared', '1000000001'),
                       ('1000000003', ?, 1, 'purchased', 1800000003000, 1, ?, 'purchase', 1800000003000, 1800000003000,
                        '9.99', 'USD', 'USA', 1, NULL, NULL, NULL, NULL, NULL, NULL)
                """, arguments: [ID.premium, account, ID.premium, member, ID.monthly, account])
            try db.execute(sql: "INSERT OR IGNORE INTO accounts (name) VALUES (?), (?)", arguments: [account, member])
            try db.execute(sql: "UPDATE store SET nextTransactionNumber = 1000000004")
        }
        let rowsBefore = try database.read { try Row.fetchAll($0, sql: "SELECT * FROM transactions ORDER BY seq") }
        try database.close()
        let storage = try storeDatabase(directory)
        func date(_ milliseconds: Int64) -> Date { Date(timeIntervalSince1970: Double(milliseconds) / 1000) }
        let refunded = try #require(try storage.transaction("1000000001"))
        #expect(refunded.revocation == Revocation(date: date(1_800_000_600_000), reason: .developerIssue, type: .refundProrated,
                                                  percentage: 25_000))
        #expect(refunded.queueState.transactionDate == date(1_800_000_000_000) && refunded.price == Decimal(string: "4.99"))
        #expect(try storage.transaction("1000000002")?.revocation == .familyRevoke(at: date(1_800_000_002_000)))
        let upgraded = try #require(try storage.transaction("1000000003"))
        #expect(upgraded.isUpgraded == true && upgraded.revocation == nil)
        #expect(try StoreDatabase.problems(directory.dataDirectory, limit: 10).isEmpty)
        // Each of them written again (the name the app gave changed): the rest as it was.
        let ids = ["1000000001", "1000000002", "1000000003"]
        try storage.update(including: Set(ids)) { records in
            for i in records.transactions.indices where ids.contains(records.transactions[i].id) {
                records.transactions[i] = records.transactions[i].remade(applicationUsername: "written again")
            }
        }
        let reopened = try DatabaseQueue(path: directory.dataDirectory.storeDatabaseURL.path)
        let rowsAfter = try reopened.write { db in
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM transactions WHERE applicationUsername = 'written again'") == 3)
            try db.execute(sql: "UPDATE transactions SET applicationUsername = NULL")
            return try Row.fetchAll(db, sql: "SELECT * FROM transactions ORDER BY seq")
        }
        #expect(rowsAfter == rowsBefore, "each column written back as it was read")
        try reopened.close()
    }

    /// A v3 store.sqlite (before subscriptions, events and purchase facts): every transaction
    /// kept, each purchase's dates filled in from what v3 knew.
    @Test func version3TransactionsAreKeptAndTheirPurchaseDatesFilledIn() throws {
        let directory = TemporaryDirectory()
        let database = try DatabaseQueue(path: directory.dataDirectory.storeDatabaseURL.path)
        try StoreSchema.migrator.migrate(database, upTo: "v3")
        let rows: [(String, String, String, String?, Int64, Int64?, String?)] = [
            ("1000000001", ID.monthly, "purchased", nil, 1_800_000_000_000, 1_802_592_000_000, "purchase"),
            ("1000000002", ID.monthly, "purchased", "1000000001", 1_802_592_000_000, 1_805_184_000_000, "renewal"),
            ("1000000003", ID.premium, "failed", nil, 1_800_000_001_000, nil, "purchase"),
            ("1000000004", ID.premium, "purchased", "1000000003", 1_800_000_002_000, nil, "resolution"),
            ("1000000005", ID.monthly, "restored", "1000000001", 1_800_000_003_000, 1_802_592_000_000, nil),
            ("1000000006", ID.yearly, "deferred", nil, 1_800_000_004_000, nil, "purchase"),
        ]
        try database.write { db in
            for (id, product, state, original, date, expires, reason) in rows {
                try db.execute(sql: """
                    INSERT INTO transactions (id, productID, quantity, state, date, originalTransactionID, expiresDate, finished,
                                              account, reason, requestDate)
                    VALUES (?, ?, 1, ?, ?, ?, ?, 1, ?, ?, NULL)
                    """, arguments: [id, product, state, date, original, expires, Settings.defaultAccount, reason])
            }
            try db.execute(sql: "UPDATE store SET nextTransactionNumber = 1000000007")
        }
        try database.close()
        let before = try storeDatabase(directory).history(last: nil, finishedOnly: false)
        #expect(before.map(\.id) == rows.map(\.0))
        func date(_ milliseconds: Int64) -> Date { Date(timeIntervalSince1970: Double(milliseconds) / 1000) }
        #expect(before.map(\.purchaseDate)
                == [date(1_800_000_000_000), date(1_802_592_000_000), nil, date(1_800_000_002_000), date(1_800_000_000_000), nil])
        #expect(before.map(\.originalPurchaseDate)
                == [date(1_800_000_000_000), date(1_800_000_000_000), nil, date(1_800_000_002_000), date(1_800_000_000_000), nil],
                "a renewal's is its original purchase's, a restored one's the purchase it restored; a resolution's its own")
        #expect(before.allSatisfy { $0.price == nil && $0.offer == nil && $0.isUpgraded == nil }, "facts v3 never knew stay unknown")
        #expect(try storeDatabase(directory).load().subscriptions.isEmpty)
        #expect(try StoreDatabase.problems(directory.dataDirectory, limit: 10).isEmpty, "a v4 store as storefront makes them")
        let migrated = try DatabaseQueue(path: directory.dataDirectory.storeDatabaseURL.path)
        #expect(try migrated.read { try StoreSchema.migrator.appliedIdentifiers($0) }.contains("v4"))
    }

    /// A v4 store.sqlite: a sheet left open, a purchase waiting for the store, a request
    /// waiting for approval and one dropped, an interrupted purchase (finished by the app and
    /// not), a purchase; and a failed one holding a due date no rule of v4 left.
    private func makeVersion4(_ directory: TemporaryDirectory) throws -> DatabaseQueue {
        let database = try DatabaseQueue(path: directory.dataDirectory.storeDatabaseURL.path)
        try StoreSchema.migrator.migrate(database, upTo: "v4")
        let rows: [(String, String, Int, Int64?, Int?)] = [
            ("1000000001", "purchasing", 0, nil, nil),
            ("1000000002", "purchasing", 0, 1_800_000_001_000, nil),
            ("1000000003", "deferred", 0, nil, nil),
            ("1000000004", "deferred", 1, nil, nil),
            ("1000000005", "failed", 1, nil, 1),
            ("1000000006", "failed", 0, nil, 1),
            ("1000000007", "purchased", 1, nil, nil),
            ("1000000008", "failed", 0, 1_800_000_001_000, nil),
        ]
        try database.write { db in
            for (id, state, finished, due, awaiting) in rows {
                try db.execute(sql: """
                    INSERT INTO transactions (id, productID, quantity, state, date, finished, dueDate, awaitingResolution,
                                              account, reason)
                    VALUES (?, ?, 1, ?, 1800000000000, ?, ?, ?, ?, 'purchase')
                    """, arguments: [id, ID.credits5, state, finished, due, awaiting, Settings.defaultAccount])
            }
            try db.execute(sql: "UPDATE store SET nextTransactionNumber = 1000000009")
        }
        return database
    }

    /// Every waiting transaction of a v4 store keeps its place in the queue, now a column of
    /// its own; a due date is kept only by the purchase waiting for the store.
    @Test func version4WaitingTransactionsKeepTheirPhase() throws {
        let directory = TemporaryDirectory()
        try makeVersion4(directory).close()
        #expect(try StoreDatabase.problems(directory.dataDirectory, limit: 10).isEmpty, "a v4 store as storefront made them")
        let history = try storeDatabase(directory).history(last: nil, finishedOnly: false)
        #expect(history.map(\.queueState.phase) == [.sheetOpen, .waitingForStore, .deferred, nil, .interrupted, .interrupted, nil, nil])
        #expect(history.map(\.queueState.dueDate) == [nil, Date(timeIntervalSince1970: 1_800_000_001), nil, nil, nil, nil, nil, nil])
        let records = try storeDatabase(directory).load()
        #expect(records.interruptions.map(\.id) == ["1000000005", "1000000006"], "read by the working set")
        #expect(records.pendingApprovals.map(\.id) == ["1000000003"])
        #expect(try StoreDatabase.problems(directory.dataDirectory, limit: 10).isEmpty, "a v5 store as storefront makes them")
        let migrated = try DatabaseQueue(path: directory.dataDirectory.storeDatabaseURL.path)
        #expect(try migrated.read { try StoreSchema.migrator.appliedIdentifiers($0) }.contains("v5"))
        #expect(try !migrated.read { try $0.columns(in: "transactions") }.contains { $0.name == "awaitingResolution" },
                "the phase replaced it")
    }

    /// The migration is one transaction: one that fails at its last statement leaves the v4
    /// store as it was, so a kill at any point of it does too.
    @Test func aVersion5MigrationThatFailsChangesNothing() throws {
        let directory = TemporaryDirectory()
        let database = try makeVersion4(directory)
        // Another program's view of the column stops the column from being dropped.
        try database.write { db in try db.execute(sql: "CREATE VIEW waiting AS SELECT id FROM transactions WHERE awaitingResolution = 1") }
        let before = try database.read { db in try Row.fetchAll(db, sql: "SELECT * FROM transactions ORDER BY seq") }
        #expect(throws: (any Error).self) { try StoreSchema.migrator.migrate(database) }
        #expect(try !database.read { try StoreSchema.migrator.appliedIdentifiers($0) }.contains("v5"))
        #expect(try database.read { try Row.fetchAll($0, sql: "SELECT * FROM transactions ORDER BY seq") } == before,
                "no phase column, no row changed")
        #expect(try database.read { try $0.indexes(on: "transactions") }.contains { $0.name == "transactions_open" })
    }

    @Test func aMigratedStoreGoesOnAsANewOne() throws {
        let directory = TemporaryDirectory()
        try makeVersion1(directory, account: .some(Settings.defaultAccount))
        let t = try Harness.onDisk(directory)
        try t.set { $0.account = "other@example.com" }
        #expect(try t.buy(ID.premium).reason == .purchase, "the other account owns nothing")
        try t.set { $0.account = Settings.defaultAccount }
        #expect(try t.buy(ID.premium).reason == .redownload)
    }
}
