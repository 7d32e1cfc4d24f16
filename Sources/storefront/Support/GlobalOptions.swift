import ArgumentParser

struct GlobalOptions: ParsableArguments {
    @Option(name: .customLong("data-dir"), help: ArgumentHelp(
        "Where UserDefaults.json and store.sqlite live (default: $STOREFRONT_DATA_DIR, else $XDG_DATA_HOME/storefront, else ~/.local/share/storefront).",
        valueName: "dir"))
    var dataDir: String?

    @Option(help: ArgumentHelp("A catalog file to use instead of the built-in one.", valueName: "file"))
    var catalog: String?

    func validate() throws {
        // An empty path (an unset shell variable) must not quietly mean the default directory.
        if dataDir?.isEmpty == true {
            throw ValidationError("--data-dir is empty: give a directory, or leave the option out to use the default.")
        }
        if catalog?.isEmpty == true {
            throw ValidationError("--catalog is empty: give a catalog file, or leave the option out to use the built-in one.")
        }
    }
}

struct OutputOptions: ParsableArguments {
    @Flag(help: "Print JSON (its shape is described in the README).")
    var json = false
}
