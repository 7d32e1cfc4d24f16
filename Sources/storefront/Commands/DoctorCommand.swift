import ArgumentParser
import DataFiles
import Foundation
import StoreKitSim
import StorefrontUI

/// Checks store.sqlite whole, on demand: SQLite's full integrity check, then storefront's own
/// checks of its tables and of every row. Reads only (it makes no file where there is no store),
/// so it is safe on a store every other command refuses, and beside an open storefront, which
/// waits for the check to finish before it writes.
struct DoctorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check the store's records (store.sqlite) whole, changing nothing.",
        discussion: """
            Runs SQLite's full integrity check and storefront's own checks of every table and row. \
            Exits 0 when the store can be used (or there is none yet), 65 when it cannot, listing each \
            problem. Every command checks a store this way when it was last written by something other \
            than storefront, and refuses one that fails.
            """)

    @OptionGroup var options: StoreOnlyOptions
    @OptionGroup var output: OutputOptions

    /// At most this many of SQLite's problems, and of the rows'.
    static let mostProblems = 20

    struct Output: Encodable {
        struct Problem: Encodable {
            var message: String
            var location: String?
            var problem: String
            var remedy: String
        }

        var path: String
        var exists: Bool
        var ok: Bool
        var problems: [Problem]
    }

    func run() throws {
        let directory = DataDirectory.resolve(option: options.dataDir)
        let url = directory.storeDatabaseURL
        let problems = try StoreDatabase.problems(directory, limit: Self.mostProblems)
        let exists = (try? POSIX.linkStatus(of: url.path)) != nil
        if output.json {
            try JSONOutput.print(Output(
                path: url.path, exists: exists, ok: problems.isEmpty,
                problems: problems.map {
                    Output.Problem(message: $0.summary, location: $0.location, problem: $0.problem, remedy: $0.remedy.text(.english))
                }))
        } else if problems.isEmpty {
            printLine(exists ? "\(url.path): ok" : "\(url.path): none yet (the first change makes it)")
        } else {
            for problem in problems { printLine(problem.summary) }
            // One way out for all of them (the first's: they concern one file).
            printLine(problems[0].remedy.text(.english))
        }
        if !problems.isEmpty { throw ExitCode.badData }
    }
}
