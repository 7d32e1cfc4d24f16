import ArgumentParser
import CursesTerminal
import Foundation
import StorefrontUI
import Walkthroughs

struct PlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Play a walkthrough in the storefront at a human pace: a live demo that runs itself.",
        discussion: """
            The storefront opens on a fresh data directory of its own, from 2030-01-01 09:00 UTC, and the \
            walkthrough drives it: each key shown as it is pressed, captions in the band under the storefront. \
            Space pauses and resumes; while paused your keys drive the storefront (Space hands it back); → lets \
            one step run and pauses again; q stops. At the end the storefront stays yours until q. Then a line \
            says how it went, with a line per expectation that did not hold (exit 4). The storefront and the \
            band need a window of \(Stage.minimumWidth)×\(Stage.minimumHeight) or more: in a smaller one the \
            walkthrough waits, its time stopped, until the window is large enough again.
            """)

    @OptionGroup var options: WalkthroughOptions

    @Argument(help: ArgumentHelp("The walkthrough file.", valueName: "file"))
    var file: String

    @Option(help: ArgumentHelp("How much faster than the walkthrough's pace to play: 0.5 is half as fast, 2 twice as fast (0.1 to 100).", valueName: "n"))
    var speed = 1.0

    @Flag(help: "Quit when the walkthrough ends instead of handing the storefront over.")
    var quitAtEnd = false

    func validate() throws {
        try options.refuseDataDir(command: "play")
        guard speed.isFinite, (0.1...100).contains(speed) else {
            throw ValidationError("--speed takes a number from 0.1 to 100 (1 is the walkthrough's own pace), not \(speed).")
        }
    }

    func run() throws {
        let catalog = try CatalogAndApp(catalog: options.catalog)
        let walkthrough = try WalkthroughFiles.parse([file], catalog: catalog, json: false)[0]
        let (speed, quitAtEnd) = (speed, quitAtEnd)
        let result = try MainActor.assumeIsolated { () throws -> WalkthroughResult in
            let terminal = try StorefrontApp.openTerminal()
            defer { terminal.close() }
            var runner = WalkthroughRunner(catalog: catalog.catalog, app: catalog.app)
            runner.width = terminal.size.width
            runner.height = max(0, terminal.size.height - CaptionBand.height)
            let player = WalkthroughPlayer(terminal: terminal, speed: speed)
            let result = runner.run(walkthrough, presenter: player)
            // The storefront is the presenter's until q, unless it never opened.
            if !quitAtEnd, !player.isStopped, result.stepsRun > 0 { player.end() }
            return result
        }
        let outcome = result.stopped ? "stopped after step \(result.stepsRun)"
            : result.passed ? "every expectation held" : "\(result.failures.count) failed"
        printLine("Played \(file): \(outcome)")
        for failure in result.failures { printLine(failure.summary(file: file)) }
        if !result.passed { throw ExitCode.failed }
    }
}
