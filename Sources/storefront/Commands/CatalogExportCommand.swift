import ArgumentParser
import CatalogFiles
import Foundation
import AppStoreCore

struct CatalogExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the catalog (--catalog, else the built-in one) as an Xcode StoreKit configuration file.",
        discussion: """
            Writes version 5 of the format (Xcode 26's), laid out as Xcode lays it out, which storefront \
            reads back as the same catalog. Prices per storefront and a non-renewing subscription's \
            period, which Xcode's format has no place for, go under keys of storefront's own; no \
            signing key is ever written.
            """)

    @Option(help: ArgumentHelp("The .storekit file to write.", valueName: "out.storekit"))
    var storekit: String

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        if storekit.isEmpty { throw ValidationError("--storekit takes the file to write.") }
    }

    struct Output: Encodable {
        var path: String
        var version: String
        var products: Int
        var subscriptionGroups: Int
        var notes: [String]
    }

    func run() throws {
        let catalog = try global.catalog.map { try CatalogLoader.load(from: URL(fileURLWithPath: $0)) }
            ?? CatalogLoader.defaultCatalog()
        let export = try CatalogLoader.storeKitFile(catalog)
        let url = URL(fileURLWithPath: storekit)
        try WalkthroughFiles.write(String(decoding: export.data, as: UTF8.self), to: url.path, what: "the StoreKit configuration file")
        let result = Output(path: url.path, version: export.version, products: export.products,
                            subscriptionGroups: export.subscriptionGroups, notes: export.notes)
        if output.json {
            try JSONOutput.print(result)
            return
        }
        let plural = { (n: Int, word: String) in "\(n) \(word)\(n == 1 ? "" : "s")" }
        printLine("Wrote \(result.path): a StoreKit configuration file, version \(result.version), with \(plural(result.products, "product")) and \(plural(result.subscriptionGroups, "subscription group")).")
        for note in export.notes { printLine("note: \(note)") }
    }
}
