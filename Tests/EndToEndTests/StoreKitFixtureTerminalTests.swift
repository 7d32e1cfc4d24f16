import Foundation
import Testing

/// Every StoreKit configuration fixture, opened in the storefront in a real terminal: its
/// products are shown (in its own storefront and locale) and the first one is bought.
@Suite(.ownThreads) final class StoreKitFixtureTerminalTests {
    let cli = BinaryRunner()

    deinit { cli.cleanUp() }

    @Test(arguments: CatalogCommandTests.valid)
    func aFixtureShowsItsProductsAndBuysTheFirst(_ name: String) throws {
        let file = CatalogCommandTests.fixture(name)
        // The fixture's own conditions (a failing error, Ask to Buy) would stop the purchase.
        for (condition, value) in [("fail-with", "off"), ("ask-to-buy", "off"), ("interrupted", "off"), ("latency", "0")] {
            let set = try cli.run(arguments: ["--data-dir", cli.dataDirectory.path, "--catalog", file, "set", condition, value])
            #expect(set.status == 0, "\(set.summary)")
        }
        let state = try cli.run(arguments: ["--data-dir", cli.dataDirectory.path, "--catalog", file, "state", "--json"])
        // A file with _disableDialogs buys at once, with no sheet.
        let dialogs = try #require(try state.json()["settings"] as? [String: Any])["dialogs"] as? Bool ?? true
        let tty = try TmuxSession(cli, arguments: ["--data-dir", cli.dataDirectory.path, "--catalog", file])
        defer { tty.kill() }
        // The header names the app after the file; the generic app has no credits to show.
        let screen = try tty.waitFor(" \(name) ")
        #expect(!screen.contains("credits") && !screen.contains("クレジット"), "\(screen)")
        try tty.send("Enter")
        if dialogs {
            try tty.waitFor("┌")
            try tty.send("Right", "Enter")
        }
        // Delivered: the app wrote what it holds.
        let deadline = Date() + 15
        var delivered: [String: Any] = [:]
        while true {
            delivered = (try? JSONSerialization.jsonObject(with: Data(contentsOf: cli.userDefaultsURL))) as? [String: Any] ?? [:]
            if !delivered.isEmpty || Date() > deadline { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        let last = (try? tty.screen()) ?? ""
        #expect(!delivered.isEmpty, "nothing delivered: \(last)")
        if !dialogs { #expect(!last.contains("┌"), "no dialog: \(last)") }
        try tty.send("Escape", "q")
        #expect(try tty.exitStatus() == 0)
    }
}
