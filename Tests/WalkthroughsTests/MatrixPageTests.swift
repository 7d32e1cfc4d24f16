import CatalogFiles
import Foundation
import StorefrontUI
import Testing
@testable import Walkthroughs

/// `test --matrix --html`: a row per combination, failures first, a column per condition and
/// the outcome, a select per condition with its values, each screen a combination ended on
/// kept once, the steps only some combinations run, the same bytes every time, and what the
/// walkthrough holds as text.
@Suite struct MatrixPageTests {
    let catalog = try! CatalogLoader.defaultCatalog()

    static let walk = """
        vary can-make-payments on off
        vary ask-to-buy off on
        open "5 Monkey Credits"
        when can-make-payments off: press "OK"
        when can-make-payments on, ask-to-buy off: press "Buy"
        when can-make-payments on, ask-to-buy on: press "Ask"
        when can-make-payments on, ask-to-buy on: press "Ask"
        when can-make-payments on: press "OK"
        expect credits 5
        """

    func page(_ text: String = walk, file: String = "m.walk") throws -> MatrixPage {
        let walkthrough = try WalkthroughParser(catalog: catalog).parse(text, file: file)
        var runner = WalkthroughRunner(catalog: catalog)
        runner.keepsScreens = true
        return MatrixPage(report: MatrixReport(tables: [runner.runMatrix(walkthrough)]), walkthroughs: [walkthrough])
    }

