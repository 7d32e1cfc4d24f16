import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a data file whole, refusing what is not one: only "no such file" means there is
/// none. A directory, a FIFO, a device, an unreadable or oversized file is a `DataFileError`,
/// so it is never taken for an empty file and replaced.
enum DataFileReader {
    /// The largest data file storefront reads.
    static let maximumSize = 16 << 20

    static func contents(of url: URL, remedy: String, maximumSize: Int = maximumSize) throws -> Data? {
        // O_NONBLOCK: opening a FIFO must not wait for a writer.
        let fd = open(url.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT { return nil }
            let reason = errno == ELOOP ? "is a symbolic link loop" : "cannot be read (\(String(cString: strerror(errno))))"
            throw DataFileError(path: url.path, problem: reason, remedy: remedy)
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            throw DataFileError(path: url.path, problem: "cannot be read (\(String(cString: strerror(errno))))", remedy: remedy)
        }
        if let kind = FileKind.nonRegular(info.st_mode) {
            throw DataFileError(path: url.path, problem: "is \(kind), not a file", remedy: remedy)
        }
        guard Int(info.st_size) <= maximumSize else {
            throw DataFileError(path: url.path, problem: "is \(Int(info.st_size) >> 20) MiB; storefront reads data files of at most \(maximumSize >> 20) MiB",
                                remedy: remedy)
        }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let n = read(fd, &buffer, buffer.count)
            if n == 0 { break }
            if n < 0 {
                if errno == EINTR { continue }
                throw DataFileError(path: url.path, problem: "cannot be read (\(String(cString: strerror(errno))))", remedy: remedy)
            }
            data.append(contentsOf: buffer[0..<n])
            guard data.count <= maximumSize else {
                throw DataFileError(path: url.path, problem: "is larger than \(maximumSize >> 20) MiB, the most storefront reads",
                                    remedy: remedy)
            }
        }
        return data
    }
}
