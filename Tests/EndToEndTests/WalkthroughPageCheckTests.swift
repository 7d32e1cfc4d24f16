import Foundation
import Testing

/// The checks of a walkthrough's page (Tests/Browser/walkthrough_page.py), each on the
/// hand-written pages in Tests/Browser/fixtures/ that keep to the page's contract: a passed
/// English walkthrough, and a failed Japanese one. Each check passes on them and fails on a page
/// that breaks what it checks, so the same checks can be pointed at a recorded page. The checks
/// of one page run in one browser (a launch is most of a check's time), each failure named by
/// its check.
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

    /// The contract; each step's frame, caption and line; boxes in their columns; every step
    /// passed; the player (steps, jumps, speeds, plays, stops at the end and stays there); and
    /// `#step-3` opening the page at step 3, last, as it opens the page again.
    @Test func thePassedEnglishPagePassesEveryCheck() throws {
        try BrowserCheck.expect(all: [
            ["contract", "en"],
            ["steps_listed", "4", "5", "6", "8"],
            ["caption_shows", "0", "opens on its free content", "2", "purchase sheet"],
            ["frame_shows", "0", "Quotes & Credits", "2", "Premium content", "3", "Purchased"],
            ["box_columns_line_up"],
            ["all_passed"],
            ["player"],
            ["opens_at_step", "3"],
        ], page: passed)
    }

    /// The contract in Japanese, a frame, double-width text in its columns, the failure shown,
    /// and `#step-2` opening the page there.
    @Test func theFailedJapanesePagePassesEveryCheck() throws {
        try BrowserCheck.expect(all: [
            ["contract", "ja"],
            ["frame_shows", "4", "購入できません"],
            ["box_columns_line_up"],
            ["failure_shown", "8", "購入済み"],
            ["opens_at_step", "2"],
        ], page: failedJapanese)
    }

    /// Each check, asked for what the page does not hold, fails with what it found instead, in
    /// its own name.
    @Test func eachCheckFailsWhatThePageDoesNotHold() throws {
        let onPassed = try BrowserCheck.run("frame_shows", page: passed, ["1", "Purchased", "--and", "steps_listed", "4", "5", "6", "9",
                                                                          "--and", "failure_shown", "8"])
        #expect(onPassed.check == "frame_shows + steps_listed + failure_shown")
        #expect(onPassed.failures.count == 4, "\(onPassed.failures)")
        #expect(onPassed.failures.first?.hasPrefix("frame_shows: step 1's frame does not show 'Purchased'") == true, "\(onPassed.failures)")
        #expect(Array(onPassed.failures.dropFirst()) == ["steps_listed: the steps' lines are ['4', '5', '6', '8'], not ['4', '5', '6', '9']",
                                                         "failure_shown: no #failure on the page",
                                                         "failure_shown: the steps marked failed are at lines [], not [8]"])
        let onFailed = try BrowserCheck.run("all_passed", page: failedJapanese)
        #expect(onFailed.failures == ["a passed run's page shows #failure", "steps of a passed run not passed or done: ['step 4: failed']"])
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

    @Test func aStepThePageCannotShowFails() throws {
        // The frames end before the last step: the page stays at step 3 when asked for step 4.
        let page = try broken(passed, [(",\n{\"delay\": 600, \"caption\": \"The screen says Purchased.\", \"rows\": {}}", "")])
        let failures = try BrowserCheck.run("frame_shows", page: page, ["4", "Purchased", "--wait-ms", "2000"]).failures
        #expect(failures == ["the page never showed step 4: it shows step 3"])
    }

    @Test func aPlayerWhoseScriptDoesNotRunFails() throws {
        let page = try broken(passed, [("script-src 'sha256-", "script-src 'sha256-0")])
        let failures = try BrowserCheck.run("player", page: page).failures
        #expect(failures.contains { $0.hasPrefix("the page shows no step (no data-step on <html>)") }, "\(failures)")
    }

    @Test func aDoubleWidthCharacterNotGivenTwoCellsMovesTheColumns() throws {
        // The frames' runs of wide characters lose their class "w": each is drawn as the font
        // draws it, not in two cells.
        let page = try broken(failedJapanese, [("[\"w\", ", "[\"\", "), ("[\"w ", "[\"")])
        let failures = try BrowserCheck.run("box_columns_line_up", page: page).failures
        #expect(failures.contains { $0.hasPrefix("step 0, row 3: │ of column 37 is at x ") }, "\(failures)")
    }
}
