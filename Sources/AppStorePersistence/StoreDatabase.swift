import AppStoreCore
import DataFiles
import Foundation
import GRDB

/// The simulated App Store's records in store.sqlite (SQLite in WAL mode, through GRDB).
///
/// Every change is one write transaction that reads the records the store's rules need (the
/// settings, the queue, each product's first, latest and longest purchase, every
/// subscription's status, the prices the store changed) and writes back only the rows that
/// changed, with the events the change made: a commit costs the same whatever the history
/// holds. Other processes (the command line beside an open storefront) write the same
/// database; SQLite serialises the writers, and a reader sees whole commits only.
public final class StoreDatabase: RecordsStorage {
    public let directory: DataDirectory
    /// Made once: every access names it (in any refusal), and each tick makes several.
    public let url: URL
    /// The catalog's products: whose purchases the working set holds.
    private let productIDs: [String]
    /// Held while store.sqlite is made or checked, so two processes never make it at once and
    /// none opens it half-checked; its text notes what storefront last left the files as.
    private let lock: FileLock
    /// Nil until there is a store.sqlite: looking at a fresh directory makes no file, the
    /// first change does.
    private var database: DatabaseQueue?
    /// This connection's own commits; `data_version` counts everyone else's.
    private var ownCommits = 0

    /// Opens store.sqlite, migrating a store.json of an earlier storefront if there is one.
    /// A file that cannot be used is refused, untouched.
    public init(directory: DataDirectory, productIDs: [String]) throws {
        self.directory = directory
        url = directory.storeDatabaseURL
        self.productIDs = productIDs
        lock = try FileLock(url: directory.lockURL)
        _ = try connection(creating: false)
    }

    /// The database, opened (or made, when `creating`) if this process has not yet.
    private func connection(creating: Bool) throws -> DatabaseQueue? {
        if let database { return database }
        database = try lock.withLock { try StoreDatabaseFile.openDatabase(directory, creating: creating, lock: lock) }
        return database
    }

    /// Closing may move SQLite's log into the file (the last connection does): noted, so the
    /// next open trusts what this one left.
    deinit {
        guard let database else { return }
        let asNoted = filesAsNoted()
        guard (try? database.close()) != nil else { return }
        noteFiles(if: asNoted)
    }

    /// Whether store.sqlite and its log are as storefront last noted them. Asked before this
    /// process writes, so that its note afterwards does not vouch for a change made by
    /// something else before it (the sqlite3 shell beside an open storefront): that one is
    /// checked at the next open. (A change made in the moment between this process's commit
    /// and its note is the one it could vouch for.)
    private func filesAsNoted() -> Bool {
        StoreFilesStamp.matches(url, noted: lock)
    }

    /// Notes store.sqlite and its log as this process left them, after its own writes to
    /// files that were as noted before them (`asNoted`).
    private func noteFiles(if asNoted: Bool) {
        guard asNoted else { return }
        try? lock.withLock { StoreFilesStamp.note(url, in: lock) }
    }

    // MARK: RecordsStorage

    public func load() throws -> StoreWorkingSet {
        guard let database = try connection(creating: false) else { return StoreWorkingSet() }
        return try access { try reading(database) { db in try workingSet(db, including: []) } }
    }

    public func settings() throws -> Settings {
        guard let database = try connection(creating: false) else { return Settings() }
        return try access { try reading(database) { db in try StoreSettingsRows.read(db) } }
    }