    /// The JSON the page's script reads.
    static func data(_ html: String) throws -> [String: Any] {
        let json = try #require(PageReplay.element(in: html, open: "<script type=\"application/json\" id=\"matrix-data\">", close: "</script>"))
        return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    static func rows(_ html: String) -> [String] {
        html.components(separatedBy: "\n").filter { $0.hasPrefix("<tr data-row=") }
    }

    @Test func aRowPerCombinationFailuresFirstWithItsValuesAndOutcome() throws {
        let html = try page().html
        let rows = Self.rows(html)
        #expect(rows.count == 4)
        #expect(rows.map { PageReplay.text($0) } == [
            "▸onondeferred——FAIL: line 9",
            "▸offoff———FAIL: line 9",
            "▸offon———FAIL: line 9",
            "▸onoffpurchased—+5 creditspass",
        ])
        #expect(rows[0].hasPrefix("<tr data-row=\"1\" data-result=\"failed\" data-name=\"can-make-payments on, ask-to-buy on\">"))
        #expect(rows[3].hasPrefix("<tr data-row=\"0\" data-result=\"passed\""))
        #expect(html.contains("<p id=\"summary\">4 combinations · 1 passed · 3 failed</p>"))
        #expect(html.contains("<th scope=\"col\" aria-sort=\"none\"><button type=\"button\" class=\"sort\" data-column=\"1\">can-make-payments</button></th>"))
        #expect(html.contains("<button type=\"button\" class=\"sort\" data-column=\"6\">Result</button>"))
    }

    @Test func aSelectPerConditionWithItsValuesAndATextFilter() throws {
        let html = try page().html
        #expect(html.contains("<label>can-make-payments <select class=\"filter\" data-column=\"1\"><option value=\"\">All</option><option>on</option><option>off</option></select></label>"))
        #expect(html.contains("<label>ask-to-buy <select class=\"filter\" data-column=\"2\"><option value=\"\">All</option><option>off</option><option>on</option></select></label>"))
        #expect(html.contains("<input type=\"search\" class=\"text-filter\">"))
        #expect(html.contains("data-words=\"{shown} of 4 shown\">4 of 4 shown</span>"))
    }

    /// Each row: the screen it ended on (the same screen once), its own `when` steps, its failures.
    @Test func eachRowOpensItsFinalScreenAndTheStepsItRanItsOwnWay() throws {
        let data = try Self.data(try page().html)
        let screen = try #require(data["screen"] as? [String: Any])
        let frames = try #require(screen["frames"] as? [[String: Any]])
        let lines = try #require(screen["lines"] as? [String])
        let table = try #require((data["tables"] as? [[String: Any]])?.first)
        let rows = try #require(table["rows"] as? [[String: Any]])
        let steps = try #require(table["steps"] as? [[String]])
        #expect(steps[2] == ["5", "when can-make-payments on, ask-to-buy off: press \"Buy\""])
        let indices = rows.map { $0["s"] as? Int }
        #expect(frames.count == Set(indices.compactMap { $0 }).count, "each screen once")
        #expect(rows.map { $0["o"] as? [Int] } == [[2, 5], [3, 4, 5], [1], [1]])
        #expect(rows[1]["f"] as? [String] == ["9: ✗ expected 5 credits, saw 0 credits"])
        #expect((rows[0]["f"] as? [String])?.isEmpty == true)
        let passing = try #require(indices[0])
        let keyframe = try #require(frames[passing]["k"] as? [Int])
        #expect(keyframe.contains { PageReplay.text(lines[$0]).contains("1000000001 delivered  +5 credits (balance 5)") },
                "the passing run's last screen")
    }

    @Test func aScreenManyRunsEndedOnIsKeptOnce() {
        var screens = FinalScreens()
        var buffer = Buffer(width: 10, height: 2)
        buffer.put("Purchased", x: 0, y: 0, style: .plain)
        var bold = buffer
        bold.put("Purchased", x: 0, y: 0, style: Style(bold: true))
        let indices = [buffer, bold, buffer, bold].map { screens.index(of: KeptScreen(screen: $0, languageCode: "en")) }
        #expect(indices == [0, 1, 0, 1], "the same text in another style is another screen")
        #expect(screens.store.frames.count == 2)
        #expect(screens.store.lines.count == 3, "the rows' HTML once: two first rows, one blank row")
    }

    @Test func writingTwiceGivesTheSameBytes() throws {
        #expect(try page().html == page().html)
    }

    @Test func whatTheWalkthroughHoldsIsTextNeverMarkup() throws {
        let hostile = "<script>alert(1)</script>"
        let html = try page("vary network on off\nexpect screen \"\(hostile)\"", file: "\(hostile).walk").html
        #expect(!html.contains(hostile))
        #expect(html.contains("<h2 id=\"matrix-0-file\">&lt;script&gt;alert(1)&lt;/script&gt;.walk</h2>"))
        let data = try Self.data(html)
        let table = try #require((data["tables"] as? [[String: Any]])?.first)
        let steps = try #require(table["steps"] as? [[String]])
        #expect(steps == [["2", "expect screen \"<script>alert(1)</script>\""]], "set as text by the script")
        #expect(html.components(separatedBy: "<script").count == 3, "the page's own data and script alone")
    }

    /// The outcome cells too: the state and what the app holds as the storefront says them
    /// (the error keeps StoreKit's code and name, as the storefront's log does).
    @Test func theOutcomeCellsAreTheStorefrontsLanguage() throws {
        let html = try page("""
            vary ask-to-buy off on
            set locale ja_JP
            open "5 Monkey Credits"
            when ask-to-buy off: press "購入"
            when ask-to-buy off: press "OK"
            when ask-to-buy on: press "承認を求める"
            when ask-to-buy on: press "承認を求める"
            """).html
        #expect(Self.rows(html).map { PageReplay.text($0) } == ["▸off購入済み—+5クレジット成功", "▸on保留中——成功"])
    }

    @Test func theWordsAreTheStorefrontsLanguage() throws {
        let html = try page("vary network on off\nset locale ja_JP\nopen \"5 Monkey Credits\"").html
        #expect(html.contains("<html lang=\"ja\">"))
        #expect(html.contains("<p id=\"summary\">2通りの組み合わせ · 成功 2 · 失敗 0</p>"))
        #expect(html.contains(">結果</button>"))
    }
}
