import ArgumentParser

struct GlobalOptions: ParsableArguments {
    @Option(name: .customLong("data-dir"), help: ArgumentHelp(
        "Where UserDefaults.json and store.json live (default: $STOREFRONT_DATA_DIR, else $XDG_DATA_HOME/storefront).",
        valueName: "dir"))
    var dataDir: String?

    @Option(help: ArgumentHelp("A catalog file to use instead of the built-in one.", valueName: "file"))
    var catalog: String?
}

struct OutputOptions: ParsableArguments {
    @Flag(help: "Print JSON (its shape is described in the README).")
    var json = false
}
