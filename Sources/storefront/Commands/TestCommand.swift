import ArgumentParser
import Foundation
import AppStoreCore
import CursesTerminal
import Walkthroughs

struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run walkthroughs headless and check every expectation in them.",
        discussion: """
            Each walkthrough runs on a fresh data directory of its own, with no terminal and store time \
            simulated (an hour of it takes no time), from 2030-01-01 09:00 UTC: the same file gives the same \
            result and transaction ids every time. Every file is checked first: a bad one exits 65 and \
            nothing runs. Exits 0 when every walkthrough passes, 4 when one fails. The format is in docs/walkthroughs.md.

            --matrix runs each file in every combination of its vary lines (at most \(Walkthrough.maximumCombinations)), \
            each from a fresh store, and prints a Markdown table per file: a row per combination with the newest \
            transaction's state and error, what the app holds, and pass or the failing lines. Without \
            --matrix a file runs once, with the first value of each vary line.

            --html writes the results as one self-contained page that works offline, to attach to a pull \
            request or keep beside the JUnit file as a CI artifact: the counts, then each walkthrough folded, a \
            failed one open with its steps and the screen it failed on. With --matrix the page is the outcome \
            table: failures first, each column sorted by clicking its header, each condition filtered, and each \
            row opening the screen its combination ended on and the steps only some combinations run. With \
            STOREFRONT_ASCII=1 the screens are drawn in ASCII, as the storefront draws them then. A file that \
            cannot be written (--html, --junit) exits 73.
            """)

    @OptionGroup var options: WalkthroughOptions

    @Argument(help: ArgumentHelp("Walkthrough files.", valueName: "file"))
    var files: [String]

    @Option(help: ArgumentHelp("Also write the results as JUnit XML to this file.", valueName: "out.xml"))
    var junit: String?

    @Option(help: ArgumentHelp("Also write the results as one HTML page to this file.", valueName: "out.html"))
    var html: String?

    @Flag(help: "Run each file in every combination of its vary lines and print the outcome table.")
    var matrix = false

    @Flag(help: "With --matrix: print the table as CSV (failures and the count go to stderr).")
    var csv = false

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if csv, !matrix { throw ValidationError("--csv prints the table of --matrix: add --matrix, or leave --csv out.") }
        if csv, output.json { throw ValidationError("--csv and --json each choose the output: give one of them.") }
        try options.refuseDataDir(command: "test")
        if junit?.isEmpty == true { throw ValidationError("--junit is empty: give a file to write, or leave the option out.") }
        if html?.isEmpty == true { throw ValidationError("--html is empty: give a file to write, or leave the option out.") }
    }

    func run() throws {
        let catalog = try CatalogAndApp(catalog: options.catalog)
        let walkthroughs = try WalkthroughFiles.parse(files, catalog: catalog, json: output.json,
                                                      check: { matrix ? $0.matrixTooLarge : nil })
        var runner = WalkthroughRunner(catalog: catalog.catalog, app: catalog.app)
        // Only a page shows the screens: a run without one keeps none.
        runner.keepsScreens = html != nil
        // STOREFRONT_ASCII=1: the screens kept are drawn in ASCII, as `record` and the storefront draw them then.
        runner.ascii = Terminal.asciiRequested ? .requested : nil
        if matrix {
            try runMatrix(walkthroughs, runner)
            return
        }
        let report = TestReport(results: runner.run(walkthroughs))
        try writeJUnit(report)
        if let html {
            try WalkthroughFiles.write(ReportPage(report: report, walkthroughs: walkthroughs).html, to: html, what: "the page")
        }
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
        if let html {
            try WalkthroughFiles.write(MatrixPage(report: report, walkthroughs: walkthroughs).html, to: html, what: "the page")
        }
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
        try WalkthroughFiles.write(report.junitXML, to: junit, what: "the JUnit report")
    }
}