    public func update<T>(including ids: Set<String>, _ body: (inout StoreWorkingSet) throws -> T) throws -> T {
        guard let database = try connection(creating: false) else {
            // No store yet: one is made only if there is something to keep.
            var records = StoreWorkingSet()
            let result = try body(&records)
            guard records != StoreWorkingSet(), try connection(creating: true) != nil else { return result }
            return try update(including: ids, body)
        }
        return try access {
            let commits = ownCommits
            var asNoted = false
            let result = try database.write { db in
                asNoted = filesAsNoted()
                let before = try workingSet(db, including: ids)
                var records = before
                let result = try body(&records)
                if try save(records, over: before, db) {
                    ownCommits += 1
                    CrashPoint.reached("before a commit to \(url.lastPathComponent)")
                }
                return result
            }
            if ownCommits != commits {
                CrashPoint.reached("after a commit to \(url.lastPathComponent)")
                noteFiles(if: asNoted)
            }
            return result
        }
    }

    public func timeBase() throws -> (Settings, StoreClockState) {
        guard let database = try connection(creating: false) else { return (Settings(), StoreClockState()) }
        return try access {
            try reading(database) { db in (try StoreSettingsRows.read(db), try StoreRow.read(db).clock) }
        }
    }

    public func priceBase() throws -> (Settings, [PriceChange]) {
        guard let database = try connection(creating: false) else { return (Settings(), []) }
        return try access {
            try reading(database) { db in (try StoreSettingsRows.read(db), try PriceChangeRow.readAll(db)) }
        }
    }

    public func changeToken() -> String {
        guard let database = try? connection(creating: false) else { return "none-\(ownCommits)" }
        // One statement reads alike in a transaction of its own: none begun and committed around it,
        // as each tick asks.
        let version = try? access { try database.inDatabase { db in try Int.fetchOne(db.cachedStatement(sql: "PRAGMA data_version")) } }
        return "\(version.flatMap { $0 } ?? -1)-\(ownCommits)"
    }

    public func transaction(_ id: String) throws -> Transaction? {
        guard let database = try connection(creating: false) else { return nil }
        return try access {
            try reading(database) { db in
                try Int64.fetchOne(db.cachedStatement(sql: "SELECT seq FROM transactions WHERE id = ?"), arguments: [id])
                    .flatMap { try Self.transactionRow(seq: $0, db) }.map(TransactionRow.transaction)
            }
        }
    }

    public func history(last count: Int?, finishedOnly: Bool) throws -> [Transaction] {
        guard let database = try connection(creating: false) else { return [] }
        return try access {
            try reading(database) { db in
                let filter = finishedOnly ? "WHERE finished = 1" : ""
                // The newest few (the log pane's, a walkthrough's latest) by sequence number, each
                // row read as the working set reads it: no statement of their own that reads
                // every column to compile on each new connection. More, in one statement.
                if let count, count <= Self.rowByRowLimit {
                    let seqs = try Int64.fetchAll(db.cachedStatement(sql: "SELECT seq FROM transactions \(filter) ORDER BY seq DESC LIMIT ?"),
                                                  arguments: [max(0, count)])
                    return try seqs.reversed().compactMap { try Self.transactionRow(seq: $0, db) }.map(TransactionRow.transaction)
                }
                // A negative limit is none.
                let rows = try Row.fetchAll(db.cachedStatement(sql: "SELECT * FROM transactions \(filter) ORDER BY seq DESC LIMIT ?"),
                                            arguments: [count ?? -1])
                return try rows.reversed().map(TransactionRow.transaction)
            }
        }
    }

    /// The most transactions `history` reads one row at a time.
    private static let rowByRowLimit = 20

    /// The transaction row numbered `seq`, read by the one statement every read of single rows shares.
    private static func transactionRow(seq: Int64, _ db: Database) throws -> Row? {
        try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM transactions WHERE seq = ?"), arguments: [seq])
    }

    public func purchases(of account: String, productIDs: Set<String>) throws -> [Transaction] {
        guard let database = try connection(creating: false), !productIDs.isEmpty else { return [] }
        return try access {
            try reading(database) { db in
                // Read along the index of each account's purchases.
                let marks = Array(repeating: "?", count: productIDs.count).joined(separator: ", ")
                let rows = try Row.fetchAll(db, sql: """
                    SELECT * FROM transactions WHERE state = 'purchased' AND account = ? AND productID IN (\(marks))
                        AND revocationDate IS NULL ORDER BY seq
                    """, arguments: StatementArguments([account] + productIDs.sorted()))
                return try rows.map(TransactionRow.transaction)
            }
        }
    }

