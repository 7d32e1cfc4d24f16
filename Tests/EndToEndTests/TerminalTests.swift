import Foundation
import Testing

/// The storefront as a person uses it: the built binary in tmux, keys in, screen out. Each
/// test has a terminal (a tmux server) and a data directory of its own, so they run side by
/// side. Every wait polls the screen up to a deadline; nothing asserts on how fast the app is.
@Suite(.ownThreads) struct TerminalTests {
    let cli = BinaryRunner()

    init() throws {
        try cli.run("set", "latency", "300")
    }

    // MARK: Purchases

    @Test func buyPremiumAndSeeThePremiumItems() throws {
        defer { cli.cleanUp() }
        let tty = try TmuxSession(cli)
        defer { tty.kill() }
        try tty.waitFor("★ Premium content here")
        #expect(try tty.waitFor("$2.99").contains("★ Premium content here"), "the price comes after the latency")
        try tty.select("Premium Quotes")
        try tty.send("Enter")
        try tty.waitFor("[ Buy ]")
        try tty.send("Enter")
        try tty.waitFor("You're all set.")
        try tty.send("Enter")
        let screen = try tty.waitFor("Premium quote 6")
        for n in 1...6 {
            #expect(screen.contains("Premium quote \(n)"))
        }
        #expect(!screen.contains("Premium content here"))
        #expect(screen.contains("purchased  com.storefront.premium"))
        #expect(try cli.userDefaults()["com.storefront.premium"] as? Bool == true)
    }

    @Test func buyCreditsTimesThreeAndSeeTheBalance() throws {
        defer { cli.cleanUp() }
        let tty = try TmuxSession(cli)
        defer { tty.kill() }
        try tty.select("5 Monkey Credits")
        try tty.send("Enter")
        try tty.waitFor("[ Buy ]")
        try tty.send("+")
        try tty.waitFor("Total     $1.98")
        try tty.send("+")
        try tty.waitFor("Total     $2.97")
        try tty.send("Enter")
        try tty.waitFor("You're all set.")
        try tty.send("Enter")
        try tty.waitFor("· 15 credits")
        #expect(try cli.userDefaults()["credits"] as? Int == 15)
    }

    @Test func mouseClicksSelectOpenAndPressButtons() throws {
        defer { cli.cleanUp() }
        let tty = try TmuxSession(cli)
        defer { tty.kill() }
        let store = try tty.waitFor("$1.99")  // the products are in: the row opens a sheet
        let row = try #require(TmuxSession.position(of: "10 Monkey Credits", in: store))
        try tty.click(x: row.x, y: row.y)
        try tty.wait(for: "the clicked row to be selected") { tty.detailTitle(in: $0) == "10 Monkey Credits" }
        try tty.click(x: row.x, y: row.y)
        let sheet = try tty.waitFor("[ Buy ]")
        let buy = try #require(TmuxSession.position(of: "[ Buy ]", in: sheet))
        try tty.click(x: buy.x + 2, y: buy.y)
        try tty.waitFor("You're all set.")
        let alert = try tty.screen()
        let ok = try #require(TmuxSession.position(of: "[ OK ]", in: alert))
        try tty.click(x: ok.x + 2, y: ok.y)
        try tty.waitFor("· 10 credits")
        try tty.waitForAbsence("You're all set.")
        #expect(try cli.userDefaults()["credits"] as? Int == 10)
    }

    @Test func restrictedRowsAreDisabledAndAlert() throws {
        defer { cli.cleanUp() }
        try cli.run("set", "can-make-payments", "off")
        let tty = try TmuxSession(cli)
        defer { tty.kill() }
        let screen = try tty.waitFor("App Store disabled")
        #expect(screen.contains("IAP RESTRICTED"))
        #expect(!screen.contains("$0.99"), "no buy row shows a price")
        try tty.select("10 Monkey Credits")
        try tty.send("Enter")
        try tty.waitFor("In-App Purchases Restricted")
        try tty.waitFor("Settings > Screen Time")
        #expect(try cli.state()["credits"] as? Int ?? 0 == 0)
    }

