import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed system call's errno, with the system's words for it.
package struct Errno: Error, Equatable {
    package var code: Int32

    package static var current: Errno { Errno(code: errno) }

    package var text: String { String(cString: strerror(code)) }
}

/// What a path is, as stat tells it.
package enum FileKind: Equatable {
    case regular, directory, symbolicLink, fifo, socket, characterDevice, blockDevice, unknown

    init(mode: mode_t) {
        switch mode & mode_t(S_IFMT) {
        case mode_t(S_IFREG): self = .regular
        case mode_t(S_IFDIR): self = .directory
        case mode_t(S_IFLNK): self = .symbolicLink
        case mode_t(S_IFIFO): self = .fifo
        case mode_t(S_IFSOCK): self = .socket
        case mode_t(S_IFCHR): self = .characterDevice
        case mode_t(S_IFBLK): self = .blockDevice
        default: self = .unknown
        }
    }

    /// "a named pipe (FIFO)", for messages.
    package var described: String {
        switch self {
        case .regular: "a regular file"
        case .directory: "a directory"
        case .symbolicLink: "a symbolic link"
        case .fifo: "a named pipe (FIFO)"
        case .socket: "a socket"
        case .characterDevice: "a character device"
        case .blockDevice: "a block device"
        case .unknown: "an unknown kind of file"
        }
    }
}

/// What stat says about a file.
package struct FileStatus {
    package var kind: FileKind
    package var size: Int64
    /// Changes whenever the file is replaced or written: device, inode, size and modification time.
    package var token: String
    /// How many names the file has (hard links): more than one, and a write through this name
    /// changes the file under the others too.
    package var links: UInt64 = 1
}

/// The system calls behind the data files, so that each Glibc/Darwin difference is met here
/// only. Calls that can be interrupted retry EINTR; nothing opened leaks into a child (O_CLOEXEC).
package enum POSIX {
    /// The token of a path that does not exist.
    package static let missingToken = "none"

    package static func openFile(_ path: String, _ flags: Int32, mode: mode_t = 0) throws(Errno) -> Int32 {
        while true {
            let fd = open(path, flags | O_CLOEXEC, mode)
            if fd >= 0 { return fd }
            if errno != EINTR { throw .current }
        }
    }

    package static func closeFile(_ fd: Int32) {
        _ = close(fd)
    }

    /// Follows symbolic links.
    package static func status(of path: String) throws(Errno) -> FileStatus {
        var info = stat()
        guard stat(path, &info) == 0 else { throw .current }
        return status(info)
    }

    /// The path itself, a symbolic link included.
    package static func linkStatus(of path: String) throws(Errno) -> FileStatus {
        var info = stat()
        guard lstat(path, &info) == 0 else { throw .current }
        return status(info)
    }

    package static func status(ofOpen fd: Int32) throws(Errno) -> FileStatus {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .current }
        return status(info)
    }

    /// A cheap "has this file changed" for a path (links followed): `missingToken` when there
    /// is no such file, a token that matches no file when it cannot be looked at.
    package static func token(_ path: String) -> String {
        do {
            return try status(of: path).token
        } catch {
            return error.code == ENOENT ? missingToken : "unreadable (\(error.code))"
        }
    }

    /// Where a symbolic link points, as written in it.
    package static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Reads to the end of the file, but never more than `limit` + 1 bytes: one more than the
    /// limit says the file is over it without reading it all.
    static func readAll(_ fd: Int32, limit: Int) throws(Errno) -> Data {
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while data.count <= limit {
            let wanted = min(chunk.count, limit + 1 - data.count)
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, wanted) }
            if n == 0 { break }
            if n < 0 {
                if errno == EINTR { continue }
                throw .current
            }
            data.append(contentsOf: chunk[..<n])
        }
        return data
    }

    /// Writes all of `data`, however many calls the system takes to accept it.
    static func writeAll(_ fd: Int32, _ data: Data) throws(Errno) {
        let failure: Errno? = data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return .current
                }
                offset += n
            }
            return nil
        }
        if let failure { throw failure }
    }

    static func sync(_ fd: Int32) throws(Errno) {
        while fsync(fd) != 0 {
            if errno != EINTR { throw .current }
        }
    }

    /// Makes a rename or creation in `directory` last through a power cut. Best effort: the
    /// data already is on disk, so a failure here is not worth failing the write for.
    package static func syncDirectory(_ directory: String) {
        guard let fd = try? openFile(directory, O_RDONLY | O_DIRECTORY) else { return }
        try? sync(fd)
        closeFile(fd)
    }

    /// Makes a regular file readable and writable by its owner only (0600), never through a
    /// symbolic link: a file kept aside keeps no wider mode than the data it holds. Best effort.
    package static func makeOwnerOnly(_ path: String) {
        guard let fd = try? openFile(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK) else { return }
        defer { closeFile(fd) }
        guard (try? status(ofOpen: fd))?.kind == .regular else { return }
        _ = fchmod(fd, 0o600)
    }

    package static func move(_ from: String, to: String) throws(Errno) {
        guard rename(from, to) == 0 else { throw .current }
    }

    package static func remove(_ path: String) throws(Errno) {
        guard unlink(path) == 0 else { throw .current }
    }

    /// This process's id.
    package static var processID: Int32 { getpid() }

    /// Whether a process with this id runs (one of another user's counts: EPERM).
    package static func processExists(_ pid: Int32) -> Bool {
        pid > 0 && (kill(pid, 0) == 0 || errno == EPERM)
    }

    /// Creates `path` and any missing parent with `mode`; directories already there are left
    /// exactly as they are. Throws the path that could not be made, with why.
    static func makeDirectories(_ path: String, mode: mode_t) throws(DirectoryFailure) {
        if try makeDirectory(path, mode: mode) { return }
        let parent = (path as NSString).deletingLastPathComponent
        guard !parent.isEmpty, parent != path else { throw DirectoryFailure(path: path, reason: .system(Errno(code: ENOENT))) }
        try makeDirectories(parent, mode: mode)
        if try makeDirectory(path, mode: mode) { return }
        throw DirectoryFailure(path: path, reason: .system(Errno(code: ENOENT)))
    }

    /// True once `path` is a directory; false when its parent is missing.
    private static func makeDirectory(_ path: String, mode: mode_t) throws(DirectoryFailure) -> Bool {
        if mkdir(path, mode) == 0 { return true }
        let failure = Errno.current
        switch failure.code {
        case EEXIST:
            // Something is there: fine if it is (or links to) a directory.
            if (try? status(of: path))?.kind == .directory { return true }
            throw DirectoryFailure(path: path, reason: .notADirectory)
        case ENOENT:
            return false
        default:
            throw DirectoryFailure(path: path, reason: .system(failure))
        }
    }

    struct DirectoryFailure: Error {
        enum Reason {
            /// A file (or anything but a directory) is there.
            case notADirectory
            case system(Errno)
        }

        var path: String
        var reason: Reason
    }

    private static func status(_ info: stat) -> FileStatus {
        #if canImport(Darwin)
        let modified = info.st_mtimespec
        #else
        let modified = info.st_mtim
        #endif
        return FileStatus(kind: FileKind(mode: info.st_mode), size: Int64(info.st_size),
                          token: "\(info.st_dev)-\(info.st_ino)-\(info.st_size)-\(modified.tv_sec).\(modified.tv_nsec)",
                          links: UInt64(info.st_nlink))
    }
}