    public func transactions(matching query: TransactionQuery) throws -> TransactionPage {
        guard let database = try connection(creating: false) else { return TransactionPage(transactions: [], hasMore: false) }
        return try access {
            try reading(database) { db in
                // Only the conditions asked for, so that SQLite walks the primary key from the end.
                var conditions: [String] = []
                var arguments: [any DatabaseValueConvertible] = []
                if let account = query.account {
                    conditions.append("account = ?")
                    arguments.append(account)
                }
                if let product = query.productID {
                    conditions.append("productID = ?")
                    arguments.append(product)
                }
                if let before = query.before {
                    guard let seq = try Int64.fetchOne(db.cachedStatement(sql: "SELECT seq FROM transactions WHERE id = ?"),
                                                       arguments: [before]) else {
                        return TransactionPage(transactions: [], hasMore: false)
                    }
                    conditions.append("seq < ?")
                    arguments.append(seq)
                }
                let limit = max(0, query.limit)
                arguments.append(limit + 1)
                let filter = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
                let rows = try Row.fetchAll(db.cachedStatement(sql: "SELECT * FROM transactions \(filter) ORDER BY seq DESC LIMIT ?"),
                                            arguments: StatementArguments(arguments))
                return TransactionPage(transactions: try rows.prefix(limit).map(TransactionRow.transaction), hasMore: rows.count > limit)
            }
        }
    }

    public func events(after id: Int64, limit: Int?) throws -> [StoreEvent] {
        guard let database = try connection(creating: false) else { return [] }
        return try access { try reading(database) { db in try EventRow.read(after: id, limit: limit, db) } }
    }

    public func lastEventID() throws -> Int64 {
        guard let database = try connection(creating: false) else { return 0 }
        // The primary key's end, not a count: ids are only ever appended.
        return try access {
            try reading(database) { db in try Int64.fetchOne(db.cachedStatement(sql: "SELECT coalesce(max(id), 0) FROM events")) ?? 0 }
        }
    }

    public func revocations(of account: String, after id: Int64) throws -> (events: [StoreEvent], last: Int64) {
        guard let database = try connection(creating: false) else { return ([], 0) }
        return try access {
            try reading(database) { db in
                (try EventRow.revocations(of: account, after: id, db),
                 try Int64.fetchOne(db.cachedStatement(sql: "SELECT coalesce(max(id), 0) FROM events")) ?? 0)
            }
        }
    }

    public func cursor(of reader: String) throws -> Int64? {
        guard let database = try connection(creating: false) else { return nil }
        return try access { try reading(database) { db in try ReaderRow.cursor(reader, db) } }
    }

    public func consume<T>(_ reader: String, from start: Int64, limit: Int?, _ body: ([StoreEvent]) throws -> T) throws -> T {
        // No store yet: no events, and no cursor worth making a file for.
        guard let database = try connection(creating: false) else { return try body([]) }
        return try access {
            var asNoted = false
            var moved = false
            let result = try database.write { db in
                asNoted = filesAsNoted()
                let cursor = try ReaderRow.cursor(reader, db)
                let events = try EventRow.read(after: cursor ?? start, limit: limit, db)
                let result = try body(events)
                // A reader's first read keeps where it started, events or none.
                if let last = events.last?.id ?? (cursor == nil ? start : nil) {
                    try ReaderRow.advance(reader, to: last, db)
                    moved = true
                    CrashPoint.reached("before a commit to \(url.lastPathComponent)")
                }
                return result
            }
            if moved {
                ownCommits += 1
                CrashPoint.reached("after a commit to \(url.lastPathComponent)")
                noteFiles(if: asNoted)
            }
            return result
        }
    }

