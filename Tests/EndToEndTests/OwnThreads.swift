import Foundation
import Testing

/// Runs a suite's tests on threads of their own rather than on Swift concurrency's shared
/// pool. That pool has one thread per core, and these tests hold theirs while they wait
/// (for a screen in tmux, for a process to exit): on two cores, two waiting tests would hold
/// back every other test. Here up to `TestThreads.width` of them wait side by side, the
/// cores free for the processes they drive.
struct OwnThreads: SuiteTrait, TestTrait, TestScoping {
    /// Started before the others that wait for a thread: the longest tests, so that the run
    /// does not end waiting for one that started last.
    var first = false

    var isRecursive: Bool { true }

    func provideScope(for test: Test, testCase: Test.Case?,
                      performing function: @Sendable () async throws -> Void) async throws {
        guard testCase != nil, #available(macOS 15, *) else { return try await function() }
        if first {
            // Its jobs carry the task's priority, which the threads take first. The test is
            // awaited here, so its body does not outlive this call.
            try await withoutActuallyEscaping(function) { function in
                try await Task(executorPreference: TestThreads.shared, priority: .high) { try await function() }.value
            }
        } else {
            try await withTaskExecutorPreference(TestThreads.shared) { try await function() }
        }
    }
}

extension Trait where Self == OwnThreads {
    static var ownThreads: Self { OwnThreads() }

    static func ownThreads(first: Bool) -> Self { OwnThreads(first: first) }
}

/// A fixed set of threads that run the jobs given to them, the highest priority first, and
/// in the order given among equals.
@available(macOS 15, *)
final class TestThreads: TaskExecutor, @unchecked Sendable {
    /// Enough for a dozen tests waiting on processes and screens at once, few enough that the
    /// processes they start do not crowd each other out of a small machine.
    static let width = 12
    static let shared = TestThreads(count: width)

    private let condition = NSCondition()
    private var jobs: [(priority: UInt8, job: UnownedJob)] = []

    private init(count: Int) {
        for _ in 0..<count {
            Thread.detachNewThread { [self] in work() }
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let priority = job.priority.rawValue
        let job = UnownedJob(job)
        condition.withLock {
            jobs.append((priority, job))
            condition.signal()
        }
    }

    private func work() {
        while true {
            let job = condition.withLock {
                while jobs.isEmpty { condition.wait() }
                let highest = jobs.map(\.priority).max()!
                return jobs.remove(at: jobs.firstIndex { $0.priority == highest }!).job
            }
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
