import Foundation
import Testing

/// `storefront play` in a real terminal (tmux) and `storefront record` through the binary.
@Suite(.ownThreads) final class PlayRecordCommandTests {
    let cli = BinaryRunner()

    deinit { cli.cleanUp() }

    func write(_ name: String, _ text: String) throws -> String {
        let url = cli.dataDirectory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: cli.dataDirectory, withIntermediateDirectories: true)
        try cli.write(text, to: url)
        return url.path
    }

    /// A matrix's file plays its first combination: the `when` step is not one of its steps.
    static let demo = """
        # Two packs of credits, with captions for the audience.
        vary network on off
        caption "Buying credits"
        open "5 Monkey Credits"
        quantity 2
        press "Buy"
        caption "The credits arrive"
        press "OK"
        expect credits 10
        when network off: expect credits 0
        """

    @Test func playShowsCaptionsAndKeysPausesHandsOverAndStops() throws {
        let file = try write("demo.walk", Self.demo)
        let tmux = try TmuxSession(cli, arguments: ["play", file, "--speed", "2"])
        defer { tmux.kill() }
        _ = try tmux.waitFor("Buying credits")
        _ = try tmux.waitFor("Space pause · → step · q stop · 2×")
        // Paused before the purchase's sheet (the caption, then the keys that open the pack: the
        // store screen is in front), the presenter takes over: their key reaches the storefront
        // (l opens the full log).
        try tmux.send("Space")
        _ = try tmux.waitFor("PAUSED · your keys drive the storefront")
        try tmux.send("l")
        _ = try tmux.waitFor("Esc/l back")
        try tmux.send("Escape")
        _ = try tmux.waitForAbsence("Esc/l back")
        try tmux.send("Space")
        _ = try tmux.wait(for: "a key shown as it is pressed") { $0.contains("[Down]") || $0.contains("[Enter]") }
        _ = try tmux.waitFor("The credits arrive")
        let end = try tmux.waitFor("END · your keys drive the storefront · q quits", seconds: 30)
        #expect(end.contains("Your credits: 10"), "\(end)")
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)
        let screen = try tmux.screen()
        #expect(screen.contains("Played \(file): every expectation held"), "\(screen)")
        try tmux.proveTerminalUsable()
    }

    /// Each shipped walkthrough, played fast in a real terminal, holds every expectation: the
    /// human pace changes what the viewer waits for, not what happens.
    @Test(arguments: WalkthroughCommandTests.shipped)
    func everyShippedWalkthroughPlays(_ file: String) throws {
        let tmux = try TmuxSession(cli, arguments: ["play", file, "--speed", "50", "--quit-at-end"])
        defer { tmux.kill() }
        let status = try tmux.exitStatus(seconds: 60)
        let screen = try tmux.screen(joined: true)
        #expect(status == 0, "\(screen)")
        #expect(screen.contains("Played \(file): every expectation held"), "\(screen)")
    }

    /// The storefront's smallest window has no room for the caption band: play says what it
    /// needs and waits, running no step, until the window is large enough. Then, at the
    /// smallest size it plays in, it runs to the end.
    @Test func playWaitsInAWindowTooSmallThenRunsAtItsSmallestSize() throws {
        let file = try write("demo.walk", Self.demo)
        let tmux = try TmuxSession(cli, width: 70, height: 20, arguments: ["play", file, "--speed", "20", "--quit-at-end"])
        defer { tmux.kill() }
        let small = try tmux.waitFor("terminal too small to play (needs 70×22)")
        #expect(small.contains("the walkthrough waits until then; q stops"), "\(small)")
        try tmux.resize(width: 70, height: 22)
        #expect(try tmux.exitStatus(seconds: 60) == 0)
        let screen = try tmux.screen(joined: true)
        #expect(screen.contains("Played \(file): every expectation held"), "\(screen)")
    }

    /// Shrunk in the middle of a play, it pauses; grown again, it goes on where it was.
    @Test func shrinkingMidPlayPausesAndGrowingResumes() throws {
        let file = try write("demo.walk", Self.demo)
        let tmux = try TmuxSession(cli, width: 70, height: 22, arguments: ["play", file, "--quit-at-end"])
        defer { tmux.kill() }
        _ = try tmux.waitFor("Buying credits")
        try tmux.resize(width: 70, height: 20)
        _ = try tmux.waitFor("terminal too small to play (needs 70×22)")
        try tmux.resize(width: 70, height: 22)
        _ = try tmux.waitForAbsence("too small")
        #expect(try tmux.exitStatus(seconds: 60) == 0)
        let screen = try tmux.screen(joined: true)
        #expect(screen.contains("Played \(file): every expectation held"), "\(screen)")
    }

    @Test func rightRunsOneStepThenPausesAndQStops() throws {
        let file = try write("demo.walk", Self.demo)
        let tmux = try TmuxSession(cli, arguments: ["play", file])
        defer { tmux.kill() }
        _ = try tmux.waitFor("1/7  caption \"Buying credits\"")
        try tmux.send("Space")
        _ = try tmux.waitFor("PAUSED")
        try tmux.send("Right")
        // The caption's step goes on to its end; the open step waits, paused.
        _ = try tmux.wait(for: "step 2 paused", seconds: 20) { $0.contains("2/7  open") && $0.contains("PAUSED") }
        try tmux.send("Right")
        // The open step runs, then the next one waits, paused.
        let paused = try tmux.wait(for: "step 3 paused", seconds: 20) { $0.contains("3/7  quantity 2") && $0.contains("PAUSED") }
        #expect(paused.contains("[ Cancel ]  [ Buy ]"), "the sheet the open step opened: \(paused)")
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)
        let screen = try tmux.screen()
        #expect(screen.contains("Played \(file): stopped after step 2"), "\(screen)")
        try tmux.proveTerminalUsable()
    }

    @Test func playQuitsAtTheEndWhenAskedAndFailsOnAnExpectation() throws {
        let file = try write("wrong.walk", "open \"5 Monkey Credits\"\npress \"Buy\"\npress \"OK\"\nexpect credits 6\n")
        let tmux = try TmuxSession(cli, arguments: ["play", file, "--speed", "10", "--quit-at-end"])
        defer { tmux.kill() }
        #expect(try tmux.exitStatus(seconds: 30) == 4)
        let screen = try tmux.screen(joined: true)
        #expect(screen.contains("\(file):4: expect credits 6 — expected 6 credits, saw 5 credits"), "\(screen)")
    }

    @Test func playAndRecordRefuseWhatTheyCannotDo() throws {
        let file = try write("demo.walk", Self.demo)
        let speed = try cli.run(arguments: ["play", file, "--speed", "0"])
        #expect(speed.status == 64)
        #expect(speed.stderr.contains("--speed takes a number from 0.1 to 100"), "\(speed.summary)")
        let dataDir = try cli.run(arguments: ["record", file, "--cast", "x.cast", "--data-dir", "/tmp/x"])
        #expect(dataDir.status == 64)
        #expect(dataDir.stderr.contains("leave --data-dir out"), "\(dataDir.summary)")
        let nothing = try cli.run(arguments: ["record", file])
        #expect(nothing.status == 64)
        #expect(nothing.stderr.contains("give one"), "\(nothing.summary)")
        let size = try cli.run(arguments: ["record", file, "--cast", "x.cast", "--size", "60x20"])
        #expect(size.status == 64)
        #expect(size.stderr.contains("--size takes columns x rows from 70x22"), "\(size.summary)")
        let bad = try write("bad.walk", "opne \"5 Monkey Credits\"\n")
        let syntax = try cli.run(arguments: ["record", bad, "--cast", cli.dataDirectory.appendingPathComponent("x.cast").path])
        #expect(syntax.status == 65)
        #expect(syntax.stderr.contains("bad.walk:1:1: expected a step"), "\(syntax.summary)")
        #expect(!FileManager.default.fileExists(atPath: cli.dataDirectory.appendingPathComponent("x.cast").path))
        let notTerminal = try cli.run(arguments: ["play", file])
        #expect(notTerminal.status == 64, "play needs a terminal: \(notTerminal.summary)")
    }

    @Test func recordWritesTheSameCastAndTextTwice() throws {
        let file = try write("demo.walk", Self.demo)
        func record(_ n: Int) throws -> (cast: String, text: String, stdout: String) {
            let cast = cli.dataDirectory.appendingPathComponent("demo\(n).cast")
            let text = cli.dataDirectory.appendingPathComponent("demo\(n).txt")
            let result = try cli.run(arguments: ["record", file, "--cast", cast.path, "--text", text.path, "--size", "90x26"])
            #expect(result.status == 0, "\(result.summary)")
            return (try String(contentsOf: cast, encoding: .utf8), try String(contentsOf: text, encoding: .utf8), result.stdout)
        }
        let first = try record(1), second = try record(2)
        #expect(first.cast == second.cast)
        #expect(first.text == second.text)
        let header = try #require(first.cast.split(separator: "\n").first)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(header.utf8)) as? [String: Any])
        #expect(json["version"] as? Int == 2)
        #expect(json["width"] as? Int == 90)
        #expect(json["height"] as? Int == 26)
        #expect(json["title"] as? String == "storefront: demo")
        #expect(first.text.contains("── 4: open \"5 Monkey Credits\" ──"))
        #expect(first.stdout.hasPrefix("Recorded \(file): 7 steps, "), "\(first.stdout)")

        let failing = try write("failing.walk", "open \"5 Monkey Credits\"\nexpect credits 1\n")
        let cast = cli.dataDirectory.appendingPathComponent("failing.cast")
        let result = try cli.run(arguments: ["record", failing, "--cast", cast.path])
        #expect(result.status == 4)
        #expect(result.stdout.contains("\(failing):2: expect credits 1 — expected 1 credits, saw 0 credits"), "\(result.summary)")
        #expect(FileManager.default.fileExists(atPath: cast.path), "written all the same")
    }

    @Test func recordWritesAPageTwiceTheSameAndAFailedRunsPageWithItsFailure() throws {
        let file = try write("demo.walk", Self.demo)
        func record(_ n: Int) throws -> String {
            let page = cli.dataDirectory.appendingPathComponent("demo\(n).html")
            let result = try cli.run(arguments: ["record", file, "--html", page.path])
            #expect(result.status == 0, "\(result.summary)")
            #expect(result.stdout.hasPrefix("Recorded \(file): 7 steps, ") && result.stdout.contains("→ \(page.path)"), "\(result.stdout)")
            return try String(contentsOf: page, encoding: .utf8)
        }
        let first = try record(1)
        #expect(first == (try record(2)))
        #expect(first.contains("<h1 id=\"title\">storefront: demo</h1>"))
        #expect(first.contains("<li class=\"step\" id=\"step-7\" data-step=\"7\" data-line=\"9\" data-result=\"passed\">"))

        let failing = try write("failing.walk", "open \"5 Monkey Credits\"\nexpect credits 1\n")
        let page = cli.dataDirectory.appendingPathComponent("failing.html")
        let result = try cli.run(arguments: ["record", failing, "--html", page.path])
        #expect(result.status == 4, "\(result.summary)")
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.contains("<div id=\"failure\" role=\"alert\"><p><a href=\"#step-2\">step 2 · line 2</a> ✗ expected 1 credits, saw 0 credits</p></div>"),
                "written all the same")
        // STOREFRONT_ASCII=1, as the storefront draws then: its boxes in ASCII.
        let asciiPage = cli.dataDirectory.appendingPathComponent("ascii.html")
        let ascii = try cli.run(arguments: ["record", file, "--html", asciiPage.path], environment: ["STOREFRONT_ASCII": "1"])
        #expect(ascii.status == 0, "\(ascii.summary)")
        let asciiHTML = try String(contentsOf: asciiPage, encoding: .utf8)
        #expect(!asciiHTML.contains("─") && !asciiHTML.contains("│") && asciiHTML.contains("+--"))
        #expect(first.contains("─"), "the same walkthrough's boxes, otherwise")
        let empty = try cli.run(arguments: ["record", file, "--html", ""])
        #expect(empty.status == 64 && empty.stderr.contains("--cast, --text and --html take a file to write."), "\(empty.summary)")
    }
}
