import Foundation
import SampleApp
import AppStoreCore
import StoreKitSim

/// How a failure is told: the engine's refusal as an alert; anything else (a data file
/// broken, a request answered elsewhere) in the log, and in an alert too when the user was
/// doing something. In the background a problem that lasts (a broken file met at every tick)
/// is logged once, and one that goes and comes back is news again.
extension AppState {
    mutating func parts(ofFailure problem: AppProblem, whileUserActing: Bool, at date: Date) -> [Action] {
        if let error = problem.error as? StoreError { return [.refused(error)] }
        let logged = Action.event(.problem(problem), at: date)
        if whileUserActing { return [logged, .dataFileProblem(problem)] }
        // Told apart by their English words, whatever the screen's language.
        let words = ErrorText.of(problem.error, in: .english)
        problemsThisTick.insert(words)
        return reportedProblems.insert(words).inserted ? [logged] : []
    }

    /// At a tick: a background problem this tick did not meet is over, so should it come
    /// back, it is news again.
    mutating func forgetProblemsNotMet() {
        reportedProblems.formIntersection(problemsThisTick)
        problemsThisTick = []
    }
}
