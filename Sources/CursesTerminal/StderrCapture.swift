import Foundation

/// While curses owns the screen, anything written to stderr (a library's log, or Swift's
/// "Fatal error: …" line just before a crash) would scribble over the UI and then vanish with
/// the alternate screen. It goes to an unlinked temporary file instead, and is copied to the
/// real stderr when the terminal is restored. `end()` is async-signal-safe (dup2, lseek, read,
/// write), so signal handlers can call it.
enum StderrCapture {
    @MainActor static func begin() {
        guard savedStderr < 0, let file = tmpfile() else { return }
        let saved = dup(STDERR_FILENO)
        guard saved >= 0 else { return }
        copyBuffer = UnsafeMutableRawPointer.allocate(byteCount: copyBufferSize, alignment: 1)
        captureFD = fileno(file)
        savedStderr = saved
        dup2(captureFD, STDERR_FILENO)
    }

    static func end() {
        let saved = savedStderr
        guard saved >= 0, let copyBuffer else { return }
        savedStderr = -1
        dup2(saved, STDERR_FILENO)
        close(saved)
        lseek(captureFD, 0, SEEK_SET)
        while true {
            let count = read(captureFD, copyBuffer, copyBufferSize)
            if count <= 0 { return }
            var written = 0
            while written < count {
                let n = write(STDERR_FILENO, copyBuffer + written, count - written)
                if n <= 0 { return }
                written += n
            }
        }
    }
}

/// nonisolated(unsafe): set on the main actor by `begin()`, then read and reset by `end()`,
/// which may run in a signal handler; a C signal handler cannot capture context, hence globals.
private nonisolated(unsafe) var savedStderr: Int32 = -1
private nonisolated(unsafe) var captureFD: Int32 = -1
/// Allocated by `begin()`: a signal handler must not allocate.
private nonisolated(unsafe) var copyBuffer: UnsafeMutableRawPointer?
private let copyBufferSize = 4096
