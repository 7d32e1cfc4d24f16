import ArgumentParser
import Foundation
import StoreKitSim
import Walkthroughs

struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run walkthroughs headless and check every expectation in them.",
        discussion: """
            Each walkthrough runs on a fresh data directory of its own, with no terminal and store time \
            simulated (an hour of it takes no time), from 2030-01-01 09:00 UTC: the same file gives the same \
            result and transaction ids every time. Every file is checked first: a bad one exits 65 and \
            nothing runs. Exits 0 when every walkthrough passes, 4 when one fails. The format is in the README.

            --matrix runs each file in every combination of its vary lines (at most \(Walkthrough.maximumCombinations)), \
            each from a fresh store, and prints a Markdown table per file: a row per combination with the newest \
            transaction's state and error, what the app holds, and pass or the failing lines. Without \
            --matrix a file runs once, with the first value of each vary line.
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("Walkthrough files.", valueName: "file"))
    var files: [String]

    @Option(help: ArgumentHelp("Also write the results as JUnit XML to this file.", valueName: "out.xml"))
    var junit: String?

    @Flag(help: "Run each file in every combination of its vary lines and print the outcome table.")
    var matrix = false

    @Flag(help: "With --matrix: print the table as CSV (failures and the count go to stderr).")
    var csv = false

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if csv, !matrix { throw ValidationError("--csv prints the table of --matrix: add --matrix, or leave --csv out.") }
        if csv, output.json { throw ValidationError("--csv and --json each choose the output: give one of them.") }
        if global.dataDir != nil {
            throw ValidationError("test runs each walkthrough on a fresh temporary data directory: leave --data-dir out.")
        }
        if junit?.isEmpty == true { throw ValidationError("--junit is empty: give a file to write, or leave the option out.") }
    }

    func run() throws {
        let catalog = try global.catalog.map { try CatalogLoader.load(from: URL(fileURLWithPath: $0)) }
            ?? CatalogLoader.defaultCatalog()
        let parser = WalkthroughParser(catalog: catalog)
        var walkthroughs: [Walkthrough] = []
        var errors: [SyntaxError] = []
        for file in files {
            do {
                let walkthrough = try parser.parse(file: file)
                if matrix, let tooLarge = walkthrough.matrixTooLarge { errors.append(tooLarge) }
                walkthroughs.append(walkthrough)
            } catch {
                errors += error.errors
            }
        }
        guard errors.isEmpty else { try report(errors) }
        let runner = WalkthroughRunner(catalog: catalog)
        if matrix {
            try runMatrix(walkthroughs, runner)
            return
        }
        let report = TestReport(results: walkthroughs.map(runner.run))
        try writeJUnit(report)
        if output.json {
            try JSONOutput.print(report.json)
        } else {
            report.lines.forEach { printLine($0) }
        }
        if report.failed > 0 { throw ExitCode.failed }
    }

    /// --matrix: the tables on stdout (CSV alone there, for a file or a pipe), or JSON.
    private func runMatrix(_ walkthroughs: [Walkthrough], _ runner: WalkthroughRunner) throws {
        let report = MatrixReport(tables: walkthroughs.map(runner.runMatrix))
        try writeJUnit(TestReport(results: report.results))
        if output.json {
            try JSONOutput.print(report.json)
        } else if csv {
            report.csvLines.forEach { printLine($0) }
            printErrorLines(report.detailLines.joined(separator: "\n"))
        } else {
            report.markdownLines.forEach { printLine($0) }
        }
        if report.failed > 0 { throw ExitCode.failed }
    }

    private func writeJUnit(_ report: TestReport) throws {
        guard let junit else { return }
        do {
            try Data(report.junitXML.utf8).write(to: URL(fileURLWithPath: junit), options: .atomic)
        } catch {
            throw CommandFailure.failed("cannot write the JUnit report to \(junit): \(error.localizedDescription)")
        }
    }

    /// Bad files: each error where an editor can jump to it, and nothing run (exit 65).
    private func report(_ errors: [SyntaxError]) throws -> Never {
        if output.json {
            struct Output: Encodable {
                var error: ErrorReport.Body
                var syntaxErrors: [SyntaxErrorJSON]
            }
            let first = errors[0]
            var report = ErrorReport(kind: "data", message: first.description, exitCode: .badData,
                                     remedy: "Fix the walkthrough files; nothing was run.")
            report.body.path = first.file
            report.body.location = "line \(first.line), column \(first.column)"
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
