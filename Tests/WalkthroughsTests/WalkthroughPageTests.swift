import CatalogFiles
import Crypto
import Foundation
import AppStoreCore
import StorefrontUI
import Testing
@testable import Walkthroughs

/// A recorded walkthrough as one page: every step with its line and what it checked, a
/// Content-Security-Policy that admits the page's own script and style alone, frames that
/// replay to each step's screen, the same bytes every time, and whatever the walkthrough
/// holds shown as text, never as markup.
@Suite struct WalkthroughPageTests {
    let catalog = try! CatalogLoader.defaultCatalog()

    /// The recorder, and the storefront's screen after each step as the transcript has it.
    final class ScreensAfterSteps: Presenter {
        let recorder = CastRecorder(title: "storefront: demo")
        var storefront: HeadlessStorefront?
        var screens: [Int: [String]] = [:]
        var number = 0
        var isStopped: Bool { false }
        func opened(_ storefront: HeadlessStorefront) {
            self.storefront = storefront
            recorder.opened(storefront)
        }
        func starting(_ step: Step, number: Int, of total: Int) {
            self.number = number
            recorder.starting(step, number: number, of: total)
        }
        func finished(_ step: Step, failure: StepFailure?) {
            recorder.finished(step, failure: failure)
            screens[number] = storefront?.screenLines
        }
        func caption(_ text: String) { recorder.caption(text) }
        func pressing(_ key: Key) { recorder.pressing(key) }
        func elapsed(_ seconds: Double) { recorder.elapsed(seconds) }
    }

    func record(_ text: String, file: String = "demo.walk", ascii: ASCIIReason? = nil) throws
        -> (page: WalkthroughPage, screens: [Int: [String]]) {
        let walkthrough = try WalkthroughParser(catalog: catalog).parse(text, file: file)
        var runner = WalkthroughRunner(catalog: catalog)
        runner.width = 100
        runner.height = 28
        runner.ascii = ascii
        let presenter = ScreensAfterSteps()
        let result = runner.run(walkthrough, presenter: presenter)
        return (WalkthroughPage(walkthrough: walkthrough, recording: presenter.recorder.recording, result: result), presenter.screens)
    }

    static let shippedFolder = RecordingTests.shippedFolder

    static func shipped(_ name: String) throws -> String {
        try String(contentsOf: shippedFolder.appendingPathComponent(name), encoding: .utf8)
    }

