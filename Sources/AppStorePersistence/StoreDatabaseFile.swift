import AppStoreCore
import DataFiles
import Foundation
import GRDB

/// store.sqlite as a file: opening it, making it, and refusing one that cannot be used. A
/// refused file is never written, moved or deleted here; a reset keeps it aside.
enum StoreDatabaseFile {
    static let remedy = DataFileError.Remedy.resetStore

    /// Opens store.sqlite; when there is none, makes it from a store.json of an earlier
    /// storefront, or an empty one when `creating`, or returns nil. Called under the store's
    /// file lock (`lock`), so two processes never make the database at once, and none opens
    /// it while another checks it. A store whose files are not as storefront left them is
    /// checked whole first (`StoreFilesStamp`, `StoreDatabaseCheck`): one that fails is refused
    /// before anything is written, by every command alike.
    static func openDatabase(_ directory: DataDirectory, creating: Bool, lock: FileLock) throws -> DatabaseQueue? {
        let url = directory.storeDatabaseURL
        if try !isUsableFile(url) {
            let legacy = try LegacyStoreFile.read(directory.legacyStoreURL)
            guard legacy != nil || creating else { return nil }
            try create(url, from: legacy, durability: directory.durability)
            StoreFilesStamp.note(url, in: lock)
        }
        try checkHeader(url)
        try checkCompanions(url)
        if !StoreFilesStamp.matches(url, noted: lock), let problem = try StoreDatabaseCheck.problems(url, limit: 1).first {
            throw problem
        }
        let database = try mapping(url) { try DatabaseQueue(path: url.path, configuration: configuration(for: directory)) }
        try mapping(url) {
            try database.writeWithoutTransaction { db in
                // Checked again whatever the stamp says: a newer storefront notes its files too.
                guard try !StoreSchema.migrator.hasBeenSuperseded(db) else {
                    throw DataFileError(path: url.path, problem: StoreSchema.newerProblem, remedy: .useNewerVersion)
                }
                // Only once the file is known to be ours; persistent, so a no-op after the first time.
                _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
            }
            try StoreSchema.migrator.migrate(database)
        }
        try LegacyStoreFile.keepAsideIfMigrated(directory, database: database)
        StoreFilesStamp.note(url, in: lock)
        return database
    }

    /// Every problem of the store's file, reading only (`storefront doctor`): none when there
    /// is no store yet. One that stops the rest (not a file, not SQLite) is the only one.
    /// Called under the store's file lock.
    static func problems(_ directory: DataDirectory, limit: Int) throws -> [DataFileError] {
        let url = directory.storeDatabaseURL
        do {
            guard try isUsableFile(url) else {
                // A store.json not yet migrated is the store until the first open.
                _ = try LegacyStoreFile.read(directory.legacyStoreURL)
                return []
            }
            try checkHeader(url)
            try checkCompanions(url)
            return try StoreDatabaseCheck.problems(url, limit: limit)
        } catch let error as DataFileError {
            return [error]
        }
    }

    /// WAL, so the storefront reads while a command writes; synchronous = FULL, so a purchase
    /// the command line reported is on disk, power cut or not. A writer waits for another
    /// rather than failing.
    static var configuration: Configuration {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
        return configuration
    }

    /// A scratch directory's store is thrown away: nothing in it waits for the disk.
    private static func configuration(for directory: DataDirectory) -> Configuration {
        var configuration = self.configuration
        if directory.durability == .scratch {
            configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = OFF") }
        }
        return configuration
    }

