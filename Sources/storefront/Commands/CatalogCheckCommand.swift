import ArgumentParser
import CatalogFiles
import DataFiles
import Foundation
import AppStoreCore

struct CatalogCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Read a catalog file and show what it holds and every problem with it.",
        discussion: """
            Shows the products by type, the subscription groups with their levels and offers, the \
            locales, the settings of a .storekit file and the store conditions they give a new data \
            directory, notes on what storefront reads but does not simulate, the app description \
            beside it (NAME.app.json) and how long each non-renewing subscription lasts in the app, \
            and every problem at its JSON path. Exit codes: 0 no problem, 65 problems (or a file that cannot be read).
            """)

    @Argument(help: ArgumentHelp("The catalog file (default: the --catalog file, else the built-in catalog).", valueName: "file"))
    var file: String?

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        if file?.isEmpty == true { throw ValidationError("check takes a catalog file, or none for the current catalog.") }
    }

    func run() throws {
        let inspection: CatalogInspection
        let name: String
        let path = file ?? global.catalog
        if let path {
            let url = URL(fileURLWithPath: path)
            inspection = try CatalogLoader.inspect(contentsOf: url)
            name = url.path
        } else {
            name = CatalogLoader.builtInPath
            inspection = try CatalogLoader.inspect(Data(DefaultCatalog.json.utf8), path: name)
        }
        let appCheck = inspection.problems.isEmpty ? AppDescriptionCheck.check(catalogAt: path, catalog: inspection.catalog) : nil
        let summary = CatalogSummary(inspection, file: name, appCheck: appCheck)
        if output.json {
            try JSONOutput.print(summary.json)
        } else {
            summary.lines.forEach { printLine($0) }
        }
        if summary.hasProblems { throw ExitCode.badData }
    }
}
