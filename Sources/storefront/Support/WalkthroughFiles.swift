import ArgumentParser
import Foundation
import AppStoreCore
import Walkthroughs

/// Walkthrough files as `test`, `play` and `record` read them: every file checked against the
/// catalog first; a bad one exits 65 with each error where an editor can jump to it, and
/// nothing runs.
enum WalkthroughFiles {
    /// `check`: a further problem with a file that parsed (a matrix too large to run).
    static func parse(_ files: [String], catalog: CatalogAndApp, json: Bool,
                      check: (Walkthrough) -> SyntaxError? = { _ in nil }) throws -> [Walkthrough] {
        let parser = WalkthroughParser(catalog: catalog.catalog, app: catalog.app)
        var walkthroughs: [Walkthrough] = []
        var errors: [SyntaxError] = []
        for file in files {
            do {
                let walkthrough = try parser.parse(file: file)
                if let problem = check(walkthrough) { errors.append(problem) }
                walkthroughs.append(walkthrough)
            } catch {
                errors += error.errors
            }
        }
        guard errors.isEmpty else { try report(errors, json: json) }
        return walkthroughs
    }

    /// A report or recording the user asked for, written whole or not at all. `what`: how the
    /// message names it ("the JUnit report").
    static func write(_ content: String, to path: String, what: String) throws {
        do {
            try Data(content.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw CommandFailure.cannotWrite("cannot write \(what) to \(path): \(error.localizedDescription)")
        }
    }

    private static func report(_ errors: [SyntaxError], json: Bool) throws -> Never {
        if json {
            struct Output: Encodable {
                var error: ErrorReport.Body
                var syntaxErrors: [SyntaxErrorJSON]
            }
            let first = errors[0]
            var report = ErrorReport(kind: "data", message: first.description, exitCode: .badData,
                                     remedy: "Fix the walkthrough files; nothing was run.")
            report.body.path = first.file
            report.body.location = first.line == 0 ? nil : "line \(first.line), column \(first.column)"
            report.body.problem = first.message
            try JSONOutput.print(Output(error: report.body, syntaxErrors: errors.map(SyntaxErrorJSON.init)))
        } else {
            printErrorLines(errors.map(\.description).joined(separator: "\n"))
            let count = errors.count == 1 ? "an error" : "\(errors.count) errors"
            printError("\(count) in the walkthrough files: nothing was run.")
        }
        throw ExitCode.badData
    }
}

/// One error of a walkthrough file under --json.
struct SyntaxErrorJSON: Encodable {
    var file: String
    var line: Int
    var column: Int
    var message: String
    var suggestion: String?

    init(_ error: SyntaxError) {
        file = error.file
        line = error.line
        column = error.column
        message = error.message
        suggestion = error.suggestion
    }
}