    @Test func askToBuyApprovedFromAnotherProcessShowsLive() throws {
        defer { cli.cleanUp() }
        try cli.run("set", "ask-to-buy", "on")
        let tty = try TmuxSession(cli)
        defer { tty.kill() }
        try tty.select("10 Monkey Credits")
        try tty.send("Enter")
        try tty.waitFor("[ Ask ]")
        try tty.send("Enter")
        try tty.waitFor("for permission to buy 10 Monkey Credits?")
        try tty.send("Enter")
        try tty.waitFor("Ask Permission — request sent")
        try tty.send("Enter")
        try tty.waitForAbsence("Ask Permission — request sent")
        try tty.waitFor("deferred")
        let pending = try cli.run("pending", "--json").json()
        let id = try #require((pending["askToBuy"] as? [[String: Any]])?.first?["id"] as? String)
        let approved = try cli.run("approve", id)
        #expect(approved.status == 0, "\(approved.stderr)")
        // No key is pressed from here on: the storefront notices the approval by itself,
        // shows a banner for it, and takes the banner away again.
        try tty.waitFor("✓ Ask to Buy approved: 10 Monkey Credits — delivered", seconds: 8)
        try tty.waitFor("\(id) purchased", seconds: 8)
        try tty.waitFor("· 10 credits", seconds: 8)
        let after = try tty.waitForAbsence("Ask to Buy approved", seconds: 15)
        // (Shortened to "⏎ open": the unconsumed credits' key is in the footer too.)
        #expect(after.contains("⏎ open") && after.contains("u unconsumed"), "the footer's keys are back")
    }

    @Test func cancelIsSilent() throws {
        defer { cli.cleanUp() }
        let tty = try TmuxSession(cli)
        defer { tty.kill() }
        try tty.select("10 Monkey Credits")
        try tty.send("Enter")
        try tty.waitFor("[ Buy ]")
        try tty.send("Escape")
        let screen = try tty.waitFor("error 2 paymentCancelled")
        let line = screen.split(separator: "\n").first { $0.contains("error 2 paymentCancelled") }
        #expect(line?.contains("failed") == true, "the log shows the cancel as a failed transaction")
        #expect(!screen.contains("[ OK ]"), "no alert after a cancel")
        #expect(!screen.contains("[ Buy ]"), "the sheet is closed")
        #expect(!screen.contains("Purchase Failed"))
    }

    // MARK: Store conditions

    @Test func networkDownThenRetry() throws {
        defer { cli.cleanUp() }
        try cli.run("set", "network", "off")
        let tty = try TmuxSession(cli)
        defer { tty.kill() }
        let screen = try tty.waitFor("Network down?")
        #expect(screen.contains("R retry"))
        #expect(screen.contains("OFFLINE"))
        #expect(!screen.contains("$0.99"))
        #expect(try cli.run("set", "network", "on").status == 0)
        try tty.send("R")
        try tty.waitFor("$0.99")
        try tty.waitForAbsence("Network down?")
    }

    /// The network taken down from another terminal: the app keeps the products it loaded,
    /// and only what it asks for next fails (a retry, said out loud); back on, buying works.
    @Test func aNetworkGoneDownKeepsTheProductsTheAppHas() throws {
        defer { cli.cleanUp() }
        try cli.run("set", "latency", "500")
        let tty = try TmuxSession(cli)
        defer { tty.kill() }
        try tty.waitFor("$0.99")
        #expect(try cli.run("set", "network", "off").status == 0)
        let offline = try tty.waitFor("OFFLINE")
        #expect(offline.contains("$0.99"), "the products stay: \(offline)")
        #expect(!offline.contains("Network down?"))
        try tty.send("R")
        try tty.waitFor("Cannot Connect to the App Store")
        try tty.send("Enter")
        let after = try tty.waitForAbsence("Cannot Connect to the App Store")
        #expect(after.contains("$0.99"), "a failed request takes nothing away: \(after)")
        #expect(try cli.run("set", "network", "on").status == 0)
        try tty.waitForAbsence("OFFLINE")
        try tty.openSheet("5 Monkey Credits")
        try tty.send("Enter")
        try tty.waitFor("You're all set.")
    }

    /// Hold: the sheet waits for the side button (Enter) before the store answers.
    @Test func holdWaitsForEnterBeforeTheStoreAnswers() throws {
        defer { cli.cleanUp() }
        try cli.run("set", "hold", "on")
        let tty = try TmuxSession(cli)
        defer { tty.kill() }
        #expect(try tty.waitFor("$0.99").contains("HOLD"))
        try tty.select("5 Monkey Credits")
        try tty.send("Enter")
        try tty.waitFor("[ Buy ]")
        try tty.send("Enter")
        try tty.waitFor("Double-click the side button to confirm — press Enter")
        let queue = try cli.state()["queue"] as? [[String: Any]]
        #expect(queue?.first?["state"] as? String == "purchasing", "the store has not answered")
        try tty.send("Enter")
        try tty.waitFor("You're all set.")
        try tty.send("Enter")
        try tty.waitFor("· 5 credits")
    }

