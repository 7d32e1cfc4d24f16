import AppStoreCore
import DataFiles
import Foundation
import GRDB

/// What storefront checks of a store.sqlite before trusting it, reading only: that it is a
/// storefront store of a version this one knows, that SQLite finds it whole (integrity_check:
/// every page, and every index against its table), that its tables and indexes are those
/// storefront's migrations made, and that every row reads as the store reads it (the rules of
/// `StoreSettingsRows`, `StoreRow`, `TransactionRow`, `SubscriptionRow`, `PriceChangeRow`,
/// `PurchaseIntentRow`, `EventRow`, `ReaderRow` and `SignedFormRow`, not a second copy of them), each status naming its latest
/// transaction, which is there, and its original one, there or named by the latest.
///
/// Opening a store runs it when the files are not as storefront left them (`StoreFilesStamp`);
/// `storefront doctor` runs it on demand.
enum StoreDatabaseCheck {
    /// The problems found, at most `limit` of SQLite's and of the rows' (none: the store can be
    /// used). Nothing is written: with SQLite's log beside the file (a storefront open, or one
    /// that stopped without closing), or a rollback journal, the connection is read-only, so closing it never moves the
    /// log into the file; with none there is nothing to move, and a read-only connection would
    /// leave an empty log behind. Called under the store's lock, so no storefront opens it
    /// meanwhile.
    static func problems(_ url: URL, limit: Int) throws -> [DataFileError] {
        var configuration = StoreDatabaseFile.configuration
        // A rollback journal (another program's unfinished write) would be rolled back into the
        // file by a connection that may write.
        configuration.readonly = ["-wal", "-journal"].contains { FileManager.default.fileExists(atPath: url.path + $0) }
        return try StoreDatabaseFile.mapping(url) {
            let database = try DatabaseQueue(path: url.path, configuration: configuration)
            defer { try? database.close() }
            // One snapshot, and nothing written whatever the connection.
            return try database.read { db in
                try problems(db, limit: max(1, limit)).map {
                    DataFileError(path: url.path, location: $0.location, problem: $0.problem, remedy: $0.remedy)
                }
            }
        }
    }

    /// A problem and what to do about it.
    private struct Finding {
        var location: String?
        var problem: String
        var remedy: DataFileError.Remedy

        init(location: String? = nil, _ problem: String, remedy: DataFileError.Remedy = StoreDatabaseFile.remedy) {
            self.location = location
            self.problem = problem
            self.remedy = remedy
        }

        init(_ row: RowProblem) {
            self.init(location: row.location, row.problem)
        }
    }

    /// Each step only once the one before found nothing: a damaged file's rows cannot be read
    /// for what they hold, and another program's tables are not storefront's to judge.
    private static func problems(_ db: Database, limit: Int) throws -> [Finding] {
        let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
        guard tables.contains("grdb_migrations"), tables.contains("store") else {
            return [Finding("is an SQLite database, but not a storefront store")]
        }
        guard try !StoreSchema.migrator.hasBeenSuperseded(db) else {
            return [Finding(StoreSchema.newerProblem, remedy: .useNewerVersion)]
        }
        let integrity = try integrityProblems(db, limit: limit)
        if !integrity.isEmpty { return integrity.map { Finding("is damaged (\($0))") } }
        let schema = try schemaProblems(db)
        if !schema.isEmpty { return schema }
        return try rowProblems(db, limit: limit)
    }

