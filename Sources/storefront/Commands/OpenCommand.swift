import ArgumentParser

struct OpenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open", abstract: "Open the terminal storefront (the default).")

    @OptionGroup var global: GlobalOptions

    func run() throws {
        let options = global
        // Commands run on the main thread; curses must only ever be touched there.
        try MainActor.assumeIsolated { try StorefrontApp.run(options) }
    }
}
