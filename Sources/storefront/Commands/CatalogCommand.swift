import ArgumentParser

/// `storefront catalog check | export`: the catalog itself, apart from any store.
struct CatalogCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catalog",
        abstract: "Check a catalog file, or write the catalog as an Xcode StoreKit configuration file.",
        discussion: """
            A catalog is storefront's own JSON or an Xcode StoreKit configuration file (.storekit, \
            versions 2 to 5), told apart by its content: a top-level "version" object with a "major" \
            number is a .storekit file.
            """,
        subcommands: [CatalogCheckCommand.self, CatalogExportCommand.self])

    /// The subcommands' names, for global options given before them.
    static let nested: Set<String> = Set(configuration.subcommands.map { $0._commandName })
}
