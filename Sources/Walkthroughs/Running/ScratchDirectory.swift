import DataFiles
import Foundation

/// The data directory a walkthrough runs in: under the temporary directory, named for the
/// process that made it, so that one left behind by a process that is gone (stopped with
/// Ctrl-C, killed, crashed) is removed by the next run instead of piling up.
enum ScratchDirectory {
    static let prefix = "storefront-walkthrough-"

    /// A new private directory (0700), after removing those of processes that no longer run:
    /// once per process (a matrix makes a thousand, and the temporary directory may hold
    /// thousands of names to look through).
    static func make(in parent: URL = FileManager.default.temporaryDirectory) throws -> URL {
        if cleaned.firstTime(parent.path) { removeAbandoned(in: parent) }
        let url = parent.appendingPathComponent("\(prefix)\(POSIX.processID)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return url
    }

    /// Removes the directories named for a process id that no process has now. Names without
    /// one are left alone: nothing tells whether they are still in use.
    static func removeAbandoned(in parent: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
        for name in names where name.hasPrefix(prefix) {
            guard let pid = owner(of: name), !POSIX.processExists(pid) else { continue }
            try? FileManager.default.removeItem(at: parent.appendingPathComponent(name))
        }
    }

    /// The parents this process has cleared already.
    private static let cleaned = Paths()

    private final class Paths: @unchecked Sendable {
        private let lock = NSLock()
        private var seen: Set<String> = []

        /// True the first time `path` is given.
        func firstTime(_ path: String) -> Bool { lock.withLock { seen.insert(path).inserted } }
    }

    /// The process id in `storefront-walkthrough-<pid>-<uuid>`.
    static func owner(of name: String) -> Int32? {
        let rest = name.dropFirst(prefix.count)
        guard let dash = rest.firstIndex(of: "-"), UUID(uuidString: String(rest[rest.index(after: dash)...])) != nil else { return nil }
        return Int32(rest[..<dash])
    }
}