    /// What SQLite's integrity check reports, each on one line. It may stop at a page it
    /// cannot read, after saying which.
    private static func integrityProblems(_ db: Database, limit: Int) throws -> [String] {
        var lines: [String] = []
        do {
            let rows = try String.fetchCursor(db, sql: "PRAGMA integrity_check(\(limit))")
            while let text = try rows.next() {
                guard text != "ok" else { continue }
                let parts = text.split(separator: "\n").filter { !$0.hasPrefix("*** in database") }
                lines.append(parts.joined(separator: "; "))
            }
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CORRUPT && !lines.isEmpty {
            return lines
        }
        return lines
    }

    // MARK: Schema

    /// An entry of sqlite_master, its SQL without comments or runs of white space.
    private struct SchemaEntry: Equatable {
        var type: String
        var name: String
        var sql: String
    }

    private static func schema(_ db: Database) throws -> [String: SchemaEntry] {
        // SQLite's own entries (automatic indexes, statistics) follow from the rest; GRDB's
        // table of migrations is GRDB's to define.
        let rows = try Row.fetchAll(db, sql: """
            SELECT type, name, sql FROM sqlite_master
            WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name != 'grdb_migrations'
            """)
        var entries: [String: SchemaEntry] = [:]
        for row in rows {
            let entry = SchemaEntry(type: (try? row.decode(String.self, forColumn: "type")) ?? "?",
                                    name: (try? row.decode(String.self, forColumn: "name")) ?? "?",
                                    sql: normalized((try? row.decode(String?.self, forColumn: "sql")) ?? nil))
            entries[entry.name] = entry
        }
        return entries
    }

    /// The schema storefront's migrations make, up to the last one `db` has had: what a store
    /// of its version holds (older ones are brought up to date once they pass).
    private static func reference(for db: Database) throws -> (entries: [String: SchemaEntry], columns: [String: [ColumnInfo]]) {
        let applied = try StoreSchema.migrator.appliedMigrations(db)
        let reference = try DatabaseQueue()
        if let last = applied.last { try StoreSchema.migrator.migrate(reference, upTo: last) }
        return try reference.read { db in
            let entries = try schema(db)
            var columns: [String: [ColumnInfo]] = [:]
            for entry in entries.values where entry.type == "table" { columns[entry.name] = try db.columns(in: entry.name) }
            return (entries, columns)
        }
    }

    private static func schemaProblems(_ db: Database) throws -> [Finding] {
        let (expected, expectedColumns) = try reference(for: db)
        let found = try schema(db)
        var problems: [Finding] = []
        for name in expected.keys.sorted() {
            let want = expected[name]!
            guard let have = found[name], have.type == want.type else {
                problems.append(Finding("has no \(want.type) \(name), which storefront made"))
                continue
            }
            guard have.sql != want.sql else { continue }
            if want.type == "table" {
                let columns = try columnProblems(db, table: name, expected: expectedColumns[name] ?? [])
                if !columns.isEmpty {
                    problems += columns
                    continue
                }
            }
            problems.append(Finding(location: "\(want.type) \(name)", "is not defined as storefront defines it: \(have.sql)"))
        }
        for name in found.keys.sorted() where expected[name] == nil {
            problems.append(Finding(location: "\(found[name]!.type) \(name)", "is not one storefront makes"))
        }
        return problems
    }

    /// Each column storefront reads that the table lacks, has under another name or declares otherwise.
    private static func columnProblems(_ db: Database, table: String, expected: [ColumnInfo]) throws -> [Finding] {
        let columns = try db.columns(in: table)
        let have = Dictionary(columns.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let wanted = Set(expected.map(\.name))
        var problems: [Finding] = []
        for column in expected {
            guard let found = have[column.name] else {
                problems.append(Finding(location: "table \(table)", "has no column \(column.name), which storefront reads"))
                continue
            }
            if found.type != column.type || found.isNotNull != column.isNotNull || found.primaryKeyIndex != column.primaryKeyIndex {
                problems.append(Finding(location: "table \(table), column \(column.name)",
                                        "is declared \(declaration(found)), not \(declaration(column))"))
            }
        }
        for column in columns where !wanted.contains(column.name) {
            problems.append(Finding(location: "table \(table)", "has a column \(column.name) that storefront does not know"))
        }
        return problems
    }

    private static func declaration(_ column: ColumnInfo) -> String {
        [column.type.isEmpty ? "with no type" : column.type, column.isNotNull ? "NOT NULL" : nil,
         column.primaryKeyIndex > 0 ? "PRIMARY KEY" : nil].compactMap { $0 }.joined(separator: " ")
    }

    /// SQL as SQLite runs it: comments dropped, white space one space (storefront's
    /// migrations never quote a "--" or two spaces).
    static func normalized(_ sql: String?) -> String {
        guard let sql else { return "" }
        var text = ""
        var rest = Substring(sql)
        while let start = rest.firstRange(of: "--") ?? rest.firstRange(of: "/*") {
            text += rest[..<start.lowerBound]
            let closing = rest[start.lowerBound...].hasPrefix("--") ? "\n" : "*/"
            rest = rest[start.upperBound...].firstRange(of: closing).map { rest[$0.upperBound...] } ?? ""
            text += " "
        }
        text += rest
        return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    // MARK: Rows

    /// Every row read as the store reads it: the settings, the store's row, each account,
    /// each transaction in the order they were made, each status, each price change and each event.
    private static func rowProblems(_ db: Database, limit: Int) throws -> [Finding] {
        var problems: [Finding] = []
        func collect(_ read: () throws -> Void) throws {
            do { try read() } catch let problem as RowProblem { problems.append(Finding(problem)) }
        }
        try collect { _ = try StoreSettingsRows.read(db) }
        try collect {
            // The next id must follow every id in use, or a new transaction would take an old one's.
            let next = try StoreRow.read(db).nextTransactionNumber
            guard let highest = try Int.fetchOne(db, sql: "SELECT max(CAST(id AS INTEGER)) FROM transactions"),
                  next <= highest else { return }
            throw StoreRow.idInUse(next, highest: highest)
        }
        // A store made before accounts were kept has none until it is brought up to date.
        if try db.tableExists("accounts"),
           let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM accounts WHERE typeof(name) != 'text'"), count > 0 {
            problems.append(Finding(location: "accounts", "\(count) of its names are not text"))
        }
        let rows = try Row.fetchCursor(db, sql: "SELECT * FROM transactions ORDER BY seq")
        while problems.count < limit, let row = try rows.next() {
            try collect { _ = try TransactionRow.transaction(row) }
        }
        // Tables since v4: a store not yet brought up to date has none.
        guard try db.tableExists("subscriptions") else { return Array(problems.prefix(limit)) }
        let statuses = try Row.fetchCursor(db, sql: "SELECT * FROM subscriptions ORDER BY rowid")
        while problems.count < limit, let row = try statuses.next() {
            try collect { try checkNamedTransactions(try SubscriptionRow.status(row), db) }
        }
        let prices = try Row.fetchCursor(db, sql: "SELECT * FROM priceChanges ORDER BY productID, storefront")
        while problems.count < limit, let row = try prices.next() {
            try collect { _ = try PriceChangeRow.priceChange(row) }
        }
        if try db.tableExists("purchaseIntents") {
            let intents = try Row.fetchCursor(db, sql: "SELECT * FROM purchaseIntents ORDER BY account, productID")
            while problems.count < limit, let row = try intents.next() {
                try collect { _ = try PurchaseIntentRow.intent(row) }
            }
        }
        if try db.tableExists("refundRequests") {
            let requests = try Row.fetchCursor(db, sql: "SELECT * FROM refundRequests ORDER BY transactionID")
            while problems.count < limit, let row = try requests.next() {
                try collect { _ = try RefundRequestRow.request(row) }
            }
        }
        if try db.tableExists("familyMembers") {
            try collect { _ = try FamilyRow.readAll(db) }
            try collect { _ = try FamilyRow.readStops(db) }
        }
        let events = try Row.fetchCursor(db, sql: "SELECT * FROM events ORDER BY id")
        while problems.count < limit, let row = try events.next() {
            try collect { _ = try EventRow.event(row) }
        }
        if let counter = try EventRow.counterProblem(db) { problems.append(Finding(counter)) }
        if try db.tableExists("readers") {
            let readers = try Row.fetchCursor(db, sql: "SELECT * FROM readers ORDER BY name")
            while problems.count < limit, let row = try readers.next() {
                try collect { _ = try ReaderRow.cursor(row, db) }
            }
        }
        if try db.tableExists("signedForms") {
            let forms = try Row.fetchCursor(db, sql: "SELECT * FROM signedForms ORDER BY kind, id, digest")
            while problems.count < limit, let row = try forms.next() {
                try collect { _ = try SignedFormRow.form(row) }
            }
        }
        if try db.tableExists("device") { try collect { _ = try DeviceRow.identifier(db) } }
        if try db.tableExists("promotionalOfferRedemptions") {
            let redemptions = try Row.fetchCursor(db, sql: "SELECT * FROM promotionalOfferRedemptions ORDER BY nonce")
            while problems.count < limit, let row = try redemptions.next() {
                try collect { _ = try PromotionalOfferRedemptionRow.redemption(row) }
            }
        }
        return Array(problems.prefix(limit))
    }

    /// A status stands for transactions of the history: its latest one must be there (a row
    /// deleted by hand would leave the subscription without the period it is in). Its original
    /// one names the subscription, as every renewal does: it is there, or it is the one the
    /// latest transaction names as its original (the first purchase deleted from the history,
    /// `storefront delete-transaction`, whose renewals go on).
    private static func checkNamedTransactions(_ status: SubscriptionStatus, _ db: Database) throws {
        func problem(_ column: String, _ id: String) -> RowProblem {
            RowProblem(location: "\(SubscriptionRow.location(status.account, status.groupID)), column \(column)",
                       problem: "names transaction \(id), which is not in the store")
        }
        let latest = try Row.fetchOne(db, sql: "SELECT originalTransactionID FROM transactions WHERE id = ?",
                                      arguments: [status.latestTransactionID])
        guard let latest else { throw problem("latestTransactionID", status.latestTransactionID) }
        let original = status.originalTransactionID
        let namedByLatest = ((try? latest.decode(String?.self, forColumn: "originalTransactionID")) ?? nil)
            ?? status.latestTransactionID
        guard namedByLatest != original else { return }
        let exists = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM transactions WHERE id = ?)", arguments: [original])
        guard exists == true else { throw problem("originalTransactionID", original) }
    }
}
