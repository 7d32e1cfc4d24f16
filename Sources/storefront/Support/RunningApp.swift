import Foundation
import SampleApp
import StoreKitSim
import StorefrontUI
import Wording

/// The sample app running for a command, holding the app lock: every engine call's events go
/// to the app, and what the app sees is printed as it happens (silent with --json).
final class RunningApp {
    let app: SampleApp
    let session: Session
    private let lock: AppLock
    private let log: EventLog

    init(app: SampleApp, lock: AppLock, session: Session, log: EventLog) {
        self.app = app
        self.lock = lock
        self.session = session
        self.log = log
    }

    var queue: PaymentQueue { session.queue }

    /// What the app saw and did, printed.
    func take(_ events: [AppEvent]) {
        for event in events { log.print(event) }
    }

    /// Hands the queue's events to the app.
    func receive(_ events: [PaymentQueueEvent]) {
        take(app.receive(events))
    }

    /// With hold on, the store waits for the side button after a purchase is confirmed or a
    /// restore asked for: a person presses Enter, a script sends a line on stdin. Returns
    /// false when stdin ended first: then what waited is cancelled, as a dismissed sheet.
    func pressSideButton() throws -> Bool {
        guard queue.awaitingSideButton != nil else { return true }
        let how = isatty(STDIN_FILENO) == 1 ? "press Enter" : "waiting for a line on stdin"
        printError("hold is on. \(Strings.english.sheet.sideButton) — \(how).")
        if readLine() != nil {
            receive(try queue.confirmWithSideButton())
            return true
        }
        receive(try queue.cancelSideButtonConfirmation())
        printError("stdin ended before the side button was pressed, so it was cancelled.",
                   remedy: "Press Enter when asked, send a line (`echo | \(CommandLineHint.command("…"))`), or turn hold off (`\(CommandLineHint.command("set hold off"))`).")
        return false
    }

    /// Lets the store work until `isDone`, the app taking what comes. Gives up when the store
    /// has no answer left to give.
    func wait(until isDone: () -> Bool) throws {
        while !isDone() {
            guard let due = queue.answerDueDate else { return }
            receive(try session.pass(until: due))
        }
    }
}
