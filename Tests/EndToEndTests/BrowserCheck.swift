import Foundation
import Testing

/// A page checked in a real browser: runs one check of Tests/Browser/check.py with the test
/// venv's python (Playwright driving the system's headless Chromium) and hands back what it
/// found; `expect` turns each failure into a test failure in the script's words.
///
/// Every check also fails a page on any console error, uncaught error or request leaving the
/// file. The browser tests need Chromium and the venv (`./test.sh` installs both): where either
/// is missing they are skipped with a note saying so, and under CI=true they fail with it.
enum BrowserCheck {
    /// What check.py printed: the check's failures, and the screenshot it kept, if asked.
    struct Outcome: Decodable {
        var check: String
        var page: String
        var failures: [String]
        /// What the check measured, printed by `expect`.
        var notes: [String]?
        var screenshot: String?
        var browser: String?
    }

    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let script = root.appendingPathComponent("Tests/Browser/check.py")
    /// Hand-written pages that keep to the walkthrough page's contract.
    static let fixtures = root.appendingPathComponent("Tests/Browser/fixtures")
    /// Where a run keeps the screenshot a person can look at.
    static let screenshots = root.appendingPathComponent(".build/browser-screenshots")

    /// The venv scripts/setup.sh makes: $STOREFRONT_TEST_VENV, or .venv-tests/.
    static let venv: URL = {
        let given = ProcessInfo.processInfo.environment["STOREFRONT_TEST_VENV"] ?? ""
        return given.isEmpty ? root.appendingPathComponent(".venv-tests") : URL(fileURLWithPath: given, relativeTo: root)
    }()
    static let python = venv.appendingPathComponent("bin/python")

    static let isRequired = ProcessInfo.processInfo.environment["CI"] == "true"

    /// Why the browser checks cannot run here, with what installs the missing part; nil when
    /// they can.
    static let missing: String? = {
        guard FileManager.default.isExecutableFile(atPath: python.path) else {
            return "the browser tests need the Python test venv at \(venv.path): ./test.sh makes it (or scripts/setup.sh --tests)"
        }
        guard let found = try? runScript(["--browser"]) else {
            return "the browser tests could not run \(python.path) \(script.path) --browser"
        }
        return found.status == 0 ? nil
            : "the browser tests need Chromium: \(found.stdout.trimmingCharacters(in: .whitespacesAndNewlines)); ./test.sh installs it"
    }()

    /// Runs `check` on the page at `page` with its arguments; `screenshot`: a file name in
    /// `screenshots` to keep the page in as the check left it.
    static func run(_ check: String, page: URL, _ arguments: [String] = [], screenshot: String? = nil,
                    sourceLocation: SourceLocation = #_sourceLocation) throws -> Outcome {
        try #require(missing == nil, Comment(rawValue: missing ?? ""), sourceLocation: sourceLocation)
        var all = [check, page.path] + arguments
        if let screenshot {
            all += ["--screenshot", screenshots.appendingPathComponent(screenshot).path]
        }
        let result = try runScript(all)
        let line = result.stdout.split(separator: "\n").last.map(String.init) ?? ""
        let outcome = try? JSONDecoder().decode(Outcome.self, from: Data(line.utf8))
        return try #require(outcome, "check.py \(all.joined(separator: " ")) exited \(result.status) with no result:\n\(result.stdout)\n\(result.stderr)",
                            sourceLocation: sourceLocation)
    }

    /// Runs `check` and records each of its failures as the test's.
    @discardableResult
    static func expect(_ check: String, page: URL, _ arguments: String..., screenshot: String? = nil,
                       sourceLocation: SourceLocation = #_sourceLocation) throws -> Outcome {
        let outcome = try run(check, page: page, arguments, screenshot: screenshot, sourceLocation: sourceLocation)
        for failure in outcome.failures {
            Issue.record("\(check) \(page.lastPathComponent): \(failure)", sourceLocation: sourceLocation)
        }
        for note in outcome.notes ?? [] {
            print("\(check) \(page.lastPathComponent): \(note)")
        }
        if let screenshot = outcome.screenshot {
            print("browser screenshot of \(page.lastPathComponent): \(screenshot)")
        }
        return outcome
    }

    /// Runs `checks` (each a check's name, then its arguments) one after another on the page in
    /// one browser, as check.py's `--and` does (a browser's launch is most of a check's time),
    /// and records each failure as the test's, named by its check; `screenshot`: of the page
    /// as the last check left it.
    @discardableResult
    static func expect(all checks: [[String]], page: URL, screenshot: String? = nil,
                       sourceLocation: SourceLocation = #_sourceLocation) throws -> Outcome {
        let first = try #require(checks.first?.first, "no check to run", sourceLocation: sourceLocation)
        let arguments = Array(checks[0].dropFirst()) + checks.dropFirst().flatMap { ["--and"] + $0 }
        let outcome = try run(first, page: page, arguments, screenshot: screenshot, sourceLocation: sourceLocation)
        for failure in outcome.failures {
            Issue.record("\(page.lastPathComponent): \(failure)", sourceLocation: sourceLocation)
        }
        for note in outcome.notes ?? [] {
            print("\(page.lastPathComponent): \(note)")
        }
        if let screenshot = outcome.screenshot {
            print("browser screenshot of \(page.lastPathComponent): \(screenshot)")
        }
        return outcome
    }

    /// Runs check.py with `arguments`; stdout is its JSON, stderr what Python or Chromium said.
    private static func runScript(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = python
        process.arguments = [script.path] + arguments
        process.currentDirectoryURL = root
        // stderr goes to a file, so neither stream can fill its pipe while the other is read.
        let errors = FileManager.default.temporaryDirectory.appendingPathComponent("browser-check-\(UUID().uuidString).txt")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errors) }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = try FileHandle(forWritingTo: errors)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let stderr = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
        return (process.terminationStatus, String(decoding: output, as: UTF8.self), stderr)
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs a test where the browser checks can run, or must (CI=true); skips it elsewhere with
    /// the note that says what installs the missing part.
    static var browser: Self {
        .enabled(if: BrowserCheck.missing == nil || BrowserCheck.isRequired,
                 BrowserCheck.missing.map { Comment(rawValue: $0) })
    }
}
