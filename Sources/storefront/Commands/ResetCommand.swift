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

    func run() throws {
        let directory = DataDirectory.resolve(option: global.dataDir)
        // The app lock: resetting under an open storefront would pull the ground from under it.
        let lock = try AppLock(directory: directory, holder: "storefront reset")
        defer { withExtendedLifetime(lock) {} }
        try remove(directory.userDefaultsURL, isValid: { try UserDefaultsFile(url: $0) })
        if appOnly {
            print("Deleted the app's data (\(directory.userDefaultsURL.path)). The store still knows your purchases: `storefront restore` brings them back.")
            return
        }
        try remove(directory.storeURL, isValid: { _ in try StoreFile(directory: directory).load() })
        print("Reset \(directory.url.path): no app data, no store records, default settings.")
    }

    /// Deletes a file, or keeps a copy when it does not parse, since it may hold something to rescue.
    private func remove(_ url: URL, isValid: (URL) throws -> Any) throws {
        guard FileManager.default.fileExists(atPath: url.path) else { return }
        do {
            _ = try isValid(url)
            try FileManager.default.removeItem(at: url)
        } catch is DataFileError {
            let stamp = Int(Date().timeIntervalSince1970)
            let kept = url.appendingPathExtension("broken-\(stamp)")
            try FileManager.default.moveItem(at: url, to: kept)
            print("Kept the unreadable \(url.lastPathComponent) as \(kept.path)")
        }
    }
}
