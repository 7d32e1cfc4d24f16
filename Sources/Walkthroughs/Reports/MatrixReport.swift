import Foundation

/// What `storefront test --matrix` prints: a table per walkthrough, a row per combination
/// (its values, the newest transaction's state and error, what the app holds, pass or the
/// failing lines), then each failing combination's failures, and the count of combinations.
public struct MatrixReport: Sendable {
    public var tables: [MatrixTable]

    public init(tables: [MatrixTable]) {
        self.tables = tables
    }

    /// Every combination's run, in order: what the count and `--junit` are made of.
    public var results: [WalkthroughResult] { tables.flatMap { $0.rows.map(\.result) } }
    public var passed: Int { results.filter(\.passed).count }
    public var failed: Int { results.count - passed }

    /// The columns after the conditions'.
    static let outcomeColumns = ["state", "error", "delivered", "result"]

    /// A row's cells after its values; `nothing` where there is none: "—" for a person to
    /// read, an empty cell for a spreadsheet.
    static func outcomeCells(_ row: MatrixRow, nothing: String = "—") -> [String] {
        let outcome = row.outcome
        return [
            outcome.state?.rawValue ?? nothing,
            outcome.error.map { "\($0.code) \($0.name)" } ?? nothing,
            outcome.delivered.isEmpty ? nothing : outcome.delivered.joined(separator: ", "),
            resultCell(row.result),
        ]
    }

    /// `pass`, or `FAIL: line 12` / `FAIL: lines 12, 15` (each line once).
    static func resultCell(_ result: WalkthroughResult) -> String {
        if result.passed { return "pass" }
        if result.failures.contains(where: { $0.line == 0 }) { return "FAIL: could not start" }
        let lines = Array(Set(result.failures.map(\.line))).sorted()
        return "FAIL: line\(lines.count == 1 ? "" : "s") " + lines.map(String.init).joined(separator: ", ")
    }

    /// The tables in Markdown, each under its file's name, then the details and the count.
    public var markdownLines: [String] {
        var lines: [String] = []
        for table in tables {
            let header = table.conditions + Self.outcomeColumns
            lines += [table.file, "", Self.markdownRow(header), "|" + String(repeating: "---|", count: header.count)]
            for row in table.rows {
                lines.append(Self.markdownRow((row.result.combination?.values ?? []).map(\.value) + Self.outcomeCells(row)))
            }
            lines.append("")
        }
        return lines + detailLines
    }

    /// A cell's `|` would end it: escaped, as GitHub's tables take it.
    static func markdownRow(_ cells: [String]) -> String {
        "| " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |"
    }

    /// Each failing combination as the plain report shows a walkthrough (FILE:LINE per
    /// failure), then the count alone on the last line.
    public var detailLines: [String] {
        results.filter { !$0.passed }.flatMap(TestReport.lines(of:)) + ["\(passed) passed, \(failed) failed"]
    }
}
