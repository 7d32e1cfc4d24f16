import Foundation

/// Where the store's records live. The payment queue reads and changes them only through
/// `update`, so changes made by another process (an approval from another terminal) are
/// seen rather than overwritten.
public protocol RecordsStorage: AnyObject {
    func load() throws -> StoreRecords
    /// Reads the latest records, lets `body` change them and saves them if it did.
    func update<T>(_ body: (inout StoreRecords) throws -> T) throws -> T
    /// Changes whenever the stored records may have changed; cheap to ask.
    func changeToken() -> String
}

/// Records in memory, for tests and previews.
public final class InMemoryStorage: RecordsStorage {
    public private(set) var records: StoreRecords
    private var generation = 0

    public init(_ records: StoreRecords = StoreRecords()) {
        self.records = records
    }

    public func load() throws -> StoreRecords { records }

    public func update<T>(_ body: (inout StoreRecords) throws -> T) throws -> T {
        var copy = records
        let result = try body(&copy)
        if copy != records {
            records = copy
            generation += 1
        }
        return result
    }

    public func changeToken() -> String { String(generation) }
}

/// store.json in the data directory, written atomically under a cross-process lock.
public final class StoreFile: RecordsStorage {
    public let directory: DataDirectory
    private let lock: FileLock

    public init(directory: DataDirectory) throws {
        self.directory = directory
        lock = try FileLock(url: directory.lockURL)
    }

    private var url: URL { directory.storeURL }

    public func load() throws -> StoreRecords {
        guard let data = FileManager.default.contents(atPath: url.path) else { return StoreRecords() }
        let remedy = "storefront leaves it untouched. Fix it by hand, or run `storefront reset` to start afresh (it keeps this file aside as store.json.broken-…)."
        let records: StoreRecords
        do {
            records = try JSONCoding.decoder().decode(StoreRecords.self, from: data)
        } catch {
            throw JSONDiagnostics.error(error, in: data, path: url.path, remedy: remedy)
        }
        guard records.version <= StoreRecords.currentVersion else {
            throw DataFileError(path: url.path, location: "$.version",
                                problem: "written by a newer storefront (version \(records.version))",
                                remedy: "Use that newer storefront, or another --data-dir.")
        }
        // Parses, but a hand edit could still deliver -500 credits. (A failed payment keeps the
        // invalid quantity it was refused for.)
        for (i, t) in records.transactions.enumerated() where t.state != .failed && !(1...10).contains(t.quantity) {
            throw DataFileError(path: url.path, location: "$.transactions[\(i)].quantity",
                                problem: "must be 1 to 10, not \(t.quantity)", remedy: remedy)
        }
        // Two transactions under one id would make approve, decline and finish act on the wrong one.
        var seen = Set<String>()
        for (i, t) in records.transactions.enumerated() where !seen.insert(t.id).inserted {
            throw DataFileError(path: url.path, location: "$.transactions[\(i)].id",
                                problem: "\"\(t.id)\" is the id of an earlier transaction too; ids must be unique",
                                remedy: remedy)
        }
        return records
    }

    public func update<T>(_ body: (inout StoreRecords) throws -> T) throws -> T {
        try lock.withLock {
            let before = try load()
            var records = before
            let result = try body(&records)
            if records != before || !FileManager.default.fileExists(atPath: url.path) {
                try save(records)
            }
            return result
        }
    }

    /// Replaces the records whatever the file holds now (used by reset).
    public func overwrite(with records: StoreRecords) throws {
        try lock.withLock { try save(records) }
    }

    private func save(_ records: StoreRecords) throws {
        try AtomicFile.write(try JSONCoding.encode(records), to: url)
    }

    public func changeToken() -> String {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path) else { return "none" }
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        let size = attributes[.size] as? Int ?? 0
        let inode = attributes[.systemFileNumber] as? Int ?? 0
        return "\(inode)-\(size)-\(modified)"
    }
}
