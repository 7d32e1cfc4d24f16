import Foundation
import Testing

/// The pages read as a person reads them, in headless Chromium (Tests/Browser): what an
/// expectation checked keeps its spaces, a jump to a step keeps the screen in view, a failed
/// run's page leads to its failure, a focused control keeps its keys, the screen's cells stay
/// in the terminal's order, a screen reader skips the rules and hears which step the slider is
/// on, and the matrix's panel opens in view.
@Suite(.browser, .serialized, .ownThreads)
final class PageReadingTests {
    let cli = BinaryRunner()

    deinit { cli.cleanUp() }

    /// 24 steps, failing at the fifth, a caption in Hebrew and two `expect screen` lines with a
    /// run of spaces: one that holds, one that does not.
    static let long = """
        # A long walkthrough that fails in its middle, with a caption in Hebrew.
        caption "שלום abc עולם"
        open "5 Monkey Credits"
        quantity 3
        expect screen "Total     $2.97"
        expect screen "Total     $9.99"
        press "Buy"
        press "OK"
        expect credits 15
        open "Your credits"
        press "Spend 1"
        expect credits 14
        key Esc

        caption "Consumables never come back with a restore"
        delete app data
        expect credits 0
        restore
        expect screen "Not restored"
        key Enter
        expect credits 0
        expect queue empty
        open "5 Monkey Credits"
        press "Buy"
        press "OK"
        expect credits 5
        """

    @Test func aRecordedPageReadsAsItShould() throws {
        try FileManager.default.createDirectory(at: cli.dataDirectory, withIntermediateDirectories: true)
        let walkthrough = cli.dataDirectory.appendingPathComponent("long.walk")
        try cli.write(Self.long, to: walkthrough)
        let page = cli.dataDirectory.appendingPathComponent("long.html")
        let result = try cli.run(arguments: ["record", walkthrough.path, "--html", page.path])
        #expect(result.status == 4, "\(result.summary)")
        try BrowserCheck.expect(all: [
            ["keeps_spaces", "Total     $9.99"],
            ["opens_at_failure"],
            ["keys_leave_controls_alone"],
            ["cells_in_order", "1", "שלום abc עולם"],
            ["screen_reader_text", "2"],
            ["jump_keeps_screen_in_view", "1280x800", "1366x768"],
        ], page: page, screenshot: "long-walkthrough-page.png")
    }

    @Test func theMatrixPanelOpensInView() throws {
        try FileManager.default.createDirectory(at: cli.dataDirectory, withIntermediateDirectories: true)
        let matrix = BrowserCheck.root.appendingPathComponent("assets/walkthroughs/purchase-matrix.walk")
        let page = cli.dataDirectory.appendingPathComponent("matrix.html")
        let result = try cli.run(arguments: ["test", "--matrix", matrix.path, "--html", page.path])
        #expect(result.status == 0, "\(result.summary)")
        try BrowserCheck.expect("matrix_panel_in_view", page: page, "1366x768", screenshot: "matrix-panel.png")
    }
}
