import Foundation
import StoreKitSim

/// One line per app event, shared by the command line and the storefront's log.
extension AppEvent {
    /// `times`: how a date in the line (a subscription's expiry) is shown; `errors`: how a
    /// problem's error reads where the line is shown.
    public func text(app: AppDescription, times: TimeDisplay = TimeDisplay(), errors: (any Error) -> String) -> String {
        switch self {
        case .updated(let t, let redelivered, let cancelledAtLaunch):
            var line = "\(t.id) \(t.state.rawValue)  \(t.item(named: t.productID))"
            if let error = t.error { line += "  \(error.logLabel): \(error.message)" }
            if let note = t.note(atLaunch: redelivered, cancelledAtLaunch: cancelledAtLaunch) { line += "  (\(note))" }
            return line
        case .delivered(let t, let delivery):
            return "\(t.id) delivered  \(delivery.text(app: app, times: times))"
        case .finished(let t):
            return "\(t.id) finished"
        case .alreadyDelivered(let t):
            return "\(t.id) already delivered before the app stopped: not delivered again"
        case .restoreFinished:
            return "restore finished"
        case .restoreFailed(let error):
            return "restore failed  \(error.logLabel): \(error.message)"
        case .spent(let remaining):
            return "spent 1 credit  (balance \(remaining))"
        case .problem(let problem):
            return "problem: \(errors(problem.error))"
        }
    }
}

extension Delivery {
    public func text(app: AppDescription, times: TimeDisplay = TimeDisplay()) -> String {
        switch self {
        case .unlocked(let id):
            let count = app.unlocksPremium(id) ? app.content.premium?.items.count ?? 0 : 0
            return count > 0 ? "\(id) = true (\(count) premium items unlocked)" : "\(id) = true"
        case .credits(let added, let balance):
            return "+\(added) credits (balance \(balance))"
        case .units(let id, let added, let balance):
            return "\(id) +\(added) (balance \(balance))"
        case .subscription(let id, let expires):
            return "\(id) active until \(times.dateTime(expires))"
        }
    }
}
