#if os(Linux)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Tells when files in the data directory change, so the storefront shows what another
/// terminal did (`storefront set`, `approve`) at once, without polling. `fileDescriptor` is
/// readable while a change is pending, for the run loop's poll; `drain()` quiets it again.
///
/// What changes: atomic saves rename a temporary file into place; deletions are resets; the
/// store's commits write into `filesWrittenInPlace` (store.sqlite-wal), which keeps its name.
#if os(Linux)
/// inotify on the directory sees all three, the files in it included.
package final class DirectoryWatcher {
    package let fileDescriptor: Int32

    package init?(path: String, filesWrittenInPlace: [String]) {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        // A commit modifies store.sqlite-wal (closed only when the writer ends).
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_DELETE | IN_MODIFY)
        guard inotify_add_watch(fd, path, mask) >= 0 else {
            close(fd)
            return nil
        }
        fileDescriptor = fd
    }

    deinit { close(fileDescriptor) }

    /// Reads the pending events so the descriptor is quiet until the next change.
    package func drain() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while read(fileDescriptor, &buffer, buffer.count) > 0 {}
    }
}
#elseif canImport(Darwin)
/// kqueue: the directory's vnode reports names added, removed and renamed, but not writes into
/// a file, so each file written in place is watched by its own descriptor, opened again
/// whenever the directory changes (the file may have been created, deleted or replaced).
package final class DirectoryWatcher {
    /// The kqueue; poll reports it readable while an event is pending.
    package let fileDescriptor: Int32
    private let directory: Int32
    private let filePaths: [String]
    /// By `filePaths`; -1 for a file not there.
    private var files: [Int32]

    package init?(path: String, filesWrittenInPlace: [String]) {
        // A kqueue is never inherited by a child process, so it needs no close-on-exec.
        let queue = kqueue()
        guard queue >= 0 else { return nil }
        let directory = Self.open(path)
        guard directory >= 0, Self.watch(directory, in: queue) else {
            if directory >= 0 { close(directory) }
            close(queue)
            return nil
        }
        fileDescriptor = queue
        self.directory = directory
        filePaths = filesWrittenInPlace
        files = filesWrittenInPlace.map { _ in -1 }
        watchFiles()
    }

    deinit {
        for fd in files where fd >= 0 { close(fd) }
        close(directory)
        close(fileDescriptor)
    }

    /// Takes the pending events so the descriptor is quiet until the next change (EV_CLEAR),
    /// and follows the files to whatever now has their names.
    package func drain() {
        var events = [kevent](repeating: kevent(), count: 8)
        var now = timespec(tv_sec: 0, tv_nsec: 0)
        var namesChanged = false
        while true {
            let count = Int(kevent(fileDescriptor, nil, 0, &events, Int32(events.count), &now))
            guard count > 0 else { break }
            for event in events[..<count] {
                let gone = event.fflags & UInt32(NOTE_DELETE | NOTE_RENAME) != 0
                if event.ident == UInt(directory) || gone { namesChanged = true }
            }
            if count < events.count { break }
        }
        if namesChanged { watchFiles() }
    }

    private func watchFiles() {
        for (index, path) in filePaths.enumerated() {
            if files[index] >= 0 { close(files[index]) }  // closing also ends its watch
            let fd = Self.open(path)
            if fd >= 0, !Self.watch(fd, in: fileDescriptor) {
                close(fd)
                files[index] = -1
            } else {
                files[index] = fd
            }
        }
    }

    /// For events only: the descriptor neither reads nor keeps the volume from unmounting.
    private static func open(_ path: String) -> Int32 {
        Darwin.open(path, O_EVTONLY | O_CLOEXEC)
    }

    private static func watch(_ fd: Int32, in queue: Int32) -> Bool {
        var change = kevent(
            ident: UInt(fd), filter: Int16(EVFILT_VNODE), flags: UInt16(EV_ADD | EV_CLEAR),
            fflags: UInt32(NOTE_WRITE | NOTE_EXTEND | NOTE_DELETE | NOTE_RENAME), data: 0, udata: nil)
        return kevent(queue, &change, 1, nil, 0, nil) == 0
    }
}
#else
/// With no watcher the storefront picks up other terminals' changes at the next key press.
package final class DirectoryWatcher {
    package let fileDescriptor: Int32 = -1
    package init?(path: String, filesWrittenInPlace: [String]) { return nil }
    package func drain() {}
}
#endif
