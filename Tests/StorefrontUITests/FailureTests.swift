import DataFiles
import Foundation
import SampleApp
import AppStoreCore
import StoreKitSim
import Testing
@testable import StorefrontUI

/// How `update` tells a failure the runtime reports (`Action.failed`): the whole change each
/// report makes, so the policy (alert or log, a lasting problem logged once) is stated here.
@Suite struct FailureTests {
    private static let broken = AppProblem(DataFileError(path: "/home/me/.storefront/UserDefaults.json", location: "line 1, column 13",
                                                         problem: "not valid JSON (Unexpected end of file)", remedy: .resetApp(.editFile)))

    private static func logLine(at date: Date) -> LogLine {
        LogLine(date: date, text: "problem: " + ErrorText.of(broken.error, in: .english), tint: .danger)
    }

    /// A file broken for good is met at every tick: the log says so once, not at every tick,
    /// and says so again only once it went away and came back.
    @Test func aLastingBackgroundProblemIsLoggedOnce() throws {
        let ui = try UITestHarness()
        let words = ErrorText.of(Self.broken.error, in: .english)
        let now = ui.state.now
        var store = TestStore(ui.state)
        store.receive(.failed(Self.broken, whileUserActing: false, at: now), "news: logged, in no alert") {
            $0.log.append(Self.logLine(at: now))
            $0.reportedProblems = [words]
            $0.problemsThisTick = [words]
        }
        store.send(.tick(now + 1), "the tick that met it ends") {
            $0.now = now + 1
            $0.problemsThisTick = []
        }
        store.receive(.failed(Self.broken, whileUserActing: false, at: now + 2), "met again at the next tick: already told") {
            $0.problemsThisTick = [words]
        }
        store.send(.tick(now + 2)) {
            $0.now = now + 2
            $0.problemsThisTick = []
        }
        store.send(.tick(now + 3), "a tick that did not meet it: it is over") {
            $0.now = now + 3
            $0.reportedProblems = []
        }
        store.receive(.failed(Self.broken, whileUserActing: false, at: now + 4), "back again: news again") {
            $0.log.append(Self.logLine(at: now + 4))
            $0.reportedProblems = [words]
            $0.problemsThisTick = [words]
        }
    }

    /// A walkthrough's step between two ticks is no tick: a problem it did not meet still stands.
    @Test func aStepBetweenTicksDoesNotEndAProblem() throws {
        let ui = try UITestHarness()
        let words = ErrorText.of(Self.broken.error, in: .english)
        let now = ui.state.now
        var store = TestStore(ui.state)
        store.receive(.failed(Self.broken, whileUserActing: false, at: now)) {
            $0.log.append(Self.logLine(at: now))
            $0.reportedProblems = [words]
            $0.problemsThisTick = [words]
        }
        store.send(.stepDone(at: now + 1)) { $0.now = now + 1 }
        store.send(.tick(now + 2), "the window ends at the tick, which the problem was met in") {
            $0.now = now + 2
            $0.problemsThisTick = []
        }
    }

    /// What the user did failed: the log and an alert, each time, and the background's
    /// bookkeeping is untouched.
    @Test func aProblemWhileTheUserActsIsLoggedAndAlertedEachTime() throws {
        let ui = try UITestHarness()
        let now = ui.state.now
        let alert = Alert(kind: .failure, title: "Cannot Use the Data Files", message: ErrorText.of(Self.broken.error, in: .english))
        var store = TestStore(ui.state)
        store.receive(.failed(Self.broken, whileUserActing: true, at: now)) {
            $0.log.append(Self.logLine(at: now))
            $0.mode = .alert(alert)
        }
        store.send(.key(.enter)) { $0.mode = .store }
        store.receive(.failed(Self.broken, whileUserActing: true, at: now), "told again") {
            $0.log.append(Self.logLine(at: now))
            $0.mode = .alert(alert)
        }
    }

    /// The engine's refusal is the app's answer to the user, in the background too: an alert,
    /// and no log line.
    @Test func anEngineRefusalIsAnAlertWhereverItCameFrom() throws {
        let ui = try UITestHarness()
        let refusal = StoreError(.paymentNotAllowed)
        for whileUserActing in [true, false] {
            var store = TestStore(ui.state)
            store.receive(.failed(AppProblem(refusal), whileUserActing: whileUserActing, at: ui.state.now)) {
                $0.mode = .alert($0.failure("Cannot Complete Purchase", refusal))
            }
        }
    }
}