    public func advance(_ reader: String, to id: Int64) throws {
        guard id > 0, try cursor(of: reader).map({ $0 < id }) ?? true,
              let database = try connection(creating: false) else { return }
        try access {
            var asNoted = false
            try database.write { db in
                asNoted = filesAsNoted()
                try ReaderRow.advance(reader, to: id, db)
                CrashPoint.reached("before a commit to \(url.lastPathComponent)")
            }
            ownCommits += 1
            CrashPoint.reached("after a commit to \(url.lastPathComponent)")
            noteFiles(if: asNoted)
        }
    }

    public func signedForm(_ kind: SignedForm.Kind, of id: String, digest: String) throws -> SignedForm? {
        guard let database = try connection(creating: false) else { return nil }
        return try access { try reading(database) { db in try SignedFormRow.find(kind, id: id, digest: digest, db) } }
    }

    public func keptForms(_ keys: [SignedForm.Key]) throws -> [SignedForm?] {
        guard !keys.isEmpty, let database = try connection(creating: false) else { return keys.map { _ in nil } }
        return try access {
            try reading(database) { db in try keys.map { try SignedFormRow.find($0.kind, id: $0.id, digest: $0.digest, db) } }
        }
    }

    /// The identifier of the device the data directory stands for, made with the store (v16),
    /// and again only if its row was removed. No store yet: one made now, not kept (looking at a
    /// fresh directory writes no file, and keeps no signed form made with it either).
    public func deviceIdentifier() throws -> UUID {
        guard let database = try connection(creating: false) else { return UUID() }
        return try access {
            if let kept = try reading(database, DeviceRow.identifier) { return kept }
            var asNoted = false
            let kept = try database.write { db in
                asNoted = filesAsNoted()
                let kept = try DeviceRow.keep(UUID(), db)
                CrashPoint.reached("before a commit to \(url.lastPathComponent)")
                return kept
            }
            ownCommits += 1
            CrashPoint.reached("after a commit to \(url.lastPathComponent)")
            noteFiles(if: asNoted)
            return kept
        }
    }

    public func keep(_ forms: [SignedForm]) throws -> [SignedForm] {
        // No store yet: nothing is made to keep them in (looking at a fresh directory writes no file).
        guard !forms.isEmpty, let database = try connection(creating: false) else { return forms }
        return try access {
            var asNoted = false
            let kept = try database.write { db in
                asNoted = filesAsNoted()
                let kept = try forms.map { try SignedFormRow.keep($0, db) }
                CrashPoint.reached("before a commit to \(url.lastPathComponent)")
                return kept
            }
            ownCommits += 1
            CrashPoint.reached("after a commit to \(url.lastPathComponent)")
            noteFiles(if: asNoted)
            return kept
        }
    }

    public func transactionCount() throws -> Int {
        // Counted: a deleted transaction (and a cleared history) leaves a gap in the sequence
        // numbers, so the last one is not the count.
        guard let database = try connection(creating: false) else { return 0 }
        return try access {
            try reading(database) { db in try Int.fetchOne(db.cachedStatement(sql: "SELECT count(*) FROM transactions")) ?? 0 }
        }
    }

    /// Reset: every record gone and the settings back to their defaults, in one transaction,
    /// under SQLite's write lock (an open storefront sees an empty store at its next read).
    public func erase() throws {
        guard let database = try connection(creating: false) else { return }
        try access {
            var asNoted = false
            try database.write { db in
                asNoted = filesAsNoted()
                try db.execute(sql: """
                    DELETE FROM transactions;
                    DELETE FROM accounts;
                    DELETE FROM settings;
                    DELETE FROM subscriptions;
                    DELETE FROM events;
                    DELETE FROM priceChanges;
                    DELETE FROM purchaseIntents;
                    DELETE FROM refundRequests;
                    DELETE FROM familyMembers;
                    DELETE FROM familySharingStops;
                    DELETE FROM signedForms;
                    DELETE FROM promotionalOfferRedemptions;
                    UPDATE store SET nextTransactionNumber = \(StoreWorkingSet.firstTransactionNumber), restoreDueDate = NULL,
                        clockRealAnchor = NULL, clockStoreAnchor = NULL;
                    """)
                CrashPoint.reached("before the commit erasing \(url.lastPathComponent)")
            }
            CrashPoint.reached("after the commit erasing \(url.lastPathComponent)")
            ownCommits += 1
            noteFiles(if: asNoted)
        }
    }

