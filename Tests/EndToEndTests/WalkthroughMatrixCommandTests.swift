import Foundation
import Testing

/// `storefront test --matrix` through the binary: the shipped matrix's 24 combinations, the
/// table as Markdown or CSV, a failing combination, and what is refused.
@Suite(.ownThreads) final class WalkthroughMatrixCommandTests {
    let cli = BinaryRunner()

    deinit { cli.cleanUp() }

    static let shippedMatrix = WalkthroughCommandTests.shipped.first { $0.hasSuffix("/purchase-matrix.walk") }!

    func write(_ name: String, _ text: String) throws -> String {
        let url = cli.dataDirectory.appendingPathComponent(name)
        try cli.write(text, to: url)
        return url.path
    }

    @Test func theShippedMatrixRunsEveryCombinationAndPrintsItsTable() throws {
        let result = try cli.run(arguments: ["test", "--matrix", Self.shippedMatrix])
        #expect(result.status == 0, "\(result.summary)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(Array(lines.prefix(4)) == [
            Self.shippedMatrix,
            "",
            "| can-make-payments | ask-to-buy | network | fail-with | state | error | delivered | result |",
            "|---|---|---|---|---|---|---|---|",
        ], "\(result.summary)")
        let rows = lines.dropFirst(4).prefix { $0.hasPrefix("| ") }
        #expect(rows.count == 24)
        #expect(rows.allSatisfy { $0.hasSuffix(" | pass |") })
        // The purchase that goes through, a cancelled one, Ask to Buy, offline, restricted.
        #expect(rows.first == "| on | off | on | off | purchased | — | +10 credits | pass |")
        #expect(rows.contains("| on | off | on | 2 | failed | 2 paymentCancelled | — | pass |"))
        #expect(rows.contains("| on | on | on | off | deferred | — | — | pass |"))
        #expect(rows.contains("| on | on | on | 5 | failed | 5 storeProductNotAvailable | — | pass |"))
        #expect(rows.contains("| on | off | off | off | — | — | — | pass |"))
        #expect(rows.last == "| off | on | off | 5 | — | — | — | pass |")
        #expect(Array(lines.suffix(3)) == ["", "24 passed, 0 failed", ""])
    }

    @Test func everyShippedFileInOneMatrixRunAFileWithoutVaryAsOneRow() throws {
        let result = try cli.run(arguments: ["test", "--matrix"] + WalkthroughCommandTests.shipped)
        #expect(result.status == 0, "\(result.summary)")
        let files = WalkthroughCommandTests.shipped.count
        // Two files vary: the purchase matrix (24 combinations) and the errors per API (16).
        #expect(result.stdout.hasSuffix("\(files - 2 + 24 + 16) passed, 0 failed\n"), "\(result.summary)")
        #expect(result.stdout.components(separatedBy: "\n| state | error | delivered | result |\n").count == files - 1, "a table per file without vary")
    }

    @Test func aFailingCombinationFailsTheRunWithItsLinesAndJUnitCase() throws {
        let file = try write("m.walk", """
            vary fail-with off 2
            open "10 Monkey Credits"
            press "Buy"
            expect credits 10
            """)
        let junit = cli.dataDirectory.appendingPathComponent("m.xml")
        let result = try cli.run(arguments: ["test", "--matrix", file, "--junit", junit.path])
        #expect(result.status == 4, "\(result.summary)")
        #expect(result.stdout == """
            \(file)

            | fail-with | state | error | delivered | result |
            |---|---|---|---|---|
            | off | purchased | — | +10 credits | pass |
            | 2 | failed | 2 paymentCancelled | — | FAIL: line 4 |

            FAIL \(file) [fail-with 2]
            \(file):4: expect credits 10 — expected 10 credits, saw 0 credits
            1 passed, 1 failed

            """)
        let xml = try String(contentsOf: junit, encoding: .utf8)
        #expect(xml.contains("<testsuite name=\"storefront walkthroughs\" tests=\"2\" failures=\"1\""), "\(xml)")
        #expect(xml.contains("<testcase classname=\"walkthroughs\" name=\"\(file) [fail-with off]\"/>"), "\(xml)")
        #expect(xml.contains("name=\"\(file) [fail-with 2]\">"), "\(xml)")

        // Without --matrix the first values run: the purchase goes through.
        let plain = try cli.run(arguments: ["test", file])
        #expect(plain.status == 0, "\(plain.summary)")
        #expect(plain.stdout == "PASS \(file)\n1 passed, 0 failed\n")

        let json = try cli.run(arguments: ["test", "--matrix", "--json", file]).json()
        #expect(json["passed"] as? Int == 1 && json["failed"] as? Int == 1)
        let rows = try #require(json["rows"] as? [[String: Any]])
        #expect(rows.map { $0["state"] as? String } == ["purchased", "failed"])
        #expect((rows[1]["error"] as? [String: Any])?["name"] as? String == "paymentCancelled")
        #expect((rows[1]["values"] as? [[String: String]]) == [["condition": "fail-with", "value": "2"]])
    }

    @Test func csvAloneOnStdoutTheCountOnStderr() throws {
        let file = try write("c.walk", "vary fail-with off 5\nvary network on off\nexpect credits 0\n")
        let result = try cli.run(arguments: ["test", "--matrix", "--csv", file])
        #expect(result.status == 0, "\(result.summary)")
        #expect(result.stdout == """
            file,fail-with,network,state,error,delivered,result
            \(file),off,on,,,,pass
            \(file),off,off,,,,pass
            \(file),5,on,,,,pass
            \(file),5,off,,,,pass

            """)
        #expect(result.stderr == "4 passed, 0 failed\n")
    }

    @Test func whatIsRefused() throws {
        let file = try write("r.walk", "vary network on off\nexpect credits 0\n")
        let csv = try cli.run(arguments: ["test", "--csv", file])
        #expect(csv.status == 64, "\(csv.summary)")
        #expect(csv.stdout.isEmpty)
        #expect(csv.stderr.hasPrefix("storefront: --csv prints the table of --matrix: add --matrix, or leave --csv out.\n"), "\(csv.summary)")
        let both = try cli.run(arguments: ["test", "--matrix", "--csv", "--json", file])
        #expect(both.status == 64, "\(both.summary)")

        let values = ["vary latency 0 1 2 3 4 5 6 7", "vary fail-with off 1 2 3 4 5 6 7", "vary time-rate realtime 1h-per-s",
                      "vary network on off", "vary hold on off", "vary interrupted on off", "vary ask-to-buy off on"]
        let large = try write("large.walk", values.joined(separator: "\n") + "\nexpect credits 0\n")
        let tooLarge = try cli.run(arguments: ["test", "--matrix", file, large])
        #expect(tooLarge.status == 65, "\(tooLarge.summary)")
        #expect(tooLarge.stdout.isEmpty, "nothing ran")
        #expect(tooLarge.stderr == """
            \(large):7:1: expected at most 1024 combinations for --matrix; the vary lines make 2048
            storefront: an error in the walkthrough files: nothing was run.

            """)
        // Without --matrix it is one run.
        #expect(try cli.run(arguments: ["test", large]).status == 0)
    }
}

extension WalkthroughMatrixCommandTests {
    /// docs/walkthroughs.md's "Restriction matrix" shows the shipped matrix's real output: its
    /// first rows and its count, as the binary prints them.
    @Test func theDocsShowTheRealTable() throws {
        let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/walkthroughs.md")
        let text = try String(contentsOf: page, encoding: .utf8)
        let command = "$ storefront test --matrix assets/walkthroughs/purchase-matrix.walk\n"
        let start = try #require(text.range(of: command))
        let end = try #require(text.range(of: "\n```", range: start.upperBound..<text.endIndex))
        let shown = text[start.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let gap = try #require(shown.firstIndex(of: "…"))
        #expect(gap >= 6 && shown.count == gap + 2, "the first rows, …, the count")

        let result = try cli.run(arguments: ["test", "--matrix", Self.shippedMatrix])
        // The file as named: the page's from the package's directory, this one absolute.
        let printed = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(shown.first.map { Self.shippedMatrix.hasSuffix("/" + $0) } == true)
        #expect(Array(shown[1..<gap]) == Array(printed[1..<gap]))
        #expect(shown.last == printed.dropLast().last, "the count")
    }
}

extension WalkthroughMatrixCommandTests {
    /// The shipped matrix over errors per StoreKit API: every combination of four APIs failing
    /// or not passes, each API failing alone where the others do not.
    @Test func theAPIErrorsMatrixPassesInEveryCombination() throws {
        let file = URL(fileURLWithPath: Self.shippedMatrix).deletingLastPathComponent().appendingPathComponent("api-errors-matrix.walk").path
        let result = try cli.run(arguments: ["test", "--matrix", file])
        #expect(result.status == 0, "\(result.summary)")
        #expect(result.stdout.contains("| fail-load-products | fail-with | fail-app-store-sync | fail-manage-subscriptions | state | error | delivered | result |"))
        #expect(result.stdout.contains("| networkError | purchaseLimitExceeded | unknown | notEntitled | purchased | — | — | pass |"))
        #expect(result.stdout.hasSuffix("16 passed, 0 failed\n"), "\(result.summary)")
    }
}
