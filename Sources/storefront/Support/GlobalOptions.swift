import ArgumentParser

/// The values of --data-dir and --catalog, however they were read.
struct GlobalPaths {
    var dataDir: String?
    var catalog: String?
}

struct GlobalOptions: ParsableArguments {
    @Option(name: .customLong("data-dir"), help: GlobalOptions.dataDirHelp)
    var dataDir: String?

    @Option(help: GlobalOptions.catalogHelp)
    var catalog: String?

    static let dataDirHelp = ArgumentHelp(
        "Where UserDefaults.json and store.sqlite live (default: $STOREFRONT_DATA_DIR, else $XDG_DATA_HOME/storefront, else ~/.local/share/storefront).",
        valueName: "dir")
    static let catalogHelp = ArgumentHelp("A catalog file to use instead of the built-in one.", valueName: "file")

    var paths: GlobalPaths { GlobalPaths(dataDir: dataDir, catalog: catalog) }

    func validate() throws {
        try Self.validate(dataDir: dataDir)
        try Self.validate(catalog: catalog)
    }

    static func validate(dataDir: String?) throws {
        // An empty path (an unset shell variable) must not quietly mean the default directory.
        if dataDir?.isEmpty == true {
            throw ValidationError("--data-dir is empty: give a directory, or leave the option out to use the default.")
        }
    }

    static func validate(catalog: String?) throws {
        if catalog?.isEmpty == true {
            throw ValidationError("--catalog is empty: give a catalog file, or leave the option out to use the built-in one.")
        }
    }
}

/// The options of `test`, `play` and `record`, which run each walkthrough on a fresh data
/// directory of their own: the catalog, and no data directory. --data-dir is still read,
/// hidden from their usage and help, so that it is refused with the reason rather than as
/// an option unknown.
struct WalkthroughOptions: ParsableArguments {
    @Option(name: .customLong("data-dir"), help: .hidden)
    var dataDir: String?

    @Option(help: GlobalOptions.catalogHelp)
    var catalog: String?

    func validate() throws {
        try GlobalOptions.validate(catalog: catalog)
    }

    /// `command` runs on fresh data of its own.
    func refuseDataDir(command: String) throws {
        if dataDir != nil {
            throw ValidationError("\(command) runs each walkthrough on a fresh temporary data directory: leave --data-dir out.")
        }
    }
}

struct OutputOptions: ParsableArguments {
    @Flag(help: "Print JSON (its shapes are in docs/command-line.md).")
    var json = false
}
