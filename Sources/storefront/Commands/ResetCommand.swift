import ArgumentParser
import DataFiles
import Foundation
import SampleApp
import AppStorePersistence
import StorefrontUI

struct ResetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset",
        abstract: "Start afresh: delete the app's data and the store's records.",
        discussion: "A file that cannot be used is kept beside, renamed with .broken, rather than deleted.")

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Delete the app only (UserDefaults.json): the store keeps its records, so restore brings purchases back.")
    var appOnly = false

    @OptionGroup var output: OutputOptions

    struct Output: Encodable {
        var dataDirectory: String
        var appOnly: Bool
        /// Files that could not be used, moved aside rather than deleted.
        var keptAside: [String]
    }

    func run() throws {
        let directory = DataDirectory.resolve(option: global.dataDir)
        // The app lock: resetting under an open storefront would pull the ground from under it.
        let lock = try AppLock(directory: directory, command: Self.self)
        defer { withExtendedLifetime(lock) {} }
        var keptAside: [URL] = []
        // Read as every command reads it, so a file they refuse is kept, not deleted. A catalog
        // that cannot be read leaves only the file's form to check: reset must work regardless.
        let rules = (try? CatalogAndApp(global)).map { UserDefaultsRules(catalog: $0.catalog, appDescription: $0.app) }
        try remove(directory.userDefaultsURL, keptAside: &keptAside) { _ = try UserDefaultsFile(url: $0, rules: rules) }
        if !appOnly {
            // A store.json not yet migrated would otherwise come back at the next open.
            try remove(directory.legacyStoreURL, keptAside: &keptAside) { _ in _ = try StoreDatabase.readLegacyStore(directory) }
            try eraseStore(directory, keptAside: &keptAside)
        }
        if output.json {
            try JSONOutput.print(Output(dataDirectory: directory.url.path, appOnly: appOnly,
                                        keptAside: keptAside.map(\.path)))
            return
        }
        for kept in keptAside {
            // NAME.broken-<seconds>[-N]: the name it had comes before ".broken-".
            let name = kept.lastPathComponent.components(separatedBy: ".broken-")[0]
            printLine("Kept the unusable \(name) as \(kept.path)")
        }
        guard appOnly else {
            printLine("Reset \(directory.url.path): no app data, no store records, default settings.")
            return
        }
        printLine("Deleted the app's data (\(directory.userDefaultsURL.path)).", terminator: " ")
        if (try? StoreDatabase(directory: directory, productIDs: []).load()) != nil {
            printLine("The store still knows your purchases: `\(CommandLineHint.command("restore"))` brings them back.")
        } else {
            printLine("store.sqlite cannot be used, so restore cannot read the purchases until it is fixed (see `\(CommandLineHint.command("state"))`).")
        }
    }

    /// Empties the store in one transaction; a store that cannot be opened is kept aside instead.
    private func eraseStore(_ directory: DataDirectory, keptAside: inout [URL]) throws {
        let url = directory.storeDatabaseURL
        do {
            try StoreDatabase(directory: directory, productIDs: []).erase()
        } catch let error as DataFileError where error.path == url.path {
            keptAside.append(try StoreDatabase.keepAside(directory, at: Self.asideName(for: url)))
        }
    }

    /// Deletes a file, or keeps it aside when it cannot be used, since it may hold something to rescue.
    private func remove(_ url: URL, keptAside: inout [URL], isValid: (URL) throws -> Void) throws {
        var info = stat()
        guard lstat(url.path, &info) == 0 else { return }
        do {
            try isValid(url)
            try FileManager.default.removeItem(at: url)
        } catch is DataFileError {
            let kept = Self.asideName(for: url)
            try FileManager.default.moveItem(at: url, to: kept)
            POSIX.makeOwnerOnly(kept.path)
            keptAside.append(kept)
        }
    }

    /// `NAME.broken-<seconds>`, with `-2`, `-3` … when a file was kept aside in the same second:
    /// an earlier copy is never replaced.
    static func asideName(for url: URL, now: Date = Date()) -> URL {
        AsideName.free(for: url, suffix: "broken-\(Int(now.timeIntervalSince1970))")
    }
}
