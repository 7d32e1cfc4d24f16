import ArgumentParser

struct OpenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open", abstract: "Open the terminal storefront (the default).")

    @OptionGroup var global: GlobalOptions

    func run() throws {
        try Self.open(global.paths)
    }

    static func open(_ paths: GlobalPaths) throws {
        // Commands run on the main thread; curses must only ever be touched there.
        try MainActor.assumeIsolated { try StorefrontApp.run(paths) }
    }
}
