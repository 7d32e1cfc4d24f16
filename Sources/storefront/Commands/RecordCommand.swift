import ArgumentParser
import CursesTerminal
import Foundation
import StorefrontUI
import Walkthroughs

struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record a walkthrough, played at a human pace, as an asciicast, as text or as a page to share.",
        discussion: """
            The walkthrough runs without a terminal, on a fresh data directory of its own, from \
            2030-01-01 09:00 UTC, at the pace `play` shows it: --cast writes an asciicast v2 recording that \
            asciinema plays (a marker at each step, named by its caption or its text), --text the screen after \
            each step, --html one self-contained HTML page that works offline: the steps with their lines and \
            what each expectation checked, the screen after each step, and a player at the walkthrough's pace \
            (Space, ← →, + −; #step-N opens a step). The caption band takes the last two rows. With \
            STOREFRONT_ASCII=1 the screens are drawn in ASCII, as the storefront draws them then. Recording twice \
            gives the same bytes. \
            Exits 4 when an expectation did not hold (the files are written all the same), 73 when a file \
            cannot be written.
            """)

    @OptionGroup var options: WalkthroughOptions

    @Argument(help: ArgumentHelp("The walkthrough file.", valueName: "file"))
    var file: String

    @Option(help: ArgumentHelp("Write the asciicast v2 recording here.", valueName: "out.cast"))
    var cast: String?

    @Option(help: ArgumentHelp("Write the screen after each step here, as plain text.", valueName: "out.txt"))
    var text: String?

    @Option(help: ArgumentHelp("Write the walkthrough as one HTML page with a player here.", valueName: "out.html"))
    var html: String?

    @Option(help: ArgumentHelp("The recording's columns and rows, the caption band's two included.", valueName: "WxH"))
    var size = "100x30"

    @Option(help: ArgumentHelp("The recording's title (default: the file's name).", valueName: "text"))
    var title: String?

    func validate() throws {
        try options.refuseDataDir(command: "record")
        if cast == nil, text == nil, html == nil {
            throw ValidationError("record writes --cast OUT.cast, --text OUT.txt, --html OUT.html or several: give one.")
        }
        if cast?.isEmpty == true || text?.isEmpty == true || html?.isEmpty == true {
            throw ValidationError("--cast, --text and --html take a file to write.")
        }
        _ = try Self.dimensions(size)
    }

    /// `100x30`: at least the storefront's smallest screen with the band under it.
    static func dimensions(_ text: String) throws -> (width: Int, height: Int) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        let minimum = (Stage.minimumWidth, Stage.minimumHeight)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
              (minimum.0...500).contains(width), (minimum.1...200).contains(height) else {
            throw ValidationError("--size takes columns x rows from \(minimum.0)x\(minimum.1) to 500x200, e.g. 100x30, not \"\(text)\".")
        }
        return (width, height)
    }

    func run() throws {
        let catalog = try CatalogAndApp(catalog: options.catalog)
        let walkthrough = try WalkthroughFiles.parse([file], catalog: catalog, json: false)[0]
        var runner = WalkthroughRunner(catalog: catalog.catalog, app: catalog.app)
        let (width, height) = try Self.dimensions(size)
        runner.width = width
        runner.height = height - CaptionBand.height
        runner.ascii = Terminal.asciiRequested ? .requested : nil
        let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        let recorder = CastRecorder(title: title ?? "storefront: \(name)")
        let result = runner.run(walkthrough, presenter: recorder)
        if let cast { try WalkthroughFiles.write(recorder.cast, to: cast, what: "the recording") }
        if let text { try WalkthroughFiles.write(recorder.transcript, to: text, what: "the screens") }
        if let html {
            let page = WalkthroughPage(walkthrough: walkthrough, recording: recorder.recording, result: result)
            try WalkthroughFiles.write(page.html, to: html, what: "the page")
        }
        let outputs = [cast, text, html].compactMap { $0 }.joined(separator: " and ")
        printLine("Recorded \(file): \(result.stepsRun) steps, \(String(format: "%.1f", recorder.duration)) s → \(outputs)")
        for failure in result.failures { printLine(failure.summary(file: file)) }
        if !result.passed { throw ExitCode.failed }
    }
}
