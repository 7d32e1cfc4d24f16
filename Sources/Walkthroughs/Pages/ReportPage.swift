import Wording

/// `test FILES… --html`: one page for many walkthroughs, a CI run's artifact beside its JUnit
/// file: the counts and each walkthrough's store time, then each walkthrough folded
/// (`<details>`), a failed one open, with its steps and how each went, what each failure
/// expected and saw, and the screen it failed on as a grid of cells. No script: it reads,
/// folds and prints without one.
public struct ReportPage {
    public var report: TestReport
    /// The walkthroughs run, in the order of the report's results.
    public var walkthroughs: [Walkthrough]

    public init(report: TestReport, walkthroughs: [Walkthrough]) {
        self.report = report
        self.walkthroughs = walkthroughs
    }

    private var strings: Strings { Strings(languageCode: report.results.first?.screen?.languageCode ?? "en") }

    public var html: String {
        HTMLDocument(language: strings.languageCode, title: strings.walkthrough.reportTitle, style: TestPageStyle.css, script: "",
                     body: body).html
    }

    var body: String {
        let words = strings.walkthrough
        var out = "<header>\n<h1>\(HTMLText.escaped(words.reportTitle))</h1>\n"
        out += "<p id=\"summary\">\(HTMLText.escaped(words.reportSummary(report.passed, report.failed)))</p>\n"
        out += times + "</header>\n<main id=\"report\">\n"
        for (index, result) in report.results.enumerated() {
            let walkthrough = index < walkthroughs.count ? walkthroughs[index] : Walkthrough(file: result.file, steps: [])
            out += section(result, walkthrough: walkthrough, number: index + 1)
        }
        return out + "</main>"
    }

    /// Each walkthrough's result and the store time it covered, then all of them together: a
    /// run time as the page gives it. The seconds a run took would differ on every run, and the
    /// page is the same bytes every time it is written; the store's time is.
    var times: String {
        let words = strings.walkthrough
        var out = "<table id=\"times\">\n<thead><tr><th scope=\"col\">\(HTMLText.escaped(words.reportWalkthrough))</th>"
        out += "<th scope=\"col\">\(HTMLText.escaped(words.matrixResult))</th>"
        out += "<th scope=\"col\" class=\"time\">\(HTMLText.escaped(words.reportStoreTime))</th></tr></thead>\n<tbody>\n"
        for (index, result) in report.results.enumerated() {
            out += "<tr data-result=\"\(result.passed ? "passed" : "failed")\"><td><a href=\"#walkthrough-\(index + 1)\">"
            out += "\(HTMLText.escaped(result.name))</a></td><td>\(HTMLText.escaped(result.passed ? words.reportPassed : words.reportFailed))</td>"
            out += "<td class=\"time\">\(HTMLText.escaped(words.storeTime(result.storeSeconds)))</td></tr>\n"
        }
        let all = report.results.reduce(0) { $0 + $1.storeSeconds }
        out += "</tbody>\n<tfoot><tr><th scope=\"row\">\(HTMLText.escaped(words.reportAll))</th>"
        out += "<td>\(HTMLText.escaped(words.reportSummary(report.passed, report.failed)))</td>"
        out += "<td class=\"time\">\(HTMLText.escaped(words.storeTime(all)))</td></tr></tfoot>\n</table>\n"
        return out
    }

    private func section(_ result: WalkthroughResult, walkthrough: Walkthrough, number: Int) -> String {
        let words = strings.walkthrough
        let verdict = result.passed ? "passed" : "failed"
        var out = "<details class=\"walkthrough\" id=\"walkthrough-\(number)\" data-result=\"\(verdict)\"\(result.passed ? "" : " open")>\n"
        out += "<summary>\(HTMLText.escaped(result.name)) <span class=\"verdict\">"
        out += HTMLText.escaped(result.passed ? words.reportPassed : words.reportFailed) + "</span></summary>\n"
        for failure in result.failures {
            out += "<p class=\"failure-text\">\(HTMLText.escaped(MatrixPage.failureText(failure, words: words)))</p>\n"
        }
        out += "<ol class=\"steps\">\n"
        let failed = Dictionary(result.failures.map { ($0.line, $0) }, uniquingKeysWith: { first, _ in first })
        for (index, step) in walkthrough.steps(in: walkthrough.firstCombination).enumerated() {
            let state: WalkthroughPage.StepResult
            if index >= result.stepsRun {
                state = .notRun
            } else if failed[step.line] != nil {
                state = .failed
            } else if case .expect = step.action {
                state = .passed
            } else {
                state = .done
            }
            out += "<li class=\"step\" data-line=\"\(step.line)\" data-result=\"\(state.rawValue)\"><span class=\"line\">\(step.line)</span> "
            out += "<span class=\"text\">\(HTMLText.escaped(step.source))</span>"
            switch state {
            case .failed: out += "<span class=\"checked\">\(HTMLText.escaped(words.pageSaw(failed[step.line]!.expected, failed[step.line]!.saw)))</span>"
            case .passed: out += "<span class=\"checked\">\(HTMLText.escaped(words.pageHeld(Self.checked(step))))</span>"
            case .notRun: out += "<span class=\"status\">\(HTMLText.escaped(words.pageNotRun))</span>"
            case .done: break
            }
            out += "</li>\n"
        }
        out += "</ol>\n"
        if !result.passed, let kept = result.screen {
            out += "<h3>\(HTMLText.escaped(words.reportFailureScreen))</h3>\n"
            out += "<div class=\"screen\" data-cols=\"\(kept.screen.width)\">\n\(ScreenGrid.rows(of: kept.screen))\n</div>\n"
        }
        return out + "</details>\n"
    }

    /// What an expectation checked: its words after `expect`.
    static func checked(_ step: Step) -> String {
        step.source.hasPrefix("expect ") ? String(step.source.dropFirst("expect ".count)) : step.source
    }
}