    // MARK: Reading and writing

    /// The settings, the queue (and interrupted purchases) of every account, every
    /// subscription's status and the transactions it names, and for each account and each
    /// product of the catalog its first, latest and longest-lasting purchase (and its latest,
    /// taken back or not), in the order they were made.
    private func workingSet(_ db: Database, including ids: Set<String>) throws -> StoreWorkingSet {
        var records = StoreWorkingSet()
        records.settings = try StoreSettingsRows.read(db)
        let row = try StoreRow.read(db)
        records.nextTransactionNumber = row.nextTransactionNumber
        records.restoreDueDate = row.restoreDueDate
        records.clock = row.clock
        var rows: [Int64: Row] = [:]
        func add(_ fetched: [Row]) throws {
            for row in fetched {
                guard let seq = try? row.decode(Int64.self, forColumn: "seq") else {
                    throw RowProblem(location: "transactions", problem: "a row has no sequence number")
                }
                rows[seq] = row
            }
        }
        // Found by sequence number alone, each row then read once, by one statement: a query that
        // makes rows costs GRDB an index of the columns' names, most of these find nothing or a
        // row already read, and each statement that reads every column is compiled once per
        // connection at a cost of its columns (GRDB's authorizer hears of each).
        func add(seq: Int64?) throws {
            guard let seq, rows[seq] == nil, let row = try Self.transactionRow(seq: seq, db) else { return }
            try add([row])
        }
        for seq in try Int64.fetchAll(db.cachedStatement(sql: "SELECT seq FROM transactions WHERE finished = 0 OR phase = 'interrupted'")) {
            try add(seq: seq)
        }
        // Every account's, not only the signed-in one's: the store renews them all.
        let accounts = try String.fetchAll(db.cachedStatement(sql: "SELECT name FROM accounts"))
        // The first, latest and longest purchase in one statement: one step, not four. And the
        // latest taken back or not: a family member's period taken back is what the member's
        // status reads (`familyStatuses`).
        let purchases = try db.cachedStatement(sql: """
            SELECT (\(Self.purchase(ordered: "seq ASC"))), (\(Self.purchase(ordered: "seq DESC"))),
                (\(Self.purchase(ordered: "expiresDate DESC"))),
                (SELECT seq FROM transactions WHERE state = 'purchased' AND account = ? AND productID = ? ORDER BY seq DESC LIMIT 1)
            """)
        for account in accounts {
            for id in productIDs {
                guard let row = try Row.fetchOne(purchases, arguments: [account, id, account, id, account, id, account, id]) else { continue }
                for index in 0..<4 { try add(seq: row.decode(Int64?.self, atIndex: index)) }
            }
        }
        // Statuses are few (one per account and group): all of them, with their transactions;
        // so are the prices the store changed and the promoted purchases waiting.
        records.subscriptions = try SubscriptionRow.readAll(db)
        records.priceChanges = try PriceChangeRow.readAll(db)
        records.purchaseIntents = try PurchaseIntentRow.readAll(db)
        records.promotionalOfferRedemptions = try PromotionalOfferRedemptionRow.readAll(db)
        records.refundRequests = try RefundRequestRow.readAll(db)
        records.families = try FamilyRow.readAll(db)
        records.sharingStops = try FamilyRow.readStops(db)
        // The family-shared purchases still given (a subscription's periods are each product's
        // latest and longest above), and the purchases every shared transaction loaded shares:
        // what Family Sharing's rule revokes and reads (`shareWithFamilies`).
        for seq in try Int64.fetchAll(db.cachedStatement(sql: """
            SELECT seq FROM transactions WHERE ownershipType = 'familyShared' AND revocationDate IS NULL AND expiresDate IS NULL
            """)) {
            try add(seq: seq)
        }
        // Every purchase made with an introductory offer, however old (few: one a group per
        // account): whether an account may have one again.
        for seq in try Int64.fetchAll(db.cachedStatement(sql: Self.introductoryPurchases)) {
            try add(seq: seq)
        }
        let sources = rows.values.compactMap { row -> String? in
            guard (try? row.decode(String?.self, forColumn: "ownershipType")) == "familyShared" else { return nil }
            return (try? row.decode(String?.self, forColumn: "sharedTransactionID")) ?? nil
        }
        let named = records.subscriptions.flatMap { [$0.latestTransactionID, $0.originalTransactionID] } + sources
        for id in ids.union(named) {
            try add(seq: try Int64.fetchOne(db.cachedStatement(sql: "SELECT seq FROM transactions WHERE id = ?"), arguments: [id]))
        }
        records.transactions = try rows.sorted { $0.key < $1.key }.map { try TransactionRow.transaction($0.value) }
        return records
    }