    @Test func theStepsListHoldsEveryStepWithItsLineAndWhatItChecked() throws {
        let text = try Self.shipped("credit-packs.walk")
        let (page, _) = try record(text, file: "credit-packs.walk")
        let html = page.html
        let steps = try WalkthroughParser(catalog: catalog).parse(text, file: "credit-packs.walk").steps
        #expect(!steps.isEmpty)
        for (index, step) in steps.enumerated() {
            let n = index + 1
            let result = if case .expect = step.action { "passed" } else { "done" }
            let item = "<li class=\"step\" id=\"step-\(n)\" data-step=\"\(n)\" data-line=\"\(step.line)\" data-result=\"\(result)\">"
                + "<a href=\"#step-\(n)\"><span class=\"line\">step \(n) · line \(step.line)</span> <span class=\"text\">\(HTMLText.escaped(step.source))</span></a>"
            #expect(html.contains(item), "step \(n): \(item)")
        }
        #expect(html.contains("<span class=\"checked\">✓ held: credits 15</span>"))
        #expect(html.contains("<input type=\"range\" id=\"scrubber\" min=\"0\" max=\"\(steps.count)\""))
        #expect(html.contains("<h1 id=\"title\">storefront: demo</h1>"))
        #expect(html.contains("<div id=\"caption\" aria-live=\"polite\">"))
        #expect(html.contains("<div id=\"screen\" data-cols=\"100\" data-rows=\"30\">"))
        #expect(html.contains("<html lang=\"en\">"))
        #expect(!html.contains("id=\"failure\""), "a run that passed has no failure")
        for id in ["play", "back", "forward", "slower", "faster"] { #expect(html.contains("<button id=\"\(id)\" type=\"button\"")) }
        #expect(html.contains("<span id=\"speed\""))
    }

    @Test func theContentSecurityPolicyHashesThePagesOwnScriptAndStyleAlone() throws {
        let html = try record(RecordingTests.purchase).page.html
        let script = try #require(PageReplay.element(in: html, open: "<script>", close: "</script>"))
        let style = try #require(PageReplay.element(in: html, open: "<style>", close: "</style>"))
        func hash(_ text: String) -> String { "sha256-" + Data(SHA256.hash(data: Data(text.utf8))).base64EncodedString() }
        let policy = "default-src 'none'; script-src '\(hash(script))'; style-src '\(hash(style))'; img-src data:"
        #expect(html.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"\(policy)\">"))
        #expect(html.components(separatedBy: "<script").count == 3, "the player and the frames' data, nothing else")
        #expect(html.components(separatedBy: "<style").count == 2)
        #expect(!html.contains(" style="), "classes only: a style attribute is refused by the policy")
        for external in ["http:", "https:", " src=", "<link", "@import", "url("] {
            #expect(!html.contains(external), "nothing fetched: \(external)")
        }
    }

    @Test func everyElementThePlayerNamesIsOnThePage() throws {
        let html = try record(RecordingTests.purchase).page.html
        let named = PlayerScript.js.matches(of: /\$\("([a-z]+)"\)/).map { String($0.output.1) }
        #expect(Set(named).isSuperset(of: ["frames", "screen", "caption", "play", "back", "forward", "scrubber", "slower", "faster", "speed"]))
        for id in named { #expect(html.contains(" id=\"\(id)\""), "#\(id)") }
    }

    @Test func replayingTheFramesGivesEachStepsScreen() throws {
        let text = try Self.shipped("subscription-full-life.walk")
        let (page, screens) = try record(text, file: "subscription-full-life.walk")
        let replay = try PageReplay(page.html)
        #expect(replay.steps.count == page.steps.count + 1, "the opening screen, then each step")
        #expect(replay.frames.count == page.recording.frames.count)
        #expect(replay.frames.contains { $0["d"] != nil }, "frames are stored as differences")
        #expect(replay.lines.count == Set(replay.lines).count, "each row's HTML is stored once")
        let times = replay.frames.compactMap { $0["t"] as? Int }
        #expect(times == times.sorted() && times.count == replay.frames.count, "each frame has its time on the walkthrough's timeline")
        #expect(screens.count == page.steps.count)
        for (number, screen) in screens {
            let rows = try replay.screen(frame: replay.frame(ofStep: number))
            #expect(Array(rows.prefix(screen.count)) == screen, "step \(number)")
            #expect(rows.count == screen.count + CaptionBand.height)
        }
        let opening = try replay.screen(frame: 0)
        #expect(page.html.contains(ScreenGrid.rows(of: page.recording.frames[0].screen)), "the page opens on the opening screen")
        #expect(opening.count == 30)
    }

    @Test func recordingTwiceGivesTheSameBytes() throws {
        let text = RecordingTests.purchase + "\nadvance 1d\npause 3s\nrelaunch\nexpect credits 10"
        let first = try record(text).page.html
        let second = try record(text).page.html
        #expect(first == second)
    }

    @Test func whatTheWalkthroughHoldsIsShownAsTextNeverAsMarkup() throws {
        let hostile = "<script>alert(\"x\")</script> & 'quoted' \u{1B}[31m red \u{202E}gnp.exe \u{200F}"
        let (page, _) = try record("caption \"\(hostile.replacingOccurrences(of: "\"", with: "\\\""))\"\nopen \"5 Monkey Credits\"")
        let html = page.html
        #expect(!html.contains("<script>alert"))
        #expect(!html.contains("\u{1B}") && !html.contains("\u{202E}") && !html.contains("\u{200F}"), "no control character reaches the page")
        #expect(html.contains("&lt;script&gt;alert(\\&quot;x\\&quot;)&lt;/script&gt; &amp; &#39;quoted&#39; \\e[31m red \\u{202E}gnp.exe \\u{200F}"),
                "the step's text, escaped")
        let replay = try PageReplay(html)
        let caption = try #require(replay.steps[1]["c"] as? String)
        #expect(caption == "<script>alert(\"x\")</script> & 'quoted' \\e[31m red \\u{202E}gnp.exe \\u{200F}", "the caption, set as text")
        let band = try replay.screen(frame: replay.frame(ofStep: 1))[28]
        #expect(band.hasPrefix(" <script>alert(\"x\")</script> & 'quoted' \\e[31m red"), "the band's row, as text: \(band)")
    }

    @Test func aProductNameWithMarkupIsTextInTheGrid() {
        var buffer = Buffer(width: 30, height: 1)
        buffer.put("<img src=x onerror=\"1\">", x: 0, y: 0, style: .tint(.accent, bold: true))
        #expect(ScreenGrid.row(0, of: buffer) == "<span class=\"accent b\">&lt;img src=x onerror=&quot;1&quot;&gt;</span>")
    }

    @Test func aWideCharacterTakesASpanOfTwoCells() {
        var buffer = Buffer(width: 8, height: 1)
        buffer.put("│日本a", x: 0, y: 0, style: .plain)
        buffer.put("b", x: 6, y: 0, style: Style(bold: true, reverse: true))
        #expect(ScreenGrid.row(0, of: buffer) == "<span>│</span><span class=\"w\">日</span><span class=\"w\">本</span><span>a</span><span class=\"b r cur\">b</span>")
    }

    @Test func aFailedRunIsWrittenWithItsFailureAndTheScreenItSaw() throws {
        let (page, screens) = try record("open \"5 Monkey Credits\"\nexpect credits 3\npress \"Nothing here\"\nexpect credits 0")
        let html = page.html
        #expect(html.contains("<div id=\"failure\" role=\"alert\"><p><a href=\"#step-2\">step 2 · line 2</a> ✗ expected 3 credits, saw 0 credits</p>"
                              + "<p><a href=\"#step-3\">step 3 · line 3</a> ✗ "), "\(html.prefix(3000))")
        #expect(html.contains("<p id=\"summary\">4 steps · 3 ran · 2 failed · 1 not run</p>"), "the steps that ran, failed and never ran")
        #expect(html.contains("data-line=\"2\" data-result=\"failed\""))
        #expect(html.contains("<span class=\"checked\">✗ expected 3 credits, saw 0 credits</span>"))
        #expect(html.contains("data-line=\"3\" data-result=\"failed\""), "a step that could not be done")
        #expect(html.contains("id=\"step-4\" data-step=\"4\" data-line=\"4\" data-result=\"not-run\""))
        let replay = try PageReplay(html)
        let saw = try replay.screen(frame: replay.frame(ofStep: 2))
        #expect(Array(saw.prefix(28)) == screens[2])
        #expect(saw[29].contains("✗ line 2: expected 3 credits, saw 0 credits"), "the band tells the failure: \(saw[29])")
    }

    @Test func aStepIsNamedByTheNumberItsAddressUsesBesideItsLine() throws {
        let (page, _) = try record("# Buying three\n\ncaption \"Three packs\"\nopen \"5 Monkey Credits\"\n# wrong on purpose\nexpect credits 3\npress \"Buy\"")
        let html = page.html
        #expect(html.contains("<li class=\"step\" id=\"step-3\" data-step=\"3\" data-line=\"6\" data-result=\"failed\">"
                              + "<a href=\"#step-3\"><span class=\"line\">step 3 · line 6</span>"))
        #expect(html.contains("<div id=\"failure\" role=\"alert\"><p><a href=\"#step-3\">step 3 · line 6</a> ✗ expected 3 credits, saw 0 credits</p></div>"),
                "the failure links to the step it names: \(html.prefix(3000))")
        #expect(html.contains("<p id=\"summary\">4 steps · 4 ran · 1 failed</p>"), "an expectation that does not hold stops nothing")
        let japanese = try record("set locale ja_JP\n\nexpect credits 3").page.html
        #expect(japanese.contains("<a href=\"#step-2\">ステップ2 · 3行目</a> ✗ 期待 3 credits、結果 0 credits"), "\(japanese.prefix(3000))")
    }

    @Test func theSliderSaysWhichStepItIsOn() throws {
        let html = try record(RecordingTests.purchase).page.html
        let total = try WalkthroughParser(catalog: catalog).parse(RecordingTests.purchase, file: "demo.walk").steps.count
        #expect(html.contains("aria-valuetext=\"The opening screen, before step 1\" data-opening=\"The opening screen, before step 1\" "
                              + "data-valuetext=\"Step {n} of \(total): {step}\">"), "\(html)")
        #expect(PlayerScript.js.contains("setAttribute(\"aria-valuetext\""))
    }

    @Test func aRowThatIsOnlyARuleIsHiddenFromScreenReaders() {
        var buffer = Buffer(width: 12, height: 4)
        buffer.put("────────────", x: 0, y: 0, style: .dim)
        buffer.put("│ Credits  │", x: 0, y: 1, style: .plain)
        buffer.put("+----------+", x: 0, y: 2, style: .plain)
        #expect(ScreenGrid.row(0, of: buffer) == "<span class=\"d\" aria-hidden=\"true\">────────────</span>")
        #expect(ScreenGrid.row(1, of: buffer) == "<span>│ Credits  │</span>", "a row with words is read")
        #expect(ScreenGrid.row(2, of: buffer) == "<span aria-hidden=\"true\">+----------+</span>", "a rule drawn in ASCII")
        #expect(ScreenGrid.row(3, of: buffer) == "", "a blank row has nothing to hide")
    }

    @Test func theLanguageIsTheWalkthroughs() throws {
        let html = try record("set locale ja_JP\nset storefront JPN\nopen \"5 Monkey Credits\"").page.html
        #expect(html.contains("<html lang=\"ja\">"))
        #expect(html.contains("<h2 id=\"steps-heading\">ステップ</h2>"))
        #expect(try PageReplay(html).lines.contains { $0.contains("<span class=\"w\">") }, "Japanese on the screen, each character two cells")
    }

    @Test func aWalkthroughRunInASCIIIsRecordedInASCII() throws {
        let (page, _) = try record(RecordingTests.purchase, ascii: .requested)
        let replay = try PageReplay(page.html)
        var boxes = false
        for n in replay.frames.indices {
            let rows = try replay.screen(frame: n)
            for row in rows { #expect(row.unicodeScalars.allSatisfy { $0.isASCII }, "\(row)") }
            boxes = boxes || rows.contains { $0.contains("+--") }
        }
        #expect(boxes, "the sheet's box drawn in ASCII")
    }
}
