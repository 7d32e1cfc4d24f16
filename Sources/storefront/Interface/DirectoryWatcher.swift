#if canImport(Glibc)
import Glibc

/// Tells when files in the data directory change (inotify), so the storefront shows what
/// another terminal did (`storefront set`, `approve`) at once, without polling.
final class DirectoryWatcher {
    let fileDescriptor: Int32

    init?(path: String) {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        // Atomic saves rename a temporary file into place; deletions are resets; the store's
        // commits append to store.sqlite-wal (a modification, closed only when the writer ends).
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_DELETE | IN_MODIFY)
        guard inotify_add_watch(fd, path, mask) >= 0 else {
            close(fd)
            return nil
        }
        fileDescriptor = fd
    }

    deinit { close(fileDescriptor) }

    /// Reads the pending events so the descriptor is quiet until the next change.
    func drain() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while read(fileDescriptor, &buffer, buffer.count) > 0 {}
    }
}
#else
/// Without inotify the storefront picks up other terminals' changes at the next key press.
final class DirectoryWatcher {
    let fileDescriptor: Int32 = -1
    init?(path: String) { return nil }
    func drain() {}
}
#endif
