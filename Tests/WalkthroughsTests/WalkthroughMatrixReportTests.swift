import AppStoreCore
import Testing
@testable import Walkthroughs

/// The matrix's table as Markdown and as CSV, byte for byte, and its JSON and JUnit names.
@Suite struct WalkthroughMatrixReportTests {
    static func row(_ values: [(String, String)], _ outcome: Outcome, failures: [StepFailure] = [], file: String = "m.walk") -> MatrixRow {
        MatrixRow(result: WalkthroughResult(file: file, combination: Combination(values.map { ConditionValue($0.0, $0.1) }),
                                            stepsRun: 3, failures: failures),
                  outcome: outcome)
    }

    static let failure = StepFailure(line: 12, step: "expect credits 10", expected: "10 credits", saw: "0 credits")

    let report = MatrixReport(tables: [
        MatrixTable(file: "m.walk", conditions: ["account", "fail-with"], rows: [
            row([("account", "a|b"), ("fail-with", "off")],
                Outcome(state: .purchased, delivered: ["+10 credits", "Premium Quotes unlocked"])),
            row([("account", "say \"hi\", kid"), ("fail-with", "2")],
                Outcome(state: .failed, error: StoreError(.paymentCancelled)),
                failures: [failure, StepFailure(line: 15, step: "expect queue 1", expected: "1 transactions in the queue", saw: "an empty queue"), failure]),
        ]),
        MatrixTable(file: "plain.walk", conditions: [], rows: [row([], Outcome(), file: "plain.walk")]),
    ])

    @Test func markdownATablePerFileThenTheFailuresAndTheCount() {
        #expect(report.markdownLines == [
            "m.walk",
            "",
            "| account | fail-with | state | error | delivered | result |",
            "|---|---|---|---|---|---|",
            "| a\\|b | off | purchased | — | +10 credits, Premium Quotes unlocked | pass |",
            "| say \"hi\", kid | 2 | failed | 2 paymentCancelled | — | FAIL: lines 12, 15 |",
            "",
            "plain.walk",
            "",
            "| state | error | delivered | result |",
            "|---|---|---|---|",
            "| — | — | — | pass |",
            "",
            "FAIL m.walk [account \"say \\\"hi\\\", kid\", fail-with 2]",
            "m.walk:12: expect credits 10 — expected 10 credits, saw 0 credits",
            "m.walk:15: expect queue 1 — expected 1 transactions in the queue, saw an empty queue",
            "m.walk:12: expect credits 10 — expected 10 credits, saw 0 credits",
            "2 passed, 1 failed",
        ])
    }

    /// Empty cells are empty, and "+10 credits" is text, not a formula a spreadsheet runs.
    @Test func csvOneTableWithAFileColumnQuotedAsRFC4180Asks() {
        #expect(report.csvLines == [
            "file,account,fail-with,state,error,delivered,result",
            "m.walk,a|b,off,purchased,,\"'+10 credits, Premium Quotes unlocked\",pass",
            "m.walk,\"say \"\"hi\"\", kid\",2,failed,2 paymentCancelled,,\"FAIL: lines 12, 15\"",
            "plain.walk,,,,,,pass",
        ])
    }

    /// OWASP's advice on CSV injection: a field a spreadsheet would read as a formula gets a
    /// leading single quote and quotes; RFC 4180 quotes a comma, a quote and any line break.
    @Test func noCSVFieldIsAFormula() {
        let fields = ["=1+2", "+10 credits", "-1009", "@SUM(A1)", "\tx", "\rx", "a\nb", "a\r\nb", "a,b", "say \"hi\"", "plain", "", "1-2"]
        #expect(fields.map(MatrixReport.csvField) == [
            "\"'=1+2\"", "\"'+10 credits\"", "\"'-1009\"", "\"'@SUM(A1)\"", "\"'\tx\"", "\"'\rx\"", "\"a\nb\"", "\"a\r\nb\"",
            "\"a,b\"", "\"say \"\"hi\"\"\"", "plain", "", "1-2",
        ])
    }

    @Test func jsonRowsAndJUnitCasesNameTheCombination() throws {
        let json = report.json
        #expect(json.passed == 2 && json.failed == 1)
        #expect(json.rows.map(\.file) == ["m.walk", "m.walk", "plain.walk"])
        #expect(json.rows[1].values.map(\.value) == ["say \"hi\", kid", "2"])
        #expect(json.rows[1].error?.name == "paymentCancelled")
        #expect(json.rows[1].failures.map(\.line) == [12, 15, 12])
        #expect(json.rows[2].state == nil && json.rows[2].values.isEmpty)
        let xml = TestReport(results: report.results).junitXML
        #expect(xml.contains("<testsuite name=\"storefront walkthroughs\" tests=\"3\" failures=\"1\""))
        #expect(xml.contains("<testcase classname=\"walkthroughs\" name=\"m.walk [account a|b, fail-with off]\"/>"))
        #expect(xml.contains("<testcase classname=\"walkthroughs\" name=\"m.walk [account &quot;say \\&quot;hi\\&quot;, kid&quot;, fail-with 2]\">"))
        #expect(xml.contains("<testcase classname=\"walkthroughs\" name=\"plain.walk\"/>"))
    }

    @Test func aRunThatCouldNotStartSaysSo() {
        let row = Self.row([], Outcome(), failures: [StepFailure(line: 0, step: "(start)", expected: "a fresh storefront", saw: "disk full")])
        #expect(MatrixReport(tables: [MatrixTable(file: "m.walk", conditions: [], rows: [row])]).markdownLines.dropFirst(4).first
            == "| — | — | — | FAIL: could not start |")
    }
}
