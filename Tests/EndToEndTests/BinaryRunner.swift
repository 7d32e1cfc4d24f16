import Foundation
import Testing

/// Runs the built `storefront` binary as a separate process, as a user or a script would, on
/// a fresh temporary data directory (one per runner, so per test).
struct BinaryRunner {
    struct Result {
        var arguments: [String]
        var status: Int32
        var stdout: String
        var stderr: String
        /// Ended by the SIGKILL the test asked for (`killAfter`, or STOREFRONT_KILL_AT_WRITE).
        var killed = false

        /// stdout parsed as a JSON object.
        func json(sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
            let object = try? JSONSerialization.jsonObject(with: Data(stdout.utf8))
            return try #require(object as? [String: Any],
                                "stdout of storefront \(arguments.joined(separator: " ")) is not a JSON object:\n\(stdout)\nstderr: \(stderr)",
                                sourceLocation: sourceLocation)
        }

        /// `--json`'s `transaction` (buy, approve, decline, resolve).
        func transaction(sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
            try #require(try json(sourceLocation: sourceLocation)["transaction"] as? [String: Any],
                         "no transaction in \(stdout)", sourceLocation: sourceLocation)
        }

        /// `--json`'s error: the failed transaction's, or the refusal's (`{ error }`).
        func error(sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
            let object = try json(sourceLocation: sourceLocation)
            let error = (object["transaction"] as? [String: Any])?["error"] ?? object["error"]
            return try #require(error as? [String: Any], "no error in \(stdout)", sourceLocation: sourceLocation)
        }

        /// What the error said: stderr, or under --json the error object's message and remedy.
        var errorText: String {
            guard stderr.isEmpty, let object = try? JSONSerialization.jsonObject(with: Data(stdout.utf8)),
                  let error = (object as? [String: Any])?["error"] as? [String: Any] else { return stderr }
            return [error["message"], error["remedy"]].compactMap { $0 as? String }.joined(separator: "\n")
        }

        /// For failure messages: the command and what it printed.
        var summary: String {
            "storefront \(arguments.joined(separator: " ")) exited \(status)\nstdout: \(stdout)\nstderr: \(stderr)"
        }
    }

    /// The binary next to the test bundle (`swift test` builds it), or $STOREFRONT_BIN.
    static let binary: URL = {
        if let path = ProcessInfo.processInfo.environment["STOREFRONT_BIN"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        // The test bundle is .build/<config>/<package>PackageTests.xctest (a file on Linux, a
        // bundle on macOS): walk up from it to the directory that holds the executable.
        var directory = (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0]))
            .resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<5 {
            let candidate = directory.appendingPathComponent("storefront")
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue,
               FileManager.default.isExecutableFile(atPath: candidate.path) {
                return candidate
            }
            directory.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: "storefront-binary-not-found")
    }()

    /// How long one command may take before it is killed and the test fails: commands at
    /// latency 0 take well under a second, but a loaded machine can be very slow.
    static let timeout: TimeInterval = 120

    let dataDirectory: URL

    init() {
        dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-e2e-\(UUID().uuidString)")
    }

    /// A command as storefront's hints give it for this data directory.
    func hint(_ arguments: String) -> String {
        "storefront --data-dir \(dataDirectory.standardizedFileURL.path) \(arguments)"
    }

    func cleanUp() {
        try? FileManager.default.removeItem(at: dataDirectory)
    }

    /// Runs `storefront --data-dir <this runner's directory> arguments…`.
    @discardableResult
    func run(_ arguments: String..., environment: [String: String] = [:]) throws -> Result {
        try run(arguments: ["--data-dir", dataDirectory.path] + arguments, environment: environment)
    }

    /// The store's clock started where walkthroughs start it, times read in UTC: what a command
    /// prints is the same on every run.
    static let fixedStart = ["STOREFRONT_START_TIME": "2030-01-01T09:00:00Z", "TZ": "UTC"]

    /// Runs `storefront --data-dir <this runner's directory> arguments…` at `fixedStart`, and
    /// expects it to exit with `status`.
    @discardableResult
    func command(_ arguments: String..., status: Int32 = 0, sourceLocation: SourceLocation = #_sourceLocation) throws -> Result {
        let result = try run(arguments: ["--data-dir", dataDirectory.path] + arguments, environment: Self.fixedStart)
        #expect(result.status == status, "\(result.summary)", sourceLocation: sourceLocation)
        return result
    }

    /// Runs `storefront arguments…` exactly as given. $STOREFRONT_DATA_DIR is cleared and
    /// $XDG_DATA_HOME points into the temporary directory, so a command without --data-dir
    /// can never touch the real data of whoever runs the tests.
    /// `mergingStderr`: both streams into one pipe, as `2>&1 | …` does (all of it in `stdout`).
    /// `killAfter`: kill -9 it after that long, unless it is done by then (the crash test).
    /// `timeout`: how long before a command that hangs is killed, for one known to take long.
    func run(arguments: [String], environment: [String: String] = [:], stdin: FileHandle? = nil,
             mergingStderr: Bool = false, killAfter: TimeInterval? = nil, timeout: TimeInterval = BinaryRunner.timeout) throws -> Result {
        let binary = Self.binary
        try #require(FileManager.default.isExecutableFile(atPath: binary.path),
                     "the storefront binary was not found at \(binary.path): build it (swift build) or set STOREFRONT_BIN")
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["STOREFRONT_DATA_DIR"] = nil
        env["XDG_DATA_HOME"] = dataDirectory.appendingPathComponent("xdg-data-home").path
        env.merge(environment) { $1 }
        process.environment = env
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = mergingStderr ? out : err
        process.standardInput = stdin ?? FileHandle.nullDevice
        try process.run()

        // stderr is drained on another thread while stdout is read here, so neither pipe can
        // fill up and block the child; a command that hangs is killed after `timeout`.
        let errData = DataBox()
        let readingErr = DispatchGroup()
        let errHandle = err.fileHandleForReading
        try? err.fileHandleForWriting.close()
        DispatchQueue.global().async(group: readingErr) { errData.set(errHandle.readDataToEndOfFile()) }
        let pid = process.processIdentifier
        let watchdog = Watchdog()
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { watchdog.fire(killing: pid) }
        let crash = Watchdog()
        if let killAfter {
            DispatchQueue.global().asyncAfter(deadline: .now() + killAfter) { crash.fire(killing: pid) }
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        readingErr.wait()
        process.waitUntilExit()
        watchdog.disarm()
        crash.disarm()

        let killedBySIGKILL = process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL
        let result = Result(arguments: arguments, status: process.terminationStatus,
                            stdout: String(decoding: outData, as: UTF8.self),
                            stderr: String(decoding: errData.get(), as: UTF8.self),
                            killed: killedBySIGKILL && (crash.fired || environment["STOREFRONT_KILL_AT_WRITE"] != nil))
        if watchdog.fired {
            Issue.record("killed after \(Int(timeout)) s: \(result.summary)")
        } else if process.terminationReason != .exit, !result.killed {
            Issue.record("crashed with signal \(process.terminationStatus): \(result.summary)")
        }
        return result
    }

    /// Starts `storefront --data-dir <this runner's directory> arguments…` on another thread,
    /// for a second command to run beside it; `wait()` gives its result.
    func start(_ arguments: String...) throws -> Background {
        let background = Background()
        let all = ["--data-dir", dataDirectory.path] + arguments
        let runner = self
        background.group.enter()
        DispatchQueue.global().async {
            background.set(Swift.Result { try runner.run(arguments: all) })
            background.group.leave()
        }
        return background
    }

    final class Background: @unchecked Sendable {
        let group = DispatchGroup()
        private let lock = NSLock()
        private var outcome: Swift.Result<BinaryRunner.Result, any Error>?

        func set(_ value: Swift.Result<BinaryRunner.Result, any Error>) { lock.withLock { outcome = value } }

        func wait() throws -> BinaryRunner.Result {
            group.wait()
            return try lock.withLock { outcome! }.get()
        }
    }

    /// `state --json`.
    func state() throws -> [String: Any] {
        let result = try run("state", "--json")
        #expect(result.status == 0, "\(result.summary)")
        return try result.json()
    }

    /// `state --json`'s userDefaults.
    func userDefaults() throws -> [String: Any] {
        try #require(try state()["userDefaults"] as? [String: Any])
    }

    var userDefaultsURL: URL { dataDirectory.appendingPathComponent("UserDefaults.json") }
    /// The store's records.
    var storeDatabaseURL: URL { dataDirectory.appendingPathComponent("store.sqlite") }
    /// Where an earlier storefront kept them: migrated on first open.
    var legacyStoreURL: URL { dataDirectory.appendingPathComponent("store.json") }

    /// Writes a data file (UserDefaults.json, store.json, store.sqlite…) into the data directory.
    func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: dataDirectory, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// The names of the files in the data directory.
    func files() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dataDirectory.path).sorted()
    }
}

/// Bytes handed from the thread that read them.
private final class DataBox: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func set(_ value: Data) { lock.withLock { data = value } }
    func get() -> Data { lock.withLock { data } }
}

/// Kills a child that outlives its time, unless disarmed first (after it was reaped).
private final class Watchdog: @unchecked Sendable {
    private let lock = NSLock()
    private var armed = true
    private var killed = false

    var fired: Bool { lock.withLock { killed } }

    func fire(killing pid: Int32) {
        lock.withLock {
            guard armed else { return }
            killed = true
            kill(pid, SIGKILL)
        }
    }

    func disarm() { lock.withLock { armed = false } }
}
