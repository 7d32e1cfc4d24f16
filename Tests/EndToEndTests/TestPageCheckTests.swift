import Foundation
import Testing

/// The pages `storefront test --html` writes, opened in headless Chromium
/// (Tests/Browser/matrix_page.py, report_page.py): each loads clean under its
/// Content-Security-Policy, the matrix sorts, filters and opens a row's final screen, and the
/// report shows a failed walkthrough open with its failure and the screen it failed on.
@Suite(.browser, .serialized, .ownThreads)
final class TestPageCheckTests {
    let cli = BinaryRunner()

    deinit { cli.cleanUp() }

    static let matrix = """
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

    func write(_ name: String, _ text: String) throws -> String {
        let url = cli.dataDirectory.appendingPathComponent(name)
        try cli.write(text, to: url)
        return url.path
    }

    /// `storefront test ARGUMENTS… --html PAGE`, which fails (exit 4) when a walkthrough does.
    func page(_ name: String, _ arguments: [String], status: Int32 = 4) throws -> URL {
        try FileManager.default.createDirectory(at: cli.dataDirectory, withIntermediateDirectories: true)
        let page = cli.dataDirectory.appendingPathComponent(name)
        let result = try cli.run(arguments: ["test"] + arguments + ["--html", page.path])
        #expect(result.status == status, "\(result.summary)")
        return page
    }

    @Test func theMatrixPageLoadsCleanSortsFiltersAndOpensARow() throws {
        let page = try page("matrix.html", ["--matrix", try write("m.walk", Self.matrix)])
        try BrowserCheck.expect("matrix_contract", page: page)
        try BrowserCheck.expect("matrix_sorts", page: page, "ask-to-buy")
        try BrowserCheck.expect("matrix_filters", page: page, "can-make-payments", "off", "on")
        // Shown last, failures first: the one that passed, on the sheet's receipt.
        try BrowserCheck.expect("matrix_row_opens", page: page, "4", "5 Monkey Credits", screenshot: "matrix-page.png")
        let failures = try BrowserCheck.run("matrix_filters", page: page, ["can-make-payments", "maybe"]).failures
        #expect(!failures.isEmpty, "a value no select offers cannot be chosen")
    }

    @Test func theReportShowsAFailedWalkthroughOpenWithItsFailure() throws {
        let passing = try write("buy.walk", "open \"5 Monkey Credits\"\npress \"Buy\"\npress \"OK\"\nexpect credits 5")
        let failing = try write("fails.walk", "open \"5 Monkey Credits\"\nexpect credits 3\nexpect credits 0")
        let page = try page("report.html", [passing, failing])
        try BrowserCheck.expect("report_contract", page: page, "1", "1", screenshot: "report-page.png")
        try BrowserCheck.expect("report_failure_shown", page: page, "fails.walk", "2", "expected 3 credits, saw 0 credits", "5 Monkey Credits")
        let failures = try BrowserCheck.run("report_failure_shown", page: page, ["buy.walk", "2", "expected", "Buy"]).failures
        #expect(failures.first?.hasPrefix("'buy.walk' is not open as failed") == true, "\(failures)")
    }

    /// The benchmark's 1,024 combinations as a page: it loads clean; how long Chromium takes to
    /// open it is printed, not asserted.
    @Test func theThousandCombinationPageOpens() throws {
        let benchmark = BrowserCheck.root.appendingPathComponent("Benchmarks/walkthroughs/eight-conditions.walk").path
        let page = try page("eight-conditions.html", ["--matrix", benchmark], status: 0)
        try BrowserCheck.expect("open_time", page: page)
        try BrowserCheck.expect("matrix_sorts", page: page, "fail-with")
    }
}
