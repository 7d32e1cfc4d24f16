import DataFiles
import Foundation
import SampleApp
import StoreKitSim

/// Says on stderr how far a store that was behind has got (a fast rate left running, a long
/// advance), once its catch-up has taken more than a second: a line a second while it goes
/// on, and one when it is done. A catch-up shorter than that says nothing.
final class CatchUpReporter {
    /// How long a catch-up goes on before it is said: a second, or the milliseconds in
    /// `STOREFRONT_CATCH_UP_QUIET_MS` (0: every catch-up, as the tests have it, whatever the
    /// machine's speed).
    let quietFor: Duration

    init(environment: [String: String] = ProcessEnvironment.variables) {
        quietFor = environment["STOREFRONT_CATCH_UP_QUIET_MS"].flatMap { Int($0) }.map { .milliseconds(max(0, $0)) } ?? .seconds(1)
    }
    /// The least time between two lines.
    static let interval: Duration = .seconds(1)

    /// Made at the first line: reading the time zone is a million instructions at every start
    /// of a command, and most never catch up.
    private lazy var times = TimeDisplay()
    private var started: ContinuousClock.Instant?
    private var lastLine: ContinuousClock.Instant?

    func report(_ catchUp: PaymentQueue.CatchUp) {
        let now = ContinuousClock.now
        let started = self.started ?? now
        self.started = catchUp.isDone ? nil : started
        if catchUp.isDone {
            defer { lastLine = nil }
            guard lastLine != nil else { return }
            let elapsed = now - started
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            printProgress(CatchUpText.done(catchUp, seconds: seconds, times: times))
            return
        }
        guard now - started >= quietFor, lastLine.map({ now - $0 >= Self.interval }) ?? true else { return }
        lastLine = now
        printProgress(CatchUpText.progress(catchUp, times: times))
    }

    private func printProgress(_ line: String) {
        fflush(nil)
        var stderr = StandardError()
        print(line, to: &stderr)
    }
}
