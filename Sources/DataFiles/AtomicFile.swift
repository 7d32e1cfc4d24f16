import Foundation

/// Writes a file so that a crash leaves either the old content or the new, never a mix:
/// a temporary file beside it, fsync, then rename over the original (a symbolic link there is
/// replaced, not written through), then fsync of the directory so the rename lasts too.
///
/// The temporary file has an unpredictable name and is created only if nothing is there
/// (O_EXCL, O_NOFOLLOW): something planted beside the file is never opened. New files are
/// readable by their owner only (0600).
package enum AtomicFile {
    /// Callers hold the lock that lets one process at a time write `url`, so any temporary
    /// file of ours already beside it is left by a run that died: it is removed first.
    /// Returns the `POSIX.token` of the file written.
    @discardableResult
    package static func write(_ data: Data, to url: URL, durability: Durability = .durable) throws(DataFileError) -> String {
        let directory = url.deletingLastPathComponent()
        try DataDirectory.create(directory)
        removeLeftovers(of: url)
        let (temp, fd) = try createTemporary(for: url)
        let token: String
        do {
            token = try fill(fd, with: data, sync: durability == .durable)
        } catch {
            try? POSIX.remove(temp)
            throw cannotWrite(url, error)
        }
        CrashPoint.reached("before the rename into \(url.lastPathComponent)")
        do {
            try POSIX.move(temp, to: url.path)
        } catch {
            try? POSIX.remove(temp)
            throw cannotWrite(url, error)
        }
        CrashPoint.reached("after the rename into \(url.lastPathComponent)")
        if durability == .durable { POSIX.syncDirectory(directory.path) }
        return token
    }

    /// `.UserDefaults.json.3f9c0a71d2e4b658.tmp`: hidden, and named by 64 random bits.
    package static func temporaryName(for url: URL) -> String {
        let suffix = String(UInt64.random(in: .min ... .max), radix: 16)
        return ".\(url.lastPathComponent).\(String(repeating: "0", count: 16 - suffix.count) + suffix).tmp"
    }

    /// Ours: the file's name between "." and ".tmp" with letters and digits between, which also
    /// matches the process-id names earlier versions used.
    static func isTemporaryName(_ name: String, for url: URL) -> Bool {
        let prefix = ".\(url.lastPathComponent)."
        guard name.hasPrefix(prefix), name.hasSuffix(".tmp") else { return false }
        let middle = name.dropFirst(prefix.count).dropLast(".tmp".count)
        return !middle.isEmpty && middle.count <= 32
            && middle.unicodeScalars.allSatisfy { $0.isASCII && CharacterSet.alphanumerics.contains($0) }
    }

    private static func createTemporary(for url: URL) throws(DataFileError) -> (path: String, fd: Int32) {
        let directory = url.deletingLastPathComponent()
        var attempt = 0
        while true {
            let temp = directory.appendingPathComponent(temporaryName(for: url)).path
            do {
                let fd = try POSIX.openFile(temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, mode: 0o600)
                return (temp, fd)
            } catch {
                // A name taken by chance: draw another.
                attempt += 1
                if error.code != EEXIST || attempt == 8 { throw cannotWrite(url, error) }
            }
        }
    }

    /// Writes (and syncs) the temporary file, then closes it. Returns its token.
    private static func fill(_ fd: Int32, with data: Data, sync: Bool) throws(Errno) -> String {
        defer { POSIX.closeFile(fd) }
        try POSIX.writeAll(fd, data)
        if sync { try POSIX.sync(fd) }
        return try POSIX.status(ofOpen: fd).token
    }

    /// Regular files only (lstat): a link with one of our names is not ours to remove.
    package static func removeLeftovers(of url: URL) {
        let directory = url.deletingLastPathComponent()
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        for name in names where isTemporaryName(name, for: url) {
            let path = directory.appendingPathComponent(name).path
            if (try? POSIX.linkStatus(of: path))?.kind == .regular {
                try? POSIX.remove(path)
            }
        }
    }

    private static func cannotWrite(_ url: URL, _ error: any Error) -> DataFileError {
        let reason = (error as? Errno)?.text ?? "\(error)"
        return DataFileError(path: url.path, problem: "cannot be written (\(reason))",
                             remedy: .retryWrite)
    }
}
