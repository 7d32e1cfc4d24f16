import ArgumentParser
import DataFiles
import Foundation
import SampleApp
import AppStorePersistence
import AppStoreSigning
import StorefrontUI

/// Checks the data directory's files whole, on demand: store.sqlite (SQLite's full
/// integrity check, then storefront's own checks of its tables and of every row),
/// UserDefaults.json (read as every command reads it, the app's own keys checked against the
/// catalog), and where they have been made the signing chain (signing.pem) and the App Store
/// receipt (StoreKit/receipt), read as the commands that sign read them. Reads only (it makes no file where there is none), so it is safe on files every
/// other command refuses, and beside an open storefront, which waits for the check to finish
/// before it writes.
struct DoctorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check the store's records (store.sqlite), the app's data (UserDefaults.json) and the signing files whole, changing nothing.",
        discussion: """
            Runs SQLite's full integrity check and storefront's own checks of every table and row of \
            store.sqlite, and reads UserDefaults.json as every command reads it (the app's own keys \
            against the catalog); where they have been made, signing.pem and StoreKit/receipt are \
            read as the commands that sign read them. Exits 0 when all can be used (or there are \
            none yet), 65 when one cannot, listing each problem. Every command checks a store this \
            way when it was last written by something other than storefront, and refuses files that fail.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    /// At most this many of SQLite's problems, and of the rows'.
    static let mostProblems = 20

    struct Output: Encodable {
        struct Problem: Encodable {
            var path: String
            var message: String
            var location: String?
            var problem: String
            var remedy: String
        }

        struct File: Encodable {
            var path: String
            var exists: Bool
            var ok: Bool
            var problems: [Problem]
        }

        /// store.sqlite's, as before UserDefaults.json was checked too.
        var path: String
        var exists: Bool
        /// Every file can be used.
        var ok: Bool
        /// Every file's.
        var problems: [Problem]
        /// store.sqlite, then UserDefaults.json, then signing.pem and StoreKit/receipt where made.
        var files: [File]
    }

    func run() throws {
        let files = try CatalogAndApp(global)
        let directory = DataDirectory.resolve(option: global.dataDir)
        let rules = UserDefaultsRules(catalog: files.catalog, appDescription: files.app)
        func exists(_ url: URL) -> Bool { (try? POSIX.linkStatus(of: url.path)) != nil }
        let receipt = ReceiptFile(directory: directory)
        // The signing files are made on first need: one not made yet is not listed.
        let signing = [
            (SigningChainFile.url(in: directory), SigningChainFile.problems(in: directory), ""),
            (receipt.url, receipt.problems(), ""),
        ].filter { exists($0.0) }
        let checked = [
            (directory.storeDatabaseURL, try StoreDatabase.problems(directory, limit: Self.mostProblems),
             "none yet (the first change makes it)"),
            (directory.userDefaultsURL, UserDefaultsFile.problems(directory.userDefaultsURL, rules: rules),
             "none yet (the app has no data)"),
        ] + signing
        if output.json {
            let reported = checked.map { url, problems, _ in
                Output.File(path: url.path, exists: exists(url), ok: problems.isEmpty, problems: problems.map {
                    Output.Problem(path: $0.path, message: $0.summary, location: $0.location, problem: $0.problem,
                                   remedy: $0.remedy.text(.english))
                })
            }
            try JSONOutput.print(Output(path: reported[0].path, exists: reported[0].exists, ok: reported.allSatisfy(\.ok),
                                        problems: reported.flatMap(\.problems), files: reported))
        } else {
            for (url, problems, none) in checked {
                if problems.isEmpty {
                    printLine(exists(url) ? "\(url.path): ok" : "\(url.path): \(none)")
                    continue
                }
                for problem in problems { printLine(problem.summary) }
                // One way out for all of a file's problems (the first's: they concern one file).
                printLine(problems[0].remedy.text(.english))
            }
        }
        if checked.contains(where: { !$0.1.isEmpty }) { throw ExitCode.badData }
    }
}