    /// Whether `url` is a store file to open (false: there is none yet). Anything there that
    /// is not a regular file, or is empty, is refused; so is a symbolic link, whatever it
    /// points to: storefront writes no file of its data directory through a link (as for
    /// SQLite's files beside it and the lock files), so nothing outside it is ever written.
    private static func isUsableFile(_ url: URL) throws -> Bool {
        let status: FileStatus
        do {
            status = try POSIX.linkStatus(of: url.path)
        } catch {
            guard error.code == ENOENT else {
                throw DataFileError(path: url.path, problem: "cannot be opened (\(error.text))", remedy: remedy)
            }
            return false
        }
        if status.kind == .symbolicLink {
            let target = POSIX.linkTarget(url.path).map { " to \($0)" } ?? ""
            throw DataFileError(path: url.path, problem: "is a symbolic link\(target); storefront never opens its store through a link",
                                remedy: .removeStrayFile)
        }
        guard status.kind == .regular else {
            throw DataFileError(path: url.path, problem: "is \(status.kind.described), not a file", remedy: remedy)
        }
        try refuseHardLinks(url.path, status)
        // The database is only ever put in place whole; an empty one was truncated.
        guard status.size > 0 else {
            throw DataFileError(path: url.path, problem: "is empty (0 bytes), not a storefront store", remedy: remedy)
        }
        return true
    }

    /// SQLite's own files beside the store: never a link (SQLite would refuse it with a vague
    /// "unable to open"; this says which file and why) nor anything but a file.
    private static func checkCompanions(_ url: URL) throws {
        for suffix in ["-wal", "-shm", "-journal"] {
            let path = url.path + suffix
            guard let status = try? POSIX.linkStatus(of: path) else { continue }
            guard status.kind == .regular else {
                throw DataFileError(path: path, problem: "is \(status.kind.described), not SQLite's own file beside the store",
                                    remedy: .removeStrayFile)
            }
            try refuseHardLinks(path, status)
        }
    }

    /// A file with another name (a hard link) is refused as a symbolic link is: writing it
    /// would change the file under its other name, wherever that is.
    static func refuseHardLinks(_ path: String, _ status: FileStatus) throws {
        guard status.links > 1 else { return }
        throw DataFileError(path: path, problem: "has \(status.links) names (hard links): storefront never writes it, as that would change the file under its other name too",
                            remedy: .copyToOwnFile)
    }

    /// A file cut short (a copy interrupted, a full disk) reads as a database until a query
    /// reaches a missing page; its header says how long it must be, so it is refused at once.
    /// Not while SQLite's log holds pages: a checkpoint killed after writing page 1 leaves a
    /// header announcing pages that are still only in the log, and that store is whole (a
    /// file truly cut short beside a log is found by the whole check, the log read with it).
    private static func checkHeader(_ url: URL) throws {
        guard let handle = FileHandle(forReadingAtPath: url.path) else { return }  // SQLite says why
        defer { try? handle.close() }
        let header = [UInt8]((try? handle.read(upToCount: 100)) ?? Data())
        let size = (try? handle.seekToEnd()) ?? 0
        guard header.count == 100, header.starts(with: Array("SQLite format 3\u{0}".utf8)) else {
            throw DataFileError(path: url.path, problem: "is not a storefront store (not an SQLite database)", remedy: remedy)
        }
        // The file format's versions: SQLite only reads a file whose write version (byte 18)
        // is above 2, every write then failing as "readonly", and cannot read one whose read
        // version (byte 19) is.
        for byte in [18, 19] where header[byte] > 2 {
            throw DataFileError(path: url.path,
                                problem: "has a file format version (\(header[byte]), byte \(byte) of its header) that SQLite cannot \(byte == 18 ? "write" : "read"): SQLite 3 writes 1 or 2 there",
                                remedy: remedy)
        }
        let pageSize = header[16] == 0 && header[17] == 1 ? 65_536 : Int(header[16]) << 8 | Int(header[17])
        let pages = header[28..<32].reduce(0) { $0 << 8 | Int($1) }
        let expected = UInt64(pageSize) * UInt64(pages)
        let log = try? POSIX.linkStatus(of: url.path + "-wal")
        guard size >= expected || (log?.size ?? 0) > 0 else {
            throw DataFileError(path: url.path, problem: "is truncated: \(size) bytes of the \(expected) its header announces",
                                remedy: remedy)
        }
    }