    @Test func relaunchRedeliversUnfinished() throws {
        defer { cli.cleanUp() }
        try cli.run("set", "latency", "0")
        #expect(try cli.run("buy", "com.storefront.credits.5", "--no-finish").status == 0)
        let tty = try TmuxSession(cli)
        defer { tty.kill() }
        let screen = try tty.waitFor("(redelivered at launch)")
        #expect(screen.contains("purchased  com.storefront.credits.5"))
        try tty.waitFor("· 5 credits")
        try tty.waitFor("finished")
        #expect(try (cli.state()["queue"] as? [Any])?.isEmpty == true, "the redelivered transaction was finished")
    }

    // MARK: The terminal

    @Test func resizeReflowsAndTooSmallExplains() throws {
        defer { cli.cleanUp() }
        let tty = try TmuxSession(cli)
        defer { tty.kill() }
        try tty.waitFor("FREE CONTENT")
        try tty.resize(width: 80, height: 24)
        // Reflowed: the footer (with "q quit") is on the new last row, and nothing is wider.
        let narrow = try tty.wait(for: "the store at 80×24") {
            $0.contains("FREE CONTENT") && TmuxSession.rows(of: $0).count == 24
                && TmuxSession.rows(of: $0).last?.contains("q quit") == true
        }
        #expect(TmuxSession.rows(of: narrow).allSatisfy { $0.count <= 80 })
        try tty.resize(width: 100, height: 30)
        try tty.wait(for: "the store at 100×30") {
            TmuxSession.rows(of: $0).count == 30 && TmuxSession.rows(of: $0).last?.contains("q quit") == true
        }

        try tty.resize(width: 60, height: 15)
        try tty.waitFor("terminal too small (needs 70×20)")
        try tty.resize(width: 100, height: 30)
        try tty.waitFor("FREE CONTENT")
        let screen = try tty.waitForAbsence("terminal too small")
        #expect(screen.contains("q quit"))
        #expect(!screen.contains("EXITED"), "still running after every resize")
    }

    @Test func tooSmallPausesAnOpenSheetAndEscDoesNotQuit() throws {
        defer { cli.cleanUp() }
        let tty = try TmuxSession(cli)
        defer { tty.kill() }
        try tty.openSheet("10 Monkey Credits")
        try tty.resize(width: 60, height: 15)
        try tty.waitFor("the purchase sheet waits")
        try tty.send("Escape")
        try tty.send("q")
        // A resize is read before keys still waiting in the input: these are read while the
        // window is small.
        try tty.waitForKeysRead()
        try tty.resize(width: 100, height: 30)
        let screen = try tty.waitFor("[ Buy ]")
        #expect(!screen.contains("EXITED"), "neither Esc nor q quit with the sheet open")
        try tty.send("Escape")
        try tty.waitForAbsence("[ Buy ]")
        try tty.send("q")
        #expect(try tty.exitStatus() == 0)
    }

    @Test func theMouseWheelScrollsTheList() throws {
        defer { cli.cleanUp() }
        let tty = try TmuxSession(cli)
        defer { tty.kill() }
        try tty.select("Free quote 1")
        try tty.wheel(up: false, x: 10, y: 5)
        try tty.wait(for: "the wheel to move the selection down") { tty.detailTitle(in: $0) == "Free quote 2" }
        try tty.wheel(up: false, x: 10, y: 5)
        try tty.wait(for: "the wheel to move the selection down again") { tty.detailTitle(in: $0) == "Free quote 3" }
        try tty.wheel(up: true, x: 10, y: 5)
        try tty.wait(for: "the wheel to move the selection up") { tty.detailTitle(in: $0) == "Free quote 2" }
    }

    @Test func quitWithQGivesTheTerminalBack() throws {
        defer { cli.cleanUp() }
        let tty = try TmuxSession(cli)
        defer { tty.kill() }
        try tty.waitFor("FREE CONTENT")
        try tty.send("q")
        #expect(try tty.exitStatus() == 0)
        try tty.proveTerminalUsable()
    }

