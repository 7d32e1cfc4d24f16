import ArgumentParser
import Foundation
import StorefrontUI
import Walkthroughs

struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record a walkthrough, played at a human pace, as an asciicast and as text.",
        discussion: """
            The walkthrough runs without a terminal, on a fresh data directory of its own, from \
            2030-01-01 09:00 UTC, at the pace `play` shows it: --cast writes an asciicast v2 recording that \
            asciinema plays (a marker at each step, named by its caption or its text), --text the screen after \
            each step. The caption band takes the last two rows. Recording twice gives the same bytes. \
            Exits 4 when an expectation did not hold (the files are written all the same).
            """)

    @OptionGroup var options: WalkthroughOptions

    @Argument(help: ArgumentHelp("The walkthrough file.", valueName: "file"))
    var file: String

    @Option(help: ArgumentHelp("Write the asciicast v2 recording here.", valueName: "out.cast"))
    var cast: String?

    @Option(help: ArgumentHelp("Write the screen after each step here, as plain text.", valueName: "out.txt"))
    var text: String?

    @Option(help: ArgumentHelp("The recording's columns and rows, the caption band's two included.", valueName: "WxH"))
    var size = "100x30"

    @Option(help: ArgumentHelp("The recording's title (default: the file's name).", valueName: "text"))
    var title: String?

    func validate() throws {
        try options.refuseDataDir(command: "record")
        if cast == nil, text == nil { throw ValidationError("record writes --cast OUT.cast, --text OUT.txt or both: give one.") }
        if cast?.isEmpty == true || text?.isEmpty == true { throw ValidationError("--cast and --text take a file to write.") }
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
        let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        let recorder = CastRecorder(title: title ?? "storefront: \(name)")
        let result = runner.run(walkthrough, presenter: recorder)
        if let cast { try WalkthroughFiles.write(recorder.cast, to: cast, what: "the recording") }
        if let text { try WalkthroughFiles.write(recorder.transcript, to: text, what: "the screens") }
        let outputs = [cast, text].compactMap { $0 }.joined(separator: " and ")
        printLine("Recorded \(file): \(result.stepsRun) steps, \(String(format: "%.1f", recorder.duration)) s → \(outputs)")
        for failure in result.failures { printLine(failure.summary(file: file)) }
        if !result.passed { throw ExitCode.failed }
    }
}
