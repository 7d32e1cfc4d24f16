import AppStoreCore
import DataFiles
import Foundation
import GRDB

/// The bytes of a new, empty store.sqlite, made once per process. A scratch data directory's
/// store (a walkthrough's: one per combination of a matrix) starts as a copy of them rather
/// than running every migration again: the file is the same either way, but for the device
/// identifier v15 makes, which the scratch stores of one process share (nothing they sign names it).
enum EmptyStoreImage {
    /// Writes the image into the new, empty file at `path`. False when there is no image (the
    /// temporary directory could not be used to make it): the store is then made as usual.
    static func copy(to path: String) throws -> Bool {
        guard let bytes else { return false }
        do {
            let file = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            defer { try? file.close() }
            try file.write(contentsOf: bytes)
        } catch {
            throw DataFileError(path: path, problem: "cannot be written (\(error.localizedDescription))",
                                remedy: .fixDirectoryPermissions)
        }
        return true
    }

    private static let bytes: Data? = try? make()

    private static func make() throws -> Data {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("storefront-empty-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("store.sqlite")
        var configuration = Configuration()
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA journal_mode = MEMORY; PRAGMA synchronous = OFF") }
        let database = try DatabaseQueue(path: url.path, configuration: configuration)
        try StoreSchema.migrator.migrate(database)
        try database.close()
        return try Data(contentsOf: url)
    }
}
