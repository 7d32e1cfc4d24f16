import Foundation

/// Where storefront keeps its two files: `--data-dir`, else $STOREFRONT_DATA_DIR, else
/// $XDG_DATA_HOME/storefront, else ~/.local/share/storefront.
public struct DataDirectory: Sendable, Equatable {
    public let url: URL
    /// Whether its files are synced to disk as they are written (`.scratch`: a walkthrough's).
    public let durability: Durability

    public init(url: URL, durability: Durability = .durable) {
        self.url = url.standardizedFileURL
        self.durability = durability
    }

    public static func resolve(option: String?, environment: [String: String] = ProcessEnvironment.variables) -> DataDirectory {
        if let option, !option.isEmpty { return DataDirectory(url: URL(fileURLWithPath: option)) }
        if let dir = environment["STOREFRONT_DATA_DIR"], !dir.isEmpty { return DataDirectory(url: URL(fileURLWithPath: dir)) }
        // XDG: a relative XDG_DATA_HOME is invalid and is ignored.
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return DataDirectory(url: URL(fileURLWithPath: xdg).appendingPathComponent("storefront"))
        }
        let home = environment["HOME"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser
        return DataDirectory(url: home.appendingPathComponent(".local/share/storefront"))
    }

    /// The app's side: a stand-in for the app's UserDefaults domain.
    public var userDefaultsURL: URL { url.appendingPathComponent("UserDefaults.json") }
    /// The simulated App Store's side.
    public var storeDatabaseURL: URL { url.appendingPathComponent("store.sqlite") }
    /// Where an earlier storefront kept the store's records; migrated into store.sqlite.
    public var legacyStoreURL: URL { url.appendingPathComponent("store.json") }
    package var lockURL: URL { url.appendingPathComponent(".store.lock") }
    /// Held by an open storefront, so a second one on the same directory is refused.
    public var interfaceLockURL: URL { url.appendingPathComponent(".storefront-ui.lock") }
}

extension DataDirectory {
    /// Makes `directory`, and any parent missing, readable by its owner only (0700): it holds
    /// what the user bought. A directory already there keeps the permissions its owner gave it.
    static func create(_ directory: URL) throws(DataFileError) {
        do {
            try POSIX.makeDirectories(directory.path, mode: 0o700)
        } catch {
            let here = error.path == directory.path
            let reason = switch (error.reason, here) {
            case (.notADirectory, true): "it is a file, not a directory"
            case (.notADirectory, false): "\(error.path) is a file, not a directory"
            case (.system(let failure), true): failure.text
            case (.system(let failure), false): "\(error.path): \(failure.text)"
            }
            throw DataFileError(path: directory.path, problem: "cannot be used as the data directory (\(reason))",
                                remedy: .useAnotherDataDirectory)
        }
    }
}
