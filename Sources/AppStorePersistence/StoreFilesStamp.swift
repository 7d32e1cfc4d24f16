import AppStoreCore
import DataFiles
import Foundation

/// store.sqlite and SQLite's log beside it as storefront last left them (each file's device,
/// inode, size and modification time), kept as the text of the store's lock file.
///
/// Files that differ were written since by something other than storefront (the sqlite3 shell,
/// a copy, another program, a damaged disk's repair) or by a storefront stopped before it noted
/// its last write (kill -9): such a store is checked whole before anything reads or writes it
/// (`StoreDatabaseCheck`). Files as storefront left them are trusted, so opening a store costs
/// the same at any history size. The note is only ever a reason to check: a lost or stale one
/// costs one check, never a store.
enum StoreFilesStamp {
    /// Whether the files are as storefront last noted them. Called under the store's lock.
    static func matches(_ url: URL, noted lock: FileLock) -> Bool {
        lock.text() == current(url)
    }

    /// Notes the files as they are now: what storefront itself left. Called under the store's lock.
    static func note(_ url: URL, in lock: FileLock) {
        let now = current(url)
        if lock.text() != now { lock.write(now) }
    }

    private static func current(_ url: URL) -> String {
        "store.sqlite \(POSIX.token(url.path))\nstore.sqlite-wal \(POSIX.token(url.path + "-wal"))\n"
    }
}
