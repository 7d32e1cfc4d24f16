/// Held by the process that runs the sample app on a data directory (the open storefront,
/// or a command that buys or restores), so two apps never deliver the same transaction.
public final class InterfaceLock {
    private let lock: FileLock

    /// Nil when another process holds it; throws when the lock file cannot be made.
    public init?(directory: DataDirectory) throws {
        let lock = try FileLock(url: directory.interfaceLockURL)
        guard lock.tryHold() else { return nil }
        self.lock = lock
    }
}
