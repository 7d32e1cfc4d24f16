import Foundation
import Testing

/// Pages recorded by the built binary (`storefront record FILE --html OUT.html`) opened in
/// headless Chromium, with the checks of Tests/Browser/walkthrough_page.py: a shipped English
/// walkthrough, and a Japanese one that fails. Each page is checked in one browser launch.
@Suite(.browser, .serialized, .ownThreads)
final class RecordedWalkthroughPageTests {
    let cli = BinaryRunner()

    deinit {
        cli.cleanUp()
    }

    /// Records `walkthrough` as a page in the test's directory; the command exits `status`.
    private func record(_ walkthrough: URL, status: Int32 = 0, sourceLocation: SourceLocation = #_sourceLocation) throws -> URL {
        try FileManager.default.createDirectory(at: cli.dataDirectory, withIntermediateDirectories: true)
        let page = cli.dataDirectory.appendingPathComponent(walkthrough.deletingPathExtension().lastPathComponent + ".html")
        let result = try cli.run(arguments: ["record", walkthrough.path, "--html", page.path])
        #expect(result.status == status, "\(result.summary)", sourceLocation: sourceLocation)
        return page
    }

    /// The line numbers of the file's steps: every line but blank ones and comments.
    private static func stepLines(_ text: String) -> [String] {
        text.components(separatedBy: "\n").enumerated().compactMap { index, line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            return trimmed.isEmpty || trimmed.hasPrefix("#") ? nil : String(index + 1)
        }
    }

    /// Each `expect screen "TEXT"` of the file, by its line number.
    private static func expectedScreens(_ text: String) -> [(line: String, text: String)] {
        text.components(separatedBy: "\n").enumerated().compactMap { index, line in
            guard let match = line.firstMatch(of: /^\s*expect screen "(.*)"\s*$/) else { return nil }
            return (line: String(index + 1), text: String(match.1))
        }
    }

    /// The page's step of each line of the file, from its step list.
    private static func steps(ofLinesIn html: String) -> [String: String] {
        var steps: [String: String] = [:]
        for match in html.matches(of: /<li class="step" id="step-(\d+)" data-step="\d+" data-line="(\d+)"/) {
            steps[String(match.2)] = String(match.1)
        }
        return steps
    }

    @Test func aShippedWalkthroughsPageShowsWhatItExpectedAndPlays() throws {
        let walkthrough = BrowserCheck.root.appendingPathComponent("assets/walkthroughs/credit-packs.walk")
        let text = try String(contentsOf: walkthrough, encoding: .utf8)
        let page = try record(walkthrough)
        let steps = Self.steps(ofLinesIn: try String(contentsOf: page, encoding: .utf8))
        let expected = Self.expectedScreens(text)
        #expect(expected.count == 4, "credit-packs.walk's expect screen lines: \(expected)")
        var shows = ["frame_shows"]
        for (line, screen) in expected {
            let step = try #require(steps[line], "no step of line \(line) on the page")
            shows += [step, screen]
        }
        // The sheet with its quantity, for the screenshot a person looks at.
        let sheet = try #require(expected.first)
        let sheetStep = try #require(steps[sheet.line])
        try BrowserCheck.expect(all: [
            ["contract", "en"],
            ["all_passed"],
            ["steps_listed"] + Self.stepLines(text),
            shows,
            ["opens_at_step", sheetStep],
            ["player"],
            ["prints"] + expected.map(\.text),
            ["frame_shows", sheetStep, sheet.text],
        ], page: page, screenshot: "walkthrough-page.png")
    }

    @Test func aJapaneseWalkthroughsBoxesLineUpAndItsFailureIsShown() throws {
        try FileManager.default.createDirectory(at: cli.dataDirectory, withIntermediateDirectories: true)
        let walkthrough = cli.dataDirectory.appendingPathComponent("japanese-credits.walk")
        try Data("""
            set locale ja_JP
            set storefront JPN
            caption "Three packs on the Japanese storefront"
            open "5 Monkey Credits"
            quantity 3
            expect credits 1

            """.utf8).write(to: walkthrough)
        let page = try record(walkthrough, status: 4)
        try BrowserCheck.expect(all: [
            ["contract", "ja"],
            ["frame_shows", "5", "¥480"],
            ["box_columns_line_up"],
            ["failure_shown", "6", "6行目"],
            ["prints", "¥480"],
        ], page: page)
    }
}
