import Foundation

/// Held by the process that runs the sample app on a data directory (the open storefront,
/// or a command that buys or restores), so two apps never deliver the same transaction.
public final class InterfaceLock {
    private let lock: FileLock

    /// Nil when another process holds it; throws when the lock file cannot be made.
    /// `holder` says who holds it (e.g. "the open storefront"), for whoever is refused.
    public init?(directory: DataDirectory, holder: String = "") throws {
        let lock = try FileLock(url: directory.interfaceLockURL)
        guard lock.tryHold() else { return nil }
        lock.write(holder)
        self.lock = lock
    }

    /// What the process holding the lock wrote about itself (empty if it said nothing).
    public static func holder(of directory: DataDirectory) -> String {
        let data = (try? DataFileReader.read(directory.interfaceLockURL))??.data ?? Data()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