    @Test func ctrlCExits130AndGivesTheTerminalBack() throws {
        defer { cli.cleanUp() }
        let tty = try TmuxSession(cli)
        defer { tty.kill() }
        try tty.waitFor("FREE CONTENT")
        try tty.send("C-c")
        #expect(try tty.exitStatus() == 130)
        #expect(try !tty.screen().contains("FREE CONTENT"), "the storefront's screen is gone")
        try tty.proveTerminalUsable()
    }

    /// Ctrl-\ and crashes give the terminal back and end the storefront at once. The Swift
    /// runtime's backtracer reports the crash first, on a terminal without offering to debug
    /// (it would wait 30 seconds for a key, the data directory still locked); it returns
    /// expecting a fault to recur, which a signal from the terminal or from kill does not, so the
    /// storefront must still end, killed by the signal as the shell expects.
    @Test(arguments: [("C-\\", SIGQUIT), ("kill", SIGSEGV), ("kill", SIGABRT)])
    func quitAndCrashSignalsEndTheStorefrontAndGiveTheTerminalBack(via: String, number: Int32) throws {
        defer { cli.cleanUp() }
        let tty = try TmuxSession(cli, afterExit: "stty -a; " + TmuxSession.readThenWait)
        defer { tty.kill() }
        try tty.waitFor("FREE CONTENT")
        let pid = try tty.storefrontPID()
        if via == "kill" { kill(pid, number) } else { try tty.send(via) }
        // Well before the backtracer's 30 seconds.
        #expect(try tty.exitStatus(seconds: 20) == 128 + number)
        #expect(try cli.run("launch").status == 0, "the data directory is free again")
        #expect(kill(pid, 0) == -1 && errno == ESRCH, "the process is gone")
        #expect(try tty.paneVariable("alternate_on") == "0", "the storefront's screen is gone")
        #expect(try tty.paneVariable("cursor_flag") == "1", "the cursor is visible")
        let modes = try tty.waitFor("icanon", joined: true).split { " ;\n".contains($0) }
        #expect(modes.contains("icanon") && modes.contains("echo") && modes.contains("isig"), "line mode and echo are back")
        try tty.proveTerminalUsable()
    }

    /// A command waiting at a terminal (buy with hold on, at the side button's prompt) ends at
    /// once on Ctrl-\ too, letting go of the data directory, rather than sitting 30 seconds at
    /// the backtracer's prompt.
    @Test func aCommandWaitingAtATerminalEndsAtOnceOnCtrlBackslash() throws {
        defer { cli.cleanUp() }
        try cli.run("set", "hold", "on")
        let tty = try TmuxSession(cli, arguments: ["--data-dir", cli.dataDirectory.path, "buy", "com.storefront.premium"])
        defer { tty.kill() }
        try tty.waitFor("Double-click the side button to confirm — press Enter.")
        try tty.send("C-\\")
        #expect(try tty.exitStatus(seconds: 20) == 128 + SIGQUIT)
        #expect(try cli.run("set", "hold", "off").status == 0, "the data directory is free again")
    }

