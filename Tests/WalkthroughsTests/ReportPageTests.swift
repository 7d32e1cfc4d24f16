import CatalogFiles
import Testing
@testable import Walkthroughs

/// `test FILES… --html`: the counts, each walkthrough folded, a failed one open with its
/// steps, its failure and the screen it failed on; the same bytes every time; text as text.
@Suite struct ReportPageTests {
    let catalog = try! CatalogLoader.defaultCatalog()

    func page(_ files: [(name: String, text: String)]) throws -> String {
        let walkthroughs = try files.map { try WalkthroughParser(catalog: catalog).parse($0.text, file: $0.name) }
        var runner = WalkthroughRunner(catalog: catalog)
        runner.keepsScreens = true
        return ReportPage(report: TestReport(results: runner.run(walkthroughs)), walkthroughs: walkthroughs).html
    }

    static let passing = (name: "buy.walk", text: "open \"5 Monkey Credits\"\npress \"Buy\"\npress \"OK\"\nexpect credits 5")
    static let failing = (name: "fails.walk", text: "open \"5 Monkey Credits\"\nexpect credits 3\nexpect screen \"Buy\"\nexpect credits 0")

    @Test func theCountsThenEachWalkthroughFoldedAFailedOneOpen() throws {
        let html = try page([Self.passing, Self.failing])
        #expect(html.contains("<p id=\"summary\">1 passed · 1 failed</p>"))
        #expect(html.contains("<details class=\"walkthrough\" id=\"walkthrough-1\" data-result=\"passed\">\n<summary>buy.walk <span class=\"verdict\">passed</span></summary>"))
        #expect(html.contains("<details class=\"walkthrough\" id=\"walkthrough-2\" data-result=\"failed\" open>\n<summary>fails.walk <span class=\"verdict\">failed</span></summary>"))
        #expect(html.contains("<p class=\"failure-text\">2: ✗ expected 3 credits, saw 0 credits</p>"))
    }

    @Test func eachStepWithHowItWentAndTheScreenAFailedOneSaw() throws {
        let html = try page([Self.passing, Self.failing])
        #expect(html.contains("<li class=\"step\" data-line=\"4\" data-result=\"passed\"><span class=\"line\">4</span> <span class=\"text\">expect credits 5</span><span class=\"checked\">✓ held: credits 5</span></li>"))
        #expect(html.contains("<li class=\"step\" data-line=\"2\" data-result=\"failed\"><span class=\"line\">2</span> <span class=\"text\">expect credits 3</span><span class=\"checked\">✗ expected 3 credits, saw 0 credits</span></li>"))
        #expect(html.contains("<li class=\"step\" data-line=\"1\" data-result=\"done\">"))
        let screens = html.components(separatedBy: "<div class=\"screen\"")
        #expect(screens.count == 2, "the failed walkthrough's screen alone")
        let rows = screens[1].components(separatedBy: "\n").filter { $0.hasPrefix("<div class=\"row\">") }.map { PageReplay.text($0) }
        #expect(rows.count == 30)
        #expect(rows.contains { $0.contains("5 Monkey Credits") }, "the screen the failure saw: the purchase sheet")
    }

    @Test func aWalkthroughStoppedByAStepShowsTheStepsItNeverRan() throws {
        let html = try page([(name: "stops.walk", text: "press \"Nothing here\"\nexpect credits 0")])
        #expect(html.contains("data-line=\"1\" data-result=\"failed\""))
        #expect(html.contains("<li class=\"step\" data-line=\"2\" data-result=\"not-run\"><span class=\"line\">2</span> <span class=\"text\">expect credits 0</span><span class=\"status\">not run</span></li>"))
    }

    /// A run time the same on every run: the store time each walkthrough's steps moved the
    /// store's clock on, and all of them together, in a table linking to each.
    @Test func eachWalkthroughsStoreTimeAndTheirSum() throws {
        let html = try page([(name: "day.walk", text: "advance 25h\nexpect credits 0"),
                             (name: "short.walk", text: "advance 90s\nadvance 2h\nexpect credits 1"),
                             Self.passing])
        #expect(html.contains("<th scope=\"col\" class=\"time\">Store time covered</th>"))
        #expect(html.contains("<tr data-result=\"passed\"><td><a href=\"#walkthrough-1\">day.walk</a></td><td>passed</td><td class=\"time\">1 day 1 h</td></tr>"))
        #expect(html.contains("<tr data-result=\"failed\"><td><a href=\"#walkthrough-2\">short.walk</a></td><td>failed</td><td class=\"time\">2 h 1 min</td></tr>"))
        #expect(html.contains("<tr data-result=\"passed\"><td><a href=\"#walkthrough-3\">buy.walk</a></td><td>passed</td><td class=\"time\">3 s</td></tr>"),
                "the store's answer to the purchase, after its latency")
        #expect(html.contains("<tfoot><tr><th scope=\"row\">All</th><td>2 passed · 1 failed</td><td class=\"time\">1 day 3 h</td></tr></tfoot>"))
        let japanese = try page([(name: "ja.walk", text: "set locale ja_JP\nadvance 3d\nadvance 2h")])
        #expect(japanese.contains("<td class=\"time\">3日2時間</td>"))
        #expect(japanese.contains("<th scope=\"col\" class=\"time\">経過したストア時間</th>"))
    }

    @Test func aPageWithoutAScriptHasNoneAndAPolicyThatRunsNone() throws {
        let html = try page([Self.passing, Self.failing])
        #expect(!html.contains("<script"), "the report reads, folds and prints without one")
        #expect(html.contains("content=\"default-src 'none'; script-src 'none'; style-src 'sha256-"), "\(html.prefix(400))")
    }

    @Test func writingTwiceGivesTheSameBytes() throws {
        #expect(try page([Self.passing, Self.failing]) == page([Self.passing, Self.failing]))
    }

    @Test func whatTheWalkthroughHoldsIsTextNeverMarkup() throws {
        let html = try page([(name: "<script>x</script>.walk", text: "caption \"<script>alert(1)</script>\"\nexpect screen \"<b>\"")])
        #expect(!html.contains("<script>x") && !html.contains("<script>alert") && !html.contains("<b>"))
        #expect(html.contains("<summary>&lt;script&gt;x&lt;/script&gt;.walk"))
        #expect(html.contains("<span class=\"text\">caption &quot;&lt;script&gt;alert(1)&lt;/script&gt;&quot;</span>"))
    }

    @Test func theWordsAreTheStorefrontsLanguage() throws {
        let html = try page([(name: "ja.walk", text: "set locale ja_JP\nopen \"5 Monkey Credits\"\nexpect credits 1")])
        #expect(html.contains("<html lang=\"ja\">"))
        #expect(html.contains("<p id=\"summary\">成功 0 · 失敗 1</p>"))
        #expect(html.contains("<h3>失敗したときの画面</h3>"))
    }
}
