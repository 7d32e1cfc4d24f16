import DataFiles
import Foundation
import StorefrontUI
import Wording

/// A recorded walkthrough as one page to share (`record --html`): its title, every step with
/// its line and what each expectation checked, the failure if there was one, the screen after
/// each step as a grid of cells with the caption band, and a player over the frames at the
/// walkthrough's own pace. The page's own words are in the storefront's language as the
/// walkthrough left it; everything the walkthrough wrote stays as written, as text.
public struct WalkthroughPage {
    public var walkthrough: Walkthrough
    public var recording: Recording
    public var result: WalkthroughResult

    public init(walkthrough: Walkthrough, recording: Recording, result: WalkthroughResult) {
        self.walkthrough = walkthrough
        self.recording = recording
        self.result = result
    }

    /// How a step went, as its `li` says it (`data-result`).
    public enum StepResult: String, Sendable {
        case passed, failed, done
        case notRun = "not-run"
    }

    /// The steps of the run, in order: those the first combination admits, as `record` runs.
    var steps: [Step] { walkthrough.steps(in: walkthrough.firstCombination) }

    private var strings: Strings { Strings(languageCode: recording.languageCode) }

    public var html: String {
        HTMLDocument(language: strings.languageCode, title: recording.title,
                     style: PageStyle.css(columns: recording.frames.first?.screen.width ?? 0), script: PlayerScript.js,
                     body: body).html
    }

    /// What the page holds for a step that ran, nil for one that did not.
    func record(_ number: Int) -> Recording.StepRecord? {
        recording.steps.first { $0.number == number }
    }

    func result(of number: Int) -> StepResult {
        guard let record = record(number), record.frame != nil else { return .notRun }
        if record.failure != nil { return .failed }
        if case .expect = record.step.action { return .passed }
        return .done
    }

    var body: String {
        let words = strings.walkthrough
        let total = steps.count
        var out = "<header>\n<h1 id=\"title\">\(HTMLText.escaped(recording.title))</h1>\n"
        let results = steps.indices.map { result(of: $0 + 1) }
        let summary = result.passed ? words.pagePassed(total)
            : words.pageFailedCount(total, results.filter { $0 == .failed }.count, results.filter { $0 == .notRun }.count)
        out += "<p id=\"summary\">\(HTMLText.escaped(summary))</p>\n</header>\n"
        if !result.failures.isEmpty {
            out += "<div id=\"failure\" role=\"alert\">\(result.failures.map(failureLine).joined())</div>\n"
        }
        let opening = recording.frames.first?.screen ?? Buffer(width: 0, height: 0)
        out += """
            <main>
            <section id="stage" aria-label="\(HTMLText.escaped(words.pageScreen))">
            <div id="caption" aria-live="polite"></div>
            <div id="screen" data-cols="\(opening.width)" data-rows="\(opening.height)">
            \(ScreenGrid.rows(of: opening))
            </div>
            <div id="controls">
            \(button("back", "←", words.pageBack))
            <button id="play" type="button" aria-pressed="false">▶ \(HTMLText.escaped(words.pagePlay))</button>
            \(button("forward", "→", words.pageForward))
            <input type="range" id="scrubber" min="0" max="\(total)" value="0" step="1" aria-label="\(HTMLText.escaped(words.pageStep))" \
            aria-valuetext="\(HTMLText.escaped(words.pageOpeningScreen))" data-opening="\(HTMLText.escaped(words.pageOpeningScreen))" \
            data-valuetext="\(HTMLText.escaped(words.pageStepOf("{n}", total, "{step}")))">
            \(button("slower", "−", words.pageSlower))
            <span id="speed" aria-label="\(HTMLText.escaped(words.pageSpeed))">1×</span>
            \(button("faster", "+", words.pageFaster))
            </div>
            <p id="keys">\(HTMLText.escaped(words.pageKeys))</p>
            </section>
            <nav id="list" aria-labelledby="steps-heading">
            <h2 id="steps-heading">\(HTMLText.escaped(words.pageSteps))</h2>
            <ol id="steps">

            """
        for (index, step) in steps.enumerated() {
            out += item(step, number: index + 1) + "\n"
        }
        out += "</ol>\n</nav>\n</main>\n"
        out += "<script type=\"application/json\" id=\"frames\">\(HTMLText.scriptJSON(framesJSON))</script>"
        return out
    }

    private func button(_ id: String, _ symbol: String, _ label: String) -> String {
        let label = HTMLText.escaped(label)
        return "<button id=\"\(id)\" type=\"button\" aria-label=\"\(label)\" title=\"\(label)\">\(symbol)</button>"
    }

    /// A failure in the box above the page: which step and line, a link to the step, then
    /// what was expected and seen (`#failure p`).
    func failureLine(_ failure: StepFailure) -> String {
        let words = strings.walkthrough
        let saw = HTMLText.escaped(words.pageSaw(failure.expected, failure.saw))
        guard let index = steps.firstIndex(where: { $0.line == failure.line }) else {
            return "<p>" + HTMLText.escaped(words.failure(failure.line, failure.expected, failure.saw)) + "</p>"
        }
        let place = HTMLText.escaped(words.pageStepLine(index + 1, failure.line))
        return "<p><a href=\"#step-\(index + 1)\">\(place)</a> \(saw)</p>"
    }

    /// `<li>` for step `number`: a link to it with its number (the address's), its line and
    /// text, and what it checked.
    func item(_ step: Step, number: Int) -> String {
        let words = strings.walkthrough
        let result = result(of: number)
        let place = HTMLText.escaped(words.pageStepLine(number, step.line))
        var out = "<li class=\"step\" id=\"step-\(number)\" data-step=\"\(number)\" data-line=\"\(step.line)\" data-result=\"\(result.rawValue)\">"
        out += "<a href=\"#step-\(number)\"><span class=\"line\">\(place)</span> <span class=\"text\">\(HTMLText.escaped(step.source))</span></a>"
        if let failure = record(number)?.failure {
            out += "<span class=\"checked\">\(HTMLText.escaped(words.pageSaw(failure.expected, failure.saw)))</span>"
        } else if result == .passed {
            let checked = step.source.hasPrefix("expect ") ? String(step.source.dropFirst("expect ".count)) : step.source
            out += "<span class=\"checked\">\(HTMLText.escaped(words.pageHeld(checked)))</span>"
        } else if result == .notRun {
            out += "<span class=\"status\">\(HTMLText.escaped(words.pageNotRun))</span>"
        }
        return out + "</li>"
    }

    /// The frames, and for each step (0: the opening screen) when it started, the frame it
    /// left and its caption; a step that did not run shows the last frame.
    struct FramesData: Encodable {
        struct StepData: Encodable {
            var t: Int
            var f: Int
            var c: String?
        }
        var screen: FrameStore
        var steps: [StepData]
    }

    var framesData: FramesData {
        let last = max(0, recording.frames.count - 1)
        let opening = FramesData.StepData(t: 0, f: 0, c: nil)
        let after = steps.indices.map { index in
            let number = index + 1
            guard let record = record(number), let frame = record.frame else {
                return FramesData.StepData(t: recording.milliseconds + 1, f: last, c: nil)
            }
            return FramesData.StepData(t: record.startMilliseconds, f: frame, c: record.caption.map { HTMLText.visible($0) })
        }
        return FramesData(screen: FrameStore(recording.frames), steps: [opening] + after)
    }

    var framesJSON: String {
        // Encoding strings and integers cannot fail.
        (try? JSONCoding.line(framesData)) ?? "{}"
    }
}
