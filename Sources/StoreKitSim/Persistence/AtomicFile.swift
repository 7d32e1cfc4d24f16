import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a file so that a crash leaves either the old content or the new, never a mix:
/// a temporary file beside it, fsync, then rename over the original.
enum AtomicFile {
    static func write(_ data: Data, to url: URL) throws {
        let directory = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let temp = directory.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
        let fd = open(temp.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw posixError("cannot create \(temp.path)") }
        var ok = data.withUnsafeBytes { raw -> Bool in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 { return false }
                offset += n
            }
            return true
        }
        ok = ok && fsync(fd) == 0
        close(fd)
        if ok { CrashPoint.reached("before the rename into \(url.lastPathComponent)") }
        guard ok, rename(temp.path, url.path) == 0 else {
            let error = posixError("cannot write \(url.path)")
            unlink(temp.path)
            throw error
        }
        CrashPoint.reached("after the rename into \(url.lastPathComponent)")
        // The rename itself is made durable by syncing the directory.
        let dirFD = open(directory.path, O_RDONLY)
        if dirFD >= 0 {
            fsync(dirFD)
            close(dirFD)
        }
    }

    static func posixError(_ what: String) -> NSError {
        NSError(domain: NSPOSIXErrorDomain, code: Int(errno),
                userInfo: [NSLocalizedDescriptionKey: "\(what): \(String(cString: strerror(errno)))"])
    }
}

/// An exclusive advisory lock held across processes (flock), so the command line and an
/// open storefront never write the store at the same time.
final class FileLock {
    private let fd: Int32

    /// The lock file lives in the data directory, so this is where an unusable directory
    /// (a file, no permission) is first met: it is reported as such, by its path.
    init(url: URL) throws {
        let directory = url.deletingLastPathComponent()
        let remedy = "Use another data directory (--data-dir DIR or $STOREFRONT_DATA_DIR), or fix this one's permissions."
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            // Foundation's error seldom says why; the path itself, or mkdir's errno, does.
            var isDirectory: ObjCBool = false
            let reason = if FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                "it is a file, not a directory"
            } else if mkdir(directory.path, 0o755) != 0 {
                String(cString: strerror(errno))
            } else {
                error.localizedDescription
            }
            throw DataFileError(path: directory.path, problem: "cannot be used as the data directory (\(reason))",
                                remedy: remedy)
        }
        fd = open(url.path, O_RDWR | O_CREAT, 0o644)
        guard fd >= 0 else {
            throw DataFileError(path: url.path, problem: "cannot open the lock file (\(String(cString: strerror(errno))))",
                                remedy: remedy)
        }
    }

    deinit { close(fd) }

    func withLock<T>(_ body: () throws -> T) throws -> T {
        while flock(fd, LOCK_EX) != 0 {
            if errno != EINTR { throw AtomicFile.posixError("cannot lock the store") }
        }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }

    /// Takes the lock for as long as this object lives, or returns false if another process holds it.
    func tryHold() -> Bool {
        flock(fd, LOCK_EX | LOCK_NB) == 0
    }

    /// Replaces the lock file's text: who holds it, for whoever is refused.
    func write(_ text: String) {
        ftruncate(fd, 0)
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
    }
}