    /// The purchases made with an introductory offer (a free trial before offers were kept
    /// too): along their partial index (`transactions_introductory`, schema v12), whose
    /// condition this states as it does.
    static let introductoryPurchases = """
        SELECT seq FROM transactions WHERE state = 'purchased' AND (isTrialPeriod = 1 OR offer LIKE '%"type":"introductory"%')
        """

    /// The query for an account's (first ?) purchase of a product (second ?) still given, first
    /// in `order`: along the index of each account's purchases.
    private static func purchase(ordered order: String) -> String {
        """
        SELECT seq FROM transactions WHERE state = 'purchased' AND account = ? AND productID = ?
            AND revocationDate IS NULL ORDER BY \(order) LIMIT 1
        """
    }

    /// Writes what changed between `before` and `records`: new transactions appended, changed
    /// ones updated by id, settings one by one, statuses by account and group, price changes
    /// by product and storefront, and the
    /// change's new events appended (numbered by SQLite). Returns whether anything was written.
    private func save(_ records: StoreWorkingSet, over before: StoreWorkingSet, _ db: Database) throws -> Bool {
        guard records != before else { return false }
        try StoreSettingsRows.write(records.settings, over: before.settings, db)
        let row = StoreRow(nextTransactionNumber: records.nextTransactionNumber, restoreDueDate: records.restoreDueDate,
                           clock: records.clock)
        let rowBefore = StoreRow(nextTransactionNumber: before.nextTransactionNumber, restoreDueDate: before.restoreDueDate,
                                 clock: before.clock)
        if row != rowBefore { try row.write(db) }
        try SubscriptionRow.write(records.subscriptions, over: before.subscriptions, db)
        try PriceChangeRow.write(records.priceChanges, over: before.priceChanges, db)
        try PurchaseIntentRow.write(records.purchaseIntents, over: before.purchaseIntents, db)
        try PromotionalOfferRedemptionRow.write(records.promotionalOfferRedemptions, over: before.promotionalOfferRedemptions, db)
        try RefundRequestRow.write(records.refundRequests, over: before.refundRequests, db)
        try FamilyRow.write(records.families, records.sharingStops, over: (before.families, before.sharingStops), db)
        try EventRow.append(records.newEventsWithFacts, db)
        // A history cleared (SKTestSession.clearTransactions): every row of the account the
        // rules let go, most of which the records never read.
        for account in records.clearedHistories {
            try db.cachedStatement(sql: "DELETE FROM transactions WHERE account = ? AND finished = 1 AND phase IS NULL")
                .execute(arguments: [account])
        }
        let old = Dictionary(before.transactions.map { ($0.id, $0) }, uniquingKeysWith: { $1 })
        // A transaction deleted (SKTestSession.deleteTransaction): read, and gone from the records.
        let kept = Set(records.transactions.map(\.id))
        for t in before.transactions where !kept.contains(t.id) {
            try db.cachedStatement(sql: "DELETE FROM transactions WHERE id = ?").execute(arguments: [t.id])
        }
        var ids = Set<String>()
        for t in records.transactions {
            // A new transaction under an id already read (a store whose next id was set back
            // beside an open storefront) would overwrite that one: refused, nothing written.
            guard ids.insert(t.id).inserted else {
                throw StoreRow.idInUse(before.nextTransactionNumber, highest: Int(t.id) ?? before.nextTransactionNumber)
            }
            switch old[t.id] {
            case t?:
                continue
            case nil:
                do { try TransactionRow.insert(t, db) } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
                    // Under an id of the history beyond the records read: the same refusal.
                    throw StoreRow.idInUse(before.nextTransactionNumber, highest: Int(t.id) ?? before.nextTransactionNumber)
                }
            case .some:
                try TransactionRow.update(t, db)
            }
        }
        return true
    }

    /// Reads in a deferred transaction: one snapshot of the store, and the compiled
    /// statements kept (GRDB's `read` toggles `query_only`, which makes SQLite compile every
    /// statement again).
    private func reading<T>(_ database: DatabaseQueue, _ body: (Database) throws -> T) throws -> T {
        try database.inDatabase { db in
            var result: T?
            try db.inTransaction(.deferred) {
                result = try body(db)
                return .commit
            }
            return result!
        }
    }

    /// Runs a database access, turning SQLite's failures into a refusal that names the file.
    private func access<T>(_ body: () throws -> T) throws -> T {
        try StoreDatabaseFile.mapping(url) { try body() }
    }
}

