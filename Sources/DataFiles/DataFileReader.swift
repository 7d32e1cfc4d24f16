import Foundation

/// Reads a data file whole, and only a regular file within `DataFileLimits.maximumBytes`: a
/// directory, a named pipe, a device or a link loop where a file should be is refused with
/// what it is, never taken for an empty file. A symbolic link to a regular file is read.
package enum DataFileReader {
    package struct Contents {
        package var data: Data
        /// `POSIX.token` of the file as read.
        package var token: String
    }

    package enum Refusal: Error, Equatable {
        case unreadable(Errno)
        case notRegular(FileKind)
        case linkLoop
        case danglingLink(target: String)
        case tooLarge(bytes: Int64, limit: Int)

        /// What is wrong, said of the file: "<path>: is a directory, not a file".
        package var problem: String {
            switch self {
            case .unreadable(let failure): "cannot be read (\(failure.text))"
            case .notRegular(.directory): "is a directory, not a file"
            case .notRegular(let kind): "is \(kind.described), not a regular file"
            case .linkLoop: "is a symbolic link loop"
            case .danglingLink(let target): "is a symbolic link to \(target), which does not exist"
            case .tooLarge(let bytes, let limit):
                "is \(DataFileLimits.describe(bytes: bytes)); storefront reads at most \(DataFileLimits.describe(bytes: Int64(limit)))"
            }
        }

        /// The same as a clause: "cannot read the catalog (it is a directory, not a file)".
        package var reason: String {
            if case .unreadable(let failure) = self { return failure.text }
            return "it \(problem)"
        }
    }

    /// The file's bytes, or nil when there is no such file. `limit`: the most it reads.
    package static func read(_ url: URL, limit: Int = DataFileLimits.maximumBytes) throws(Refusal) -> Contents? {
        let path = url.path
        let fd: Int32
        do {
            // O_NONBLOCK: opening a named pipe must not wait for a writer; it is refused below.
            fd = try POSIX.openFile(path, O_RDONLY | O_NONBLOCK)
        } catch {
            return try refusal(opening: path, error)
        }
        defer { POSIX.closeFile(fd) }
        // Checked on the open file, so what is read is what was checked.
        let status: FileStatus
        do { status = try POSIX.status(ofOpen: fd) } catch { throw .unreadable(error) }
        guard status.kind == .regular else { throw .notRegular(status.kind) }
        guard status.size <= limit else { throw .tooLarge(bytes: status.size, limit: limit) }
        let data: Data
        do { data = try POSIX.readAll(fd, limit: limit) } catch { throw .unreadable(error) }
        // Grown while being read.
        guard data.count <= limit else { throw .tooLarge(bytes: Int64(data.count), limit: limit) }
        return Contents(data: data, token: status.token)
    }

    /// `read`, with a refusal as a `DataFileError` naming the file and what to do.
    package static func contents(of url: URL, remedy: DataFileError.Remedy, limit: Int = DataFileLimits.maximumBytes) throws -> Data? {
        do {
            return try read(url, limit: limit)?.data
        } catch {
            throw DataFileError(path: url.path, problem: error.problem, remedy: remedy)
        }
    }

    /// Only "no such file" is a missing file; a link to nothing is a link someone made.
    private static func refusal(opening path: String, _ failure: Errno) throws(Refusal) -> Contents? {
        switch failure.code {
        case ENOENT:
            guard (try? POSIX.linkStatus(of: path))?.kind == .symbolicLink else { return nil }
            throw .danglingLink(target: POSIX.linkTarget(path) ?? "a missing file")
        case ELOOP:
            throw .linkLoop
        default:
            // A socket cannot be opened at all (ENXIO): say what it is rather than why not.
            if let kind = (try? POSIX.status(of: path))?.kind, kind != .regular { throw .notRegular(kind) }
            throw .unreadable(failure)
        }
    }
}
