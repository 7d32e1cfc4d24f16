import ArgumentParser
import Foundation
import StoreKitSim

struct ResetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset",
        abstract: "Start afresh: delete the app's data and the store's records.",
        discussion: "A file that does not parse is kept beside, renamed with .broken, rather than deleted.")

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Delete the app only (UserDefaults.json): the store keeps its records, so restore brings purchases back.")
    var appOnly = false

    @OptionGroup var output: OutputOptions

    struct Output: Encodable {
        var dataDirectory: String
        var appOnly: Bool
        /// Files that did not parse, moved aside rather than deleted.
        var keptAside: [String]
    }

    func run() throws {
        let directory = DataDirectory.resolve(option: global.dataDir)
        // The app lock: resetting under an open storefront would pull the ground from under it.
        let lock = try AppLock(directory: directory, command: Self.self)
        defer { withExtendedLifetime(lock) {} }
        var keptAside: [URL] = []
        try remove(directory.userDefaultsURL, keptAside: &keptAside) { try UserDefaultsFile(url: $0) }
        if !appOnly {
            try remove(directory.storeURL, keptAside: &keptAside) { _ in try StoreFile(directory: directory).load() }
        }
        if output.json {
            try JSONOutput.print(Output(dataDirectory: directory.url.path, appOnly: appOnly,
                                        keptAside: keptAside.map(\.path)))
            return
        }
        for kept in keptAside { printLine("Kept the unreadable \(kept.lastPathComponent) as \(kept.path)") }
        guard appOnly else {
            printLine("Reset \(directory.url.path): no app data, no store records, default settings.")
            return
        }
        printLine("Deleted the app's data (\(directory.userDefaultsURL.path)).", terminator: " ")
        if (try? StoreFile(directory: directory).load()) != nil {
            printLine("The store still knows your purchases: `storefront restore` brings them back.")
        } else {
            printLine("store.json does not parse, so restore cannot read the purchases until it is fixed (see `storefront state`).")
        }
    }

    /// Deletes a file, or keeps it aside when it does not parse, since it may hold something to rescue.
    private func remove(_ url: URL, keptAside: inout [URL], isValid: (URL) throws -> Any) throws {
        guard FileManager.default.fileExists(atPath: url.path) else { return }
        do {
            _ = try isValid(url)
            try FileManager.default.removeItem(at: url)
        } catch is DataFileError {
            let kept = Self.asideName(for: url)
            try FileManager.default.moveItem(at: url, to: kept)
            keptAside.append(kept)
        }
    }

    /// `NAME.broken-<seconds>`, with `-2`, `-3` … when a file was kept aside in the same second:
    /// an earlier copy is never replaced.
    static func asideName(for url: URL, now: Date = Date()) -> URL {
        let stamp = "broken-\(Int(now.timeIntervalSince1970))"
        var candidate = url.appendingPathExtension(stamp)
        var n = 2
        while FileManager.default.fileExists(atPath: candidate.path) {
            candidate = url.appendingPathExtension("\(stamp)-\(n)")
            n += 1
        }
        return candidate
    }
}
