import Foundation
import Testing

/// The checks of a walkthrough's page (Tests/Browser/walkthrough_page.py), each on the
/// hand-written pages in Tests/Browser/fixtures/ that keep to the page's contract: a passed
/// English walkthrough, and a failed Japanese one. Each check passes on them and fails on a page
/// that breaks what it checks, so the same checks can be pointed at a recorded page.
@Suite(.browser, .serialized, .ownThreads)
final class WalkthroughPageCheckTests {
    let passed = BrowserCheck.fixtures.appendingPathComponent("walkthrough.html")
    let failedJapanese = BrowserCheck.fixtures.appendingPathComponent("walkthrough-ja-failed.html")
    /// Where the test keeps its broken copies.
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("browser-pages-\(UUID().uuidString)")

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    /// A copy of `page` with each of `replacements` made, which must each change it.
    private func broken(_ page: URL, _ replacements: [(String, String)],
                        sourceLocation: SourceLocation = #_sourceLocation) throws -> URL {
        var html = try String(contentsOf: page, encoding: .utf8)
        for (old, new) in replacements {
            #expect(html.contains(old), "\(page.lastPathComponent) has no \(old)", sourceLocation: sourceLocation)
            html = html.replacingOccurrences(of: old, with: new)
        }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let copy = directory.appendingPathComponent("broken-\(page.lastPathComponent)")
        try Data(html.utf8).write(to: copy)
        return copy
    }

    @Test func thePagesKeepToTheContract() throws {
        try BrowserCheck.expect("contract", page: passed, "en")
        try BrowserCheck.expect("contract", page: failedJapanese, "ja")
    }

    @Test func anInlineStyleAndAnUnhashedScriptBreakTheContract() throws {
        let page = try broken(passed, [("<h1 id=\"title\">", "<h1 id=\"title\" style=\"color: red\">"),
                                       ("const speeds = ", "const speeds = window.speeds || ")])
        let failures = try BrowserCheck.run("contract", page: page, ["en"]).failures
        #expect(failures.contains("1 elements with a style attribute"), "\(failures)")
        #expect(failures.contains { $0.hasPrefix("the policy's script-src") && $0.contains("is not the script's hash") }, "\(failures)")
        // Chromium refuses the script whose hash the policy does not give, and says so.
        #expect(failures.contains { $0.hasPrefix("console error: ") && $0.contains("Content Security Policy") }, "\(failures)")
    }

    @Test func eachStepsFrameShowsItsText() throws {
        try BrowserCheck.expect("frame_shows", page: passed, "0", "Quotes & Credits", "2", "Premium content", "3", "Purchased")
        try BrowserCheck.expect("frame_shows", page: failedJapanese, "4", "購入できません")
        let failures = try BrowserCheck.run("frame_shows", page: passed, ["1", "Purchased"]).failures
        #expect(failures.first?.hasPrefix("step 1's frame does not show 'Purchased'") == true, "\(failures)")
    }

    @Test func aStepThePageCannotShowFails() throws {
        // The frames end before the last step: the page stays at step 3 when asked for step 4.
        let page = try broken(passed, [(",\n{\"delay\": 600, \"caption\": \"The screen says Purchased.\", \"rows\": {}}", "")])
        let failures = try BrowserCheck.run("frame_shows", page: page, ["4", "Purchased", "--wait-ms", "2000"]).failures
        #expect(failures == ["the page never showed step 4: it shows step 3"])
    }

    @Test func theCaptionAndTheStepListFollowTheWalkthrough() throws {
        try BrowserCheck.expect(all: [["caption_shows", "0", "opens on its free content", "2", "purchase sheet"],
                                      ["steps_listed", "4", "5", "6", "8"]], page: passed)
        let failures = try BrowserCheck.run("steps_listed", page: passed, ["4", "5", "6", "9"]).failures
        #expect(failures == ["the steps' lines are ['4', '5', '6', '8'], not ['4', '5', '6', '9']"])
    }

    @Test func thePlayerStepsJumpsAndPlays() throws {
        try BrowserCheck.expect("player", page: passed)
    }

    @Test func aPlayerWhoseScriptDoesNotRunFails() throws {
        let page = try broken(passed, [("script-src 'sha256-", "script-src 'sha256-0")])
        let failures = try BrowserCheck.run("player", page: page).failures
        #expect(failures.contains { $0.hasPrefix("the page shows no step (no data-step on <html>)") }, "\(failures)")
    }

    @Test func anAddressOfAStepOpensThePageAtIt() throws {
        try BrowserCheck.expect("opens_at_step", page: passed, "3")
        try BrowserCheck.expect("opens_at_step", page: failedJapanese, "2")
    }

    @Test func boxColumnsLineUpWithDoubleWidthText() throws {
        try BrowserCheck.expect("box_columns_line_up", page: failedJapanese)
        try BrowserCheck.expect("box_columns_line_up", page: passed)
    }

    @Test func aDoubleWidthCharacterNotGivenTwoCellsMovesTheColumns() throws {
        // The frames' runs of wide characters lose their class "w": each is drawn as the font
        // draws it, not in two cells.
        let page = try broken(failedJapanese, [("[\"w\", ", "[\"\", "), ("[\"w ", "[\"")])
        let failures = try BrowserCheck.run("box_columns_line_up", page: page).failures
        #expect(failures.contains { $0.hasPrefix("step 0, row 3: │ of column 37 is at x ") }, "\(failures)")
    }

    @Test func aFailedRunShowsItsFailure() throws {
        try BrowserCheck.expect("all_passed", page: passed)
        let onPassed = try BrowserCheck.run("failure_shown", page: passed, ["8"]).failures
        #expect(onPassed == ["no #failure on the page", "the steps marked failed are at lines [], not [8]"])
        // Two checks in one browser: each failure is named by the check that found it.
        let onFailed = try BrowserCheck.run("failure_shown", page: failedJapanese, ["8", "購入済み", "--and", "all_passed"])
        #expect(onFailed.check == "failure_shown + all_passed")
        #expect(onFailed.failures == ["all_passed: a passed run's page shows #failure",
                                      "all_passed: steps of a passed run not passed or done: ['step 4: failed']"])
    }
}