    /// Makes the database beside its final name and renames it into place, so store.sqlite is
    /// either absent or complete, whenever the process is killed. The temporary file is named
    /// and cleared as `AtomicFile`'s are; its rollback journal is kept in memory, so a kill
    /// leaves no journal beside it either. A scratch store is a copy of an empty one.
    private static func create(_ url: URL, from legacy: LegacyStoreFile.Contents?, durability: Durability) throws {
        let directory = url.deletingLastPathComponent()
        AtomicFile.removeLeftovers(of: url)
        let temp = directory.appendingPathComponent(AtomicFile.temporaryName(for: url)).path
        let remedy = DataFileError.Remedy.fixDirectoryPermissions
        do {
            // Made here first, 0600 and never through a link; SQLite keeps that mode.
            POSIX.closeFile(try POSIX.openFile(temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, mode: 0o600))
        } catch {
            throw DataFileError(path: temp, problem: "cannot be created (\(error.text))", remedy: remedy)
        }
        do {
            try mapping(URL(fileURLWithPath: temp)) {
                if durability == .scratch, legacy == nil, try EmptyStoreImage.copy(to: temp) { return }
                var configuration = Configuration()
                configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA journal_mode = MEMORY") }
                let database = try DatabaseQueue(path: temp, configuration: configuration)
                try StoreSchema.migrator.migrate(database)
                if let legacy { try database.write { db in try LegacyStoreFile.copy(legacy, into: db) } }
                try database.close()
            }
            CrashPoint.reached("before the rename into \(url.lastPathComponent)")
            do { try POSIX.move(temp, to: url.path) } catch {
                throw DataFileError(path: url.path, problem: "cannot be created (\(error.text))", remedy: remedy)
            }
        } catch {
            try? POSIX.remove(temp)
            throw error
        }
        if durability == .durable { POSIX.syncDirectory(directory.path) }
        CrashPoint.reached("after the rename into \(url.lastPathComponent)")
    }

    /// Runs `body`, naming the file and what to do in any failure SQLite reports.
    static func mapping<T>(_ url: URL, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DataFileError {
            throw error
        } catch let problem as RowProblem {
            throw DataFileError(path: url.path, location: problem.location, problem: problem.problem, remedy: remedy)
        } catch StoreWorkingSet.Exhausted.transactionNumbers {
            throw DataFileError(path: url.path, location: "store.nextTransactionNumber",
                                problem: "has reached the largest transaction id: no more transactions can be made",
                                remedy: .startAfresh)
        } catch let error as DatabaseError {
            throw describe(error, url)
        } catch let error as RowDecodingError {
            // A value GRDB could not decode where storefront reads it without a check of its own.
            throw DataFileError(path: url.path, problem: "holds a value storefront cannot read (\(error))", remedy: remedy)
        }
    }

    private static func describe(_ error: DatabaseError, _ url: URL) -> DataFileError {
        let detail = error.message ?? "SQLite error \(error.resultCode.rawValue)"
        let path = url.path
        switch error.resultCode {
        case .SQLITE_NOTADB:
            return DataFileError(path: path, problem: "is not a storefront store (not an SQLite database)", remedy: remedy)
        case .SQLITE_CORRUPT:
            return DataFileError(path: path, problem: "is damaged (\(detail))", remedy: remedy)
        case .SQLITE_READONLY, .SQLITE_PERM, .SQLITE_AUTH, .SQLITE_CANTOPEN:
            return DataFileError(path: path, problem: "cannot be opened for writing (\(detail))",
                                 remedy: .fixPermissions)
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return DataFileError(path: path, problem: "stayed locked by another storefront process for 10 seconds",
                                 remedy: .waitForOtherProcess)
        case .SQLITE_FULL:
            return DataFileError(path: path, problem: "cannot be written: the disk is full", remedy: .freeDiskSpace)
        case .SQLITE_IOERR:
            return DataFileError(path: path, problem: "cannot be read or written (\(detail))", remedy: remedy)
        default:
            return DataFileError(path: path, problem: "cannot be used (\(detail))", remedy: remedy)
        }
    }
}