extension StoreDatabase {
    /// Moves a store.sqlite that cannot be used aside, with its write-ahead log (so the copy
    /// can still be opened and rescued), under the store's lock, each owner-only as every
    /// file storefront keeps. Returns where it went.
    public static func keepAside(_ directory: DataDirectory, at aside: URL) throws -> URL {
        let lock = try FileLock(url: directory.lockURL)
        return try lock.withLock {
            let url = directory.storeDatabaseURL
            try FileManager.default.moveItem(at: url, to: aside)
            POSIX.makeOwnerOnly(aside.path)
            for suffix in ["-wal", "-shm"] where (try? POSIX.linkStatus(of: url.path + suffix)) != nil {
                guard (try? FileManager.default.moveItem(atPath: url.path + suffix, toPath: aside.path + suffix)) != nil else { continue }
                POSIX.makeOwnerOnly(aside.path + suffix)
            }
            return aside
        }
    }

    /// Checks store.sqlite whole, as an open does when the files are not as storefront left
    /// them (`StoreDatabaseCheck`), reading only: every problem found, at most `limit` of a
    /// kind; none when the store can be used or there is none yet. A file that is not a store
    /// at all is one problem.
    public static func problems(_ directory: DataDirectory, limit: Int) throws -> [DataFileError] {
        // Nothing there (not even a link): nothing to check, and nothing made to check it with.
        guard (try? POSIX.linkStatus(of: directory.storeDatabaseURL.path)) != nil else { return [] }
        let lock = try FileLock(url: directory.lockURL)
        return try lock.withLock {
            try StoreDatabaseFile.problems(directory, limit: limit)
        }
    }
}

extension StoreDatabase {
    /// Reads a store.json of an earlier storefront without migrating it (reset's check).
    public static func readLegacyStore(_ directory: DataDirectory) throws -> StoreWorkingSet? {
        try LegacyStoreFile.read(directory.legacyStoreURL)?.records
    }
}
