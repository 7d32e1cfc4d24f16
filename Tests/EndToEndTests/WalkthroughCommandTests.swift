import Foundation
import Testing

/// `storefront test` through the binary: the shipped walkthroughs pass, a bad file runs
/// nothing, and a failing expectation fails the run with where and what.
@Suite(.ownThreads) final class WalkthroughCommandTests {
    let cli = BinaryRunner()

    deinit { cli.cleanUp() }

    /// Every walkthrough shipped in assets/walkthroughs.
    static let shipped: [String] = {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("assets/walkthroughs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".walk") }.sorted().map { directory.appendingPathComponent($0).path }
    }()

    /// A walkthrough written into the runner's directory.
    func write(_ name: String, _ text: String) throws -> String {
        let url = cli.dataDirectory.appendingPathComponent(name)
        try cli.write(text, to: url)
        return url.path
    }

    @Test func theShippedWalkthroughsAllPass() throws {
        #expect(Self.shipped.count == 41, "assets/walkthroughs holds the forty-one shipped walkthroughs")
        let result = try cli.run(arguments: ["test"] + Self.shipped)
        #expect(result.status == 0, "\(result.summary)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines == Self.shipped.map { "PASS \($0)" } + ["\(Self.shipped.count) passed, 0 failed"], "\(result.summary)")
    }

    @Test func aFailingExpectationFailsTheRunWithWhereAndWhat() throws {
        let good = try write("good.walk", "open \"5 Monkey Credits\"\npress \"Buy\"\nexpect credits 5\n")
        let bad = try write("bad.walk", "open \"5 Monkey Credits\"\npress \"Buy\"\n\nexpect credits 6\n")
        let junit = cli.dataDirectory.appendingPathComponent("results.xml")
        let result = try cli.run(arguments: ["test", good, bad, "--junit", junit.path])
        #expect(result.status == 4, "\(result.summary)")
        #expect(result.stdout == """
            PASS \(good)
            FAIL \(bad)
            \(bad):4: expect credits 6 — expected 6 credits, saw 5 credits
            1 passed, 1 failed

            """)
        let xml = try String(contentsOf: junit, encoding: .utf8)
        #expect(xml.contains("<testsuite name=\"storefront walkthroughs\" tests=\"2\" failures=\"1\""), "\(xml)")
        #expect(xml.contains("expected 6 credits, saw 5 credits"))

        let json = try cli.run(arguments: ["test", "--json", bad]).json()
        #expect(json["passed"] as? Int == 0)
        #expect(json["failed"] as? Int == 1)
        let failure = try #require(((json["walkthroughs"] as? [[String: Any]])?.first?["failures"] as? [[String: Any]])?.first)
        #expect(failure["line"] as? Int == 4)
        #expect(failure["saw"] as? String == "5 credits")
    }

    @Test func aBadFileRunsNothingAndPointsAtTheMistake() throws {
        let good = try write("good.walk", "open \"5 Monkey Credits\"\n")
        let bad = try write("bad.walk", "open \"5 Monkey Credits\"\n  aprove\n")
        let result = try cli.run(arguments: ["test", good, bad])
        #expect(result.status == 65, "\(result.summary)")
        #expect(result.stdout.isEmpty, "nothing ran: \(result.stdout)")
        #expect(result.stderr.hasPrefix("\(bad):2:3: expected a step: "), "\(result.stderr)")
        #expect(result.stderr.contains("did you mean 'approve'?"))
        #expect(result.stderr.hasSuffix("storefront: an error in the walkthrough files: nothing was run.\n"))

        let json = try cli.run(arguments: ["test", "--json", bad])
        #expect(json.status == 65)
        let error = try #require(try json.json()["error"] as? [String: Any])
        #expect(error["kind"] as? String == "data")
        #expect(error["location"] as? String == "line 2, column 3")

        let missing = try cli.run(arguments: ["test", cli.dataDirectory.appendingPathComponent("none.walk").path])
        #expect(missing.status == 65)
        #expect(missing.stderr.contains("none.walk: does not exist; expected a walkthrough file"), "\(missing.summary)")
        let missingJSON = try cli.run(arguments: ["test", "--json", cli.dataDirectory.appendingPathComponent("none.walk").path]).json()
        let missingError = try #require(missingJSON["error"] as? [String: Any])
        #expect(missingError["location"] == nil, "the file as a whole, no line")
        #expect((missingJSON["syntaxErrors"] as? [[String: Any]])?.first?["line"] as? Int == 0)
    }

    /// test, play and record run on fresh data of their own: their usage and help leave
    /// --data-dir out (given, it is refused with why), while the other commands list it.
    @Test func onlyTheCommandsThatUseADataDirectoryListIt() throws {
        for command in ["test", "play", "record"] {
            for arguments in [[command, "--help"], ["help", command]] {
                let help = try cli.run(arguments: arguments)
                #expect(help.status == 0, "\(help.summary)")
                #expect(help.stdout.contains("--catalog <file>"), "\(help.summary)")
                #expect(!help.stdout.contains("--data-dir"), "\(help.summary)")
            }
            let usage = try cli.run(arguments: [command, "--data-dir", "/tmp/x", "x.walk"])
            #expect(usage.status == 64)
            #expect(usage.stderr.contains("\(command) runs each walkthrough on a fresh temporary data directory: leave --data-dir out."))
            #expect(!usage.stderr.contains("[--data-dir"), "the usage line after it leaves it out: \(usage.summary)")
        }
        for arguments in [["buy", "--help"], ["state", "--help"], ["help", "advance"], ["catalog", "check", "--help"]] {
            let help = try cli.run(arguments: arguments)
            #expect(help.stdout.contains("--data-dir <dir>"), "\(help.summary)")
        }
    }

    /// doctor checks UserDefaults.json's app keys against the catalog: it takes --catalog as
    /// every command on a data directory does, and refuses one that cannot be read as they do.
    @Test func doctorTakesADataDirectoryAndACatalog() throws {
        let help = try cli.run(arguments: ["doctor", "--help"])
        #expect(help.stdout.contains("--data-dir <dir>") && help.stdout.contains("--catalog <file>"), "\(help.summary)")
        let doctor = try cli.run(arguments: ["--catalog", "/nonexistent", "doctor"])
        let state = try cli.run(arguments: ["--catalog", "/nonexistent", "state"])
        #expect(doctor.status == state.status && doctor.status != 0, "\(doctor.summary)\n\(state.summary)")
        #expect(doctor.stderr == state.stderr, "\(doctor.summary)\n\(state.summary)")
    }

    @Test func testTakesFilesAndNoDataDirectory() throws {
        let none = try cli.run(arguments: ["test"])
        #expect(none.status == 64, "\(none.summary)")
        let dataDir = try cli.run("test", "x.walk")
        #expect(dataDir.status == 64)
        #expect(dataDir.stderr.contains("leave --data-dir out"), "\(dataDir.summary)")
    }

    /// STOREFRONT_ASCII=1, as `record --html` and the storefront honour it: the screens a page
    /// keeps, the report's and the matrix's, are drawn in ASCII.
    @Test func testsPagesDrawTheirScreensInASCIIWhenAsked() throws {
        try FileManager.default.createDirectory(at: cli.dataDirectory, withIntermediateDirectories: true)
        let failing = try write("sheet.walk", "vary network on off\nopen \"5 Monkey Credits\"\nexpect credits 3\n")
        for arguments in [[failing], ["--matrix", failing]] {
            let page = cli.dataDirectory.appendingPathComponent("page.html")
            let boxes = try cli.run(arguments: ["test"] + arguments + ["--html", page.path])
            #expect(boxes.status == 4, "\(boxes.summary)")
            let drawn = try String(contentsOf: page, encoding: .utf8)
            let ascii = try cli.run(arguments: ["test"] + arguments + ["--html", page.path], environment: ["STOREFRONT_ASCII": "1"])
            #expect(ascii.status == 4, "\(ascii.summary)")
            let html = try String(contentsOf: page, encoding: .utf8)
            #expect(drawn.contains("─"), "\(arguments): the sheet's box, drawn")
            #expect(!html.contains("─") && !html.contains("│") && html.contains("+--"), "\(arguments): the sheet's box in ASCII")
        }
    }

    /// A file asked for that cannot be written is named, with the exit status for that (73,
    /// sysexits' EX_CANTCREAT), not a failed walkthrough's 4.
    @Test func aFileThatCannotBeWrittenIsNamedAndExits73() throws {
        try FileManager.default.createDirectory(at: cli.dataDirectory, withIntermediateDirectories: true)
        let walkthrough = try write("buy.walk", "open \"5 Monkey Credits\"\npress \"Buy\"\nexpect credits 5\n")
        let nowhere = "/nonexistent/dir/x"
        for (arguments, what) in [(["record", walkthrough, "--html", nowhere + ".html"], "the page"),
                                  (["record", walkthrough, "--cast", nowhere + ".cast"], "the recording"),
                                  (["test", walkthrough, "--html", nowhere + ".html"], "the page"),
                                  (["test", walkthrough, "--junit", nowhere + ".xml"], "the JUnit report")] {
            let result = try cli.run(arguments: arguments)
            #expect(result.status == 73, "\(result.summary)")
            let file = arguments.last!
            #expect(result.stderr.hasPrefix("storefront: cannot write \(what) to \(file): "), "\(result.summary)")
        }
        let json = try cli.run(arguments: ["test", walkthrough, "--html", nowhere + ".html", "--json"])
        #expect(json.status == 73, "\(json.summary)")
        #expect(try json.error()["kind"] as? String == "cannotWrite", "\(json.summary)")
    }
}
