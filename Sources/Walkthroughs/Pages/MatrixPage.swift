import DataFiles
import Wording

/// `test --matrix --html`: the outcome table as one page, a table per walkthrough, a row per
/// combination, failures first. Each column sorts (its header), each condition filters (a
/// select, and a text filter over the whole row), and a row opens, in the panel beside the
/// table, the screen its combination ended on and the steps it ran that not every
/// combination runs (its `when` steps), with its failures. The screens are kept once each
/// (`FinalScreens`); the page's words follow the storefront's language as the runs left it.
public struct MatrixPage {
    public var report: MatrixReport
    /// The walkthroughs run, in the order of the report's tables.
    public var walkthroughs: [Walkthrough]

    public init(report: MatrixReport, walkthroughs: [Walkthrough]) {
        self.report = report
        self.walkthroughs = walkthroughs
    }

    private var strings: Strings { Strings(languageCode: report.results.first?.screen?.languageCode ?? "en") }

    public var html: String {
        let (body, data) = content
        return HTMLDocument(language: strings.languageCode, title: strings.walkthrough.matrixTitle, style: TestPageStyle.css,
                            script: MatrixPageScript.js, body: body + "\n" + data).html
    }

    /// What the script reads: the screens, and for each table its steps (line, text) and for
    /// each combination, in the table's order, its screen, its own steps and its failures.
    struct PageData: Encodable {
        struct Table: Encodable {
            var steps: [[String]]
            var rows: [Row]
        }
        struct Row: Encodable {
            /// The screen it ended on, an index into `screen`'s frames; -1: none.
            var s: Int
            /// Its own steps, indices into the table's steps.
            var o: [Int]
            /// Its failures as they read.
            var f: [String]
        }
        var screen: FrameStore
        var tables: [Table]
    }

    private var content: (body: String, data: String) {
        let words = strings.walkthrough
        var screens = FinalScreens()
        var tables: [PageData.Table] = []
        var out = "<header>\n<h1>\(HTMLText.escaped(words.matrixTitle))</h1>\n"
        out += "<p id=\"summary\">\(HTMLText.escaped(words.matrixSummary(report.results.count, report.passed, report.failed)))</p>\n</header>\n"
        for (number, table) in report.tables.enumerated() {
            let walkthrough = walkthroughs.first { $0.file == table.file } ?? Walkthrough(file: table.file, steps: [])
            let shared = Self.sharedSteps(of: walkthrough)
            let indexOfLine = Dictionary(walkthrough.steps.enumerated().map { ($1.line, $0) }, uniquingKeysWith: { first, _ in first })
            var rows: [PageData.Row] = []
            for row in table.rows {
                let combination = row.result.combination ?? walkthrough.firstCombination
                let ran = walkthrough.steps(in: combination).prefix(row.result.stepsRun)
                let own = ran.compactMap { step in shared.contains(step.line) ? nil : indexOfLine[step.line] }
                rows.append(PageData.Row(s: row.result.screen.map { screens.index(of: $0) } ?? -1, o: own,
                                         f: row.result.failures.map { HTMLText.visible(Self.failureText($0, words: words)) }))
            }
            tables.append(PageData.Table(steps: walkthrough.steps.map { ["\($0.line)", HTMLText.visible($0.source)] }, rows: rows))
            out += section(table, number: number, walkthrough: walkthrough)
        }
        let data = PageData(screen: screens.store, tables: tables)
        // Encoding strings and integers cannot fail.
        let json = (try? JSONCoding.line(data)) ?? "{}"
        return (out, "<script type=\"application/json\" id=\"matrix-data\">\(HTMLText.scriptJSON(json))</script>")
    }

    /// The lines of the steps every combination runs: the rest are some combinations' own.
    static func sharedSteps(of walkthrough: Walkthrough) -> Set<Int> {
        let combinations = walkthrough.combinations
        return Set(walkthrough.steps.filter { step in
            guard let when = step.when else { return true }
            return combinations.allSatisfy(when.admits)
        }.map(\.line))
    }

    static func failureText(_ failure: StepFailure, words: Localized<WalkthroughStrings>) -> String {
        failure.line == 0 ? words.reportCouldNotStart(failure.saw) : "\(failure.line): " + words.pageSaw(failure.expected, failure.saw)
    }