    /// A closed terminal window (here: the tmux server killed while the shell ignores SIGHUP,
    /// so no hangup signal reaches storefront) must end the storefront, not leave it spinning.
    @Test func closingTheTerminalEndsTheStorefront() throws {
        defer { cli.cleanUp() }
        let tty = try TmuxSession(cli, shellPrefix: "trap '' HUP; ", afterExit: "true")
        defer { tty.kill() }
        try tty.waitFor("FREE CONTENT")
        #expect(try cli.run("launch").status != 0, "the open storefront holds the data directory")
        tty.kill()
        let deadline = Date() + 15
        var launch = try cli.run("launch")
        while launch.status != 0, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.1)
            launch = try cli.run("launch")
        }
        #expect(launch.status == 0, "storefront still holds the data directory after its terminal closed: \(launch.stderr)")
    }

    @Test func japaneseStorefrontLaysOutWideText() throws {
        defer { cli.cleanUp() }
        try cli.run("set", "storefront", "JPN")
        try cli.run("set", "locale", "ja_JP")
        let tty = try TmuxSession(cli)
        defer { tty.kill() }
        let screen = try tty.waitFor("¥480")  // after the products' latency
        let row = try #require(screen.split(separator: "\n").first { $0.contains("無料コンテンツ-1") })
        // Wide characters take two columns each, so the column rule stays where it is in English.
        let english = "   Free quote 1                                   free │"
        let bar = try #require(row.firstIndex(of: "│"))
        let columns = row[..<bar].reduce(0) { $0 + (($1.unicodeScalars.first?.value ?? 0) >= 0x3000 ? 2 : 1) }
        #expect(columns == english.count - 1)
        #expect(screen.contains("¥480"))
    }

    // MARK: Locales

    /// LANG unset, LANG=C, or a UTF-8 locale that is not installed: storefront borrows the
    /// system's C.UTF-8 for its characters, so box lines and ★ are drawn, not `~T~@`.
    @Test(arguments: ["", "C", "xx_YY.UTF-8"])
    func withoutAUTF8LocaleTheScreenIsStillDrawn(lang: String) throws {
        defer { cli.cleanUp() }
        let tty = try TmuxSession(cli, environment: ["LANG": lang, "LC_ALL": "", "LC_CTYPE": ""])
        defer { tty.kill() }
        let screen = try tty.waitFor("★ Premium content here")
        #expect(screen.contains("──────────"), "the rules are lines:\n\(screen)")
        #expect(screen.contains("│"))
        #expect(!screen.contains("~"), "nothing garbled:\n\(screen)")
        #expect(!screen.contains("NO UTF-8 LOCALE"))
    }

    /// With no UTF-8 locale installed at all (STOREFRONT_ASCII=1 draws as then), the screen
    /// is drawn in ASCII stand-ins, and the header says why (here: asked for).
    @Test func withNoUTF8LocaleInstalledTheScreenIsASCII() throws {
        defer { cli.cleanUp() }
        let tty = try TmuxSession(cli, environment: ["LANG": "C", "LC_ALL": "", "STOREFRONT_ASCII": "1"])
        defer { tty.kill() }
        let store = try tty.waitFor("* Premium content here")
        #expect(store.contains("ASCII (STOREFRONT_ASCII)"))
        #expect(store.contains("----------"), "the rules are dashes")
        try tty.send("j")
        try tty.send("Enter")
        let dialog = try tty.waitFor("+-")
        for screen in [store, dialog] {
            #expect(screen.unicodeScalars.allSatisfy { $0.isASCII }, "only ASCII:\n\(screen)")
            #expect(!screen.contains("~"), "nothing garbled:\n\(screen)")
        }
        try tty.send("Escape")
        try tty.send("q")
        #expect(try tty.exitStatus() == 0)
    }

    // MARK: Where the UI refuses to run

    @Test func notATerminalPointsToTheCommandLine() throws {
        defer { cli.cleanUp() }
        // A plain process: stdin from /dev/null, stdout a pipe.
        let piped = try cli.run(arguments: ["--data-dir", cli.dataDirectory.path])
        #expect(piped.status != 0)
        #expect(piped.stderr.contains("--help"), "\(piped.stderr)")

        let dumb = try TmuxSession(cli, environment: ["TERM": "dumb"])
        defer { dumb.kill() }
        #expect(try dumb.exitStatus() != 0)
        #expect(try dumb.screen(joined: true).contains("--help"))
    }

    @Test func secondStorefrontAndAppCommandsAreRefusedWhileOpen() throws {
        defer { cli.cleanUp() }
        let tty = try TmuxSession(cli)
        defer { tty.kill() }
        // The products in: a request still on its way when the network goes would fail.
        try tty.waitFor("$0.99")

        let buy = try cli.run("buy", "com.storefront.credits.5")
        #expect(buy.status != 0)
        #expect(buy.stderr.contains("open on"), "\(buy.stderr)")
        #expect(try cli.state()["credits"] as? Int ?? 0 == 0, "nothing was bought")

        let second = try TmuxSession(cli)
        defer { second.kill() }
        #expect(try second.exitStatus() != 0)
        #expect(try second.screen(joined: true).contains("in another terminal"))

        // Store-side commands work beside it, and it shows their changes without a key press.
        #expect(try cli.run("set", "network", "off").status == 0)
        let offline = try tty.waitFor("OFFLINE", seconds: 8)
        #expect(offline.contains("$0.99"), "the products the app loaded stay")
        #expect(try !tty.screen().contains("EXITED"))
    }
}
