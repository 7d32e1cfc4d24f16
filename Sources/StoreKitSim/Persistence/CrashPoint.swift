import Foundation

/// A testing aid for the crash test (Tests/EndToEndTests/CrashTests.swift): the durable write
/// points, where a kill -9 leaves the data files in a different state. They are just before and
/// just after each commit of store.sqlite, and each rename of a file into place.
///
/// With `STOREFRONT_KILL_AT_WRITE=N` in its environment, the process names each write point it
/// passes on stderr (`storefront: write point 3: after a commit to store.sqlite`) and kills
/// itself with SIGKILL at the N-th, as `kill -9` would there: a run with a large N counts a
/// command's write points, and a run for each N up to that count kills it at every one.
/// Without the variable, a write point does nothing.
enum CrashPoint {
    /// The N of `STOREFRONT_KILL_AT_WRITE`, read once; nil when unset (or not a number).
    private static let target: Int? = ProcessInfo.processInfo.environment["STOREFRONT_KILL_AT_WRITE"].flatMap { Int($0) }
    private static let counter = Counter()

    /// A durable write point, `what` saying where (only built when the variable is set).
    static func reached(_ what: @autoclosure () -> String) {
        guard let target else { return }
        let count = counter.next()
        let line = count >= target ? "storefront: killed at write point \(count): \(what())\n"
                                   : "storefront: write point \(count): \(what())\n"
        _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
        if count >= target { kill(getpid(), SIGKILL) }
    }

    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func next() -> Int { lock.withLock { count += 1; return count } }
    }
}
