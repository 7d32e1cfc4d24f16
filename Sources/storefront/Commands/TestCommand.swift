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
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("Walkthrough files.", valueName: "file"))
    var files: [String]

    @Option(help: ArgumentHelp("Also write the results as JUnit XML to this file.", valueName: "out.xml"))
    var junit: String?

    @OptionGroup var output: OutputOptions

    func validate() throws {
        try WalkthroughFiles.refuseDataDir(global, command: "test")
        if junit?.isEmpty == true { throw ValidationError("--junit is empty: give a file to write, or leave the option out.") }
    }

    func run() throws {
        let catalog = try WalkthroughFiles.catalog(global)
        let walkthroughs = try WalkthroughFiles.parse(files, catalog: catalog, json: output.json)
        let runner = WalkthroughRunner(catalog: catalog)
        let report = TestReport(results: walkthroughs.map { runner.run($0) })
        if let junit {
            do {
                try Data(report.junitXML.utf8).write(to: URL(fileURLWithPath: junit), options: .atomic)
            } catch {
                throw CommandFailure.failed("cannot write the JUnit report to \(junit): \(error.localizedDescription)")
            }
        }
        if output.json {
            try JSONOutput.print(report.json)
        } else {
            report.lines.forEach { printLine($0) }
        }
        if report.failed > 0 { throw ExitCode.failed }
    }
}
