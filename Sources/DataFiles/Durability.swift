/// Whether what is written must survive a power cut. The user's data directory must: every
/// write is synced to disk (fsync) before it counts as done. A walkthrough's scratch
/// directory, deleted when the run ends, need not: syncing it would only wait for the disk.
public enum Durability: Sendable, Equatable {
    /// Synced: a purchase reported done is on disk, power cut or not.
    case durable
    /// Not synced: the files are thrown away, so a crash may lose them.
    case scratch
}