    /// A table's section: its file, its filters, the table, and the panel a row opens into.
    private func section(_ table: MatrixTable, number: Int, walkthrough: Walkthrough) -> String {
        let words = strings.walkthrough
        let passed = table.rows.filter(\.result.passed).count
        let id = "matrix-\(number)"
        var out = "<section class=\"matrix\" id=\"\(id)\" data-table=\"\(number)\" aria-labelledby=\"\(id)-file\">\n"
        out += "<h2 id=\"\(id)-file\">\(HTMLText.escaped(table.file))</h2>\n"
        out += "<p class=\"counts\">\(HTMLText.escaped(words.matrixSummary(table.rows.count, passed, table.rows.count - passed)))</p>\n"
        out += "<div class=\"filters\">\n"
        for (column, condition) in table.conditions.enumerated() {
            let values = walkthrough.variations.first { $0.condition == condition }?.values ?? []
            out += "<label>\(HTMLText.escaped(condition)) <select class=\"filter\" data-column=\"\(column + 1)\">"
            out += "<option value=\"\">\(HTMLText.escaped(words.matrixAll))</option>"
            out += values.map { "<option>\(HTMLText.escaped($0))</option>" }.joined()
            out += "</select></label>\n"
        }
        out += "<label>\(HTMLText.escaped(words.matrixFilter)) <input type=\"search\" class=\"text-filter\"></label>\n"
        let all = String(table.rows.count)
        out += "<span class=\"shown\" aria-live=\"polite\" data-words=\"\(HTMLText.escaped(words.matrixShown("{shown}", all)))\">"
        out += "\(HTMLText.escaped(words.matrixShown(all, all)))</span>\n"
        out += "</div>\n<div class=\"matrix-body\">\n<table>\n<thead><tr><th scope=\"col\"><span class=\"hidden\">\(HTMLText.escaped(words.matrixOpen))</span></th>"
        let headers = table.conditions + [words.matrixState, words.matrixError, words.matrixDelivered, words.matrixResult]
        for (column, header) in headers.enumerated() {
            out += "<th scope=\"col\" aria-sort=\"none\"><button type=\"button\" class=\"sort\" data-column=\"\(column + 1)\">\(HTMLText.escaped(header))</button></th>"
        }
        out += "</tr></thead>\n<tbody>\n"
        // Failures first, each group in the combinations' order.
        let order = table.rows.indices.sorted { a, b in
            let (failedA, failedB) = (!table.rows[a].result.passed, !table.rows[b].result.passed)
            return failedA != failedB ? failedA : a < b
        }
        for index in order {
            out += row(table.rows[index], index: index) + "\n"
        }
        out += "</tbody>\n</table>\n"
        out += """
            <aside class="panel" aria-live="polite">
            <p class="pick">\(HTMLText.escaped(words.matrixPick))</p>
            <div class="chosen" hidden>
            <h3 class="combination"></h3>
            <button type="button" class="to-row">↑ \(HTMLText.escaped(words.matrixBackToRow))</button>
            <h4>\(HTMLText.escaped(words.matrixFinalScreen))</h4>
            <div class="screen"></div>
            <h4>\(HTMLText.escaped(words.matrixFailures))</h4>
            <ul class="failures"></ul>
            <h4>\(HTMLText.escaped(words.matrixOwnSteps))</h4>
            <ol class="own"></ol>
            <p class="none">\(HTMLText.escaped(words.matrixNoOwnSteps))</p>
            </div>
            </aside>
            </div>
            </section>

            """
        return out
    }

    /// A combination's `<tr>`: a button that opens it, its values, then its outcome.
    private func row(_ row: MatrixRow, index: Int) -> String {
        let words = strings.walkthrough
        let result = row.result.passed ? "passed" : "failed"
        let outcome = row.outcome
        // The error keeps StoreKit's code and name, as the storefront's log gives them in both languages.
        let cells = (row.result.combination?.values ?? []).map(\.value) + [
            outcome.state.map { strings.log.state($0) } ?? "—",
            outcome.error.map { "\($0.code) \($0.name)" } ?? "—",
            outcome.deliveredAsShown.isEmpty ? "—" : outcome.deliveredAsShown.joined(separator: strings == .japanese ? "、" : ", "),
            resultCell(row.result, words: words),
        ]
        let name = HTMLText.escaped(row.result.combination?.description ?? row.result.file)
        var out = "<tr data-row=\"\(index)\" data-result=\"\(result)\" data-name=\"\(name)\">"
        out += "<td><button type=\"button\" class=\"open\" aria-label=\"\(HTMLText.escaped(words.matrixOpen))\" aria-expanded=\"false\">▸</button></td>"
        out += cells.map { "<td>\(HTMLText.escaped($0))</td>" }.joined()
        return out + "</tr>"
    }

    /// As `MatrixReport.resultCell` says it, in the page's language.
    private func resultCell(_ result: WalkthroughResult, words: Localized<WalkthroughStrings>) -> String {
        if result.passed { return words.matrixPass }
        if result.failures.contains(where: { $0.line == 0 }) { return words.matrixCouldNotStart }
        return words.matrixFailLines(Array(Set(result.failures.map(\.line))).sorted().map(String.init).joined(separator: ", "))
    }
}
