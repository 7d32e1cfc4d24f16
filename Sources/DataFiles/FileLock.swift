import Foundation

/// An exclusive advisory lock held across processes (flock), so the command line and an
/// open storefront never write the store at the same time.
package final class FileLock {
    private let fd: Int32

    /// The lock file lives in the data directory, so this is where an unusable directory
    /// (a file, no permission) is first met: it is reported as such, by its path.
    /// The lock file itself is opened only if it is a regular file: never through a symbolic
    /// link (which could point anywhere the user can write), a pipe or a device.
    package init(url: URL) throws(DataFileError) {
        try DataDirectory.create(url.deletingLastPathComponent())
        let path = url.path
        let opened: Int32
        do {
            opened = try POSIX.openFile(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK, mode: 0o600)
        } catch {
            throw Self.refusal(path, kind: (try? POSIX.linkStatus(of: path))?.kind, failure: error)
        }
        let status = try? POSIX.status(ofOpen: opened)
        guard let status, status.kind == .regular else {
            POSIX.closeFile(opened)
            throw Self.refusal(path, kind: status?.kind, failure: Errno(code: EIO))
        }
        // Its text is written: through another name (a hard link), that file would change too.
        guard status.links == 1 else {
            POSIX.closeFile(opened)
            throw DataFileError(path: path, problem: "has \(status.links) names (hard links): storefront never writes a lock file that has another name too",
                                remedy: .replaceLockFile(isLink: true))
        }
        fd = opened
    }

    private static func refusal(_ path: String, kind: FileKind?, failure: Errno) -> DataFileError {
        switch kind {
        case .symbolicLink?:
            return DataFileError(path: path, problem: "is a symbolic link; storefront does not follow links for its lock files",
                                 remedy: .replaceLockFile(isLink: true))
        case .directory?:
            return DataFileError(path: path, problem: "is a directory, not a file", remedy: .replaceLockFile(isLink: false))
        case let kind? where kind != .regular:
            return DataFileError(path: path, problem: "is \(kind.described), not a regular file", remedy: .replaceLockFile(isLink: false))
        default:
            return DataFileError(path: path, problem: "cannot open the lock file (\(failure.text))", remedy: .useAnotherDataDirectory)
        }
    }

    deinit { POSIX.closeFile(fd) }

    package func withLock<T>(_ body: () throws -> T) throws -> T {
        while flock(fd, LOCK_EX) != 0 {
            if errno != EINTR {
                throw NSError(domain: NSPOSIXErrorDomain, code: Int(errno),
                              userInfo: [NSLocalizedDescriptionKey: "cannot lock the store: \(Errno.current.text)"])
            }
        }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }

    /// Takes the lock for as long as this object lives, or returns false if another process holds it.
    func tryHold() -> Bool {
        flock(fd, LOCK_EX | LOCK_NB) == 0
    }

    /// Replaces the lock file's text: who holds it (for whoever is refused), or what the store's
    /// files were last left as.
    package func write(_ text: String) {
        ftruncate(fd, 0)
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
    }

    /// The lock file's text (a few hundred bytes at most are kept in it).
    package func text() -> String {
        var buffer = [UInt8](repeating: 0, count: 1024)
        let count = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        return count > 0 ? String(decoding: buffer[..<count], as: UTF8.self) : ""
    }
}
