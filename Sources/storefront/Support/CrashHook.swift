import DataFiles
import Foundation
import AppStoreCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A testing aid for the crash test (Tests/EndToEndTests/CrashTests.swift). With
/// `STOREFRONT_KILL_AT_WRITE=N` in its environment, the process names each write point it
/// passes on stderr (`storefront: write point 3: after a commit to store.sqlite`) and kills
/// itself with SIGKILL at the N-th, as `kill -9` would there: a run with a large N counts a
/// command's write points, and a run for each N up to that count kills it at every one.
/// Without the variable, nothing is installed.
enum CrashHook {
    static func install(environment: [String: String] = ProcessEnvironment.variables) {
        guard let target = environment["STOREFRONT_KILL_AT_WRITE"].flatMap({ Int($0) }) else { return }
        let counter = Counter()
        CrashPoint.handler = { what in
            let count = counter.next()
            let line = count >= target ? "storefront: killed at write point \(count): \(what())\n"
                                       : "storefront: write point \(count): \(what())\n"
            _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
            if count >= target { kill(getpid(), SIGKILL) }
        }
    }

    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func next() -> Int { lock.withLock { count += 1; return count } }
    }
}
