import DataFiles
import Foundation
import AppStoreCore
import Wording

/// One line per app event, shared by the command line (in English) and the storefront's log.
extension AppEvent {
    /// `times`: how a date in the line (a subscription's expiry) is shown; `errors`: how a
    /// problem's error reads where the line is shown.
    public func text(app: AppDescription, times: TimeDisplay = TimeDisplay(), strings: Strings = .english,
                     errors: (any Error) -> String) -> String {
        let log = strings.log
        switch self {
        case .updated(let t, let redelivered, let cancelledAtLaunch):
            var line = "\(t.id) \(log.state(t.queueState.state))  \(t.item(named: t.productID))"
            if let error = t.queueState.error { line += "  \(strings.label(of: error)): \(strings.errors.description(error))" }
            if let note = t.note(atLaunch: redelivered, cancelledAtLaunch: cancelledAtLaunch, strings: strings) {
                line += "  (\(note))"
            }
            return line
        case .delivered(let t, let delivery):
            return log.delivered(t.id, delivery.text(app: app, times: times, strings: strings))
        case .finished(let t):
            return log.finished(t.id)
        case .alreadyDelivered(let t):
            return log.alreadyDelivered(t.id)
        case .revokedBeforeDelivery(let t):
            return log.revokedBeforeDelivery(t.id)
        case .notDelivered(let t, let error):
            return log.notDelivered(t.id, "\(strings.label(of: error)): \(strings.errors.description(error))")
        case .planChanged(let change):
            let date = times.dateTime(change.date)
            return change.callsOff ? log.planChangeCalledOff(change.productID, date)
                : log.planChangeScheduled(change.productID, date, change.currentProductID)
        case .restoreFinished:
            return log.restoreFinished
        case .restoreFailed(let error):
            return log.restoreFailed("\(strings.label(of: error)): \(strings.errors.description(error))")
        case .subscriptionStatusFailed(let error):
            return log.subscriptionStatusFailed("\(strings.label(of: error)): \(strings.errors.description(error))")
        case .consumed(let consumption):
            return consumption.text(strings: strings)
        case .problem(let problem):
            return log.problem(errors(problem.error))
        case .promoted(let intent):
            return log.promoted(intent.productID)
        case .revoked(let t, let takeBack):
            let end = takeBack.text(app: app, strings: strings)
            return t.revocationType == .familyRevoke ? strings.family.revoked(t.id, end) : log.refunded(t.id, end)
        case .deleted(let d, let takeBack):
            return log.deleted(d.id, takeBack.text(app: app, strings: strings))
        case .corrected(let correction):
            return log.corrected(correction.key, correction.claimedText, correction.signedText(strings))
        case .appTransactionFailed(let error):
            return log.appTransactionFailed("\(strings.label(of: error)): \(strings.errors.description(error))")
        }
    }
}

extension Delivery {
    public func text(app: AppDescription, times: TimeDisplay = TimeDisplay(), strings: Strings = .english) -> String {
        switch self {
        case .unlocked(let id):
            let count = app.unlocksPremium(id) ? app.content.premium?.items.count ?? 0 : 0
            return count > 0 ? strings.log.unlockedItems(id, count) : "\(id) = true"
        case .credits(let added, let balance):
            return strings.log.creditsDelivered(added, balance)
        case .units(let id, let added, let balance):
            return "\(id) " + strings.log.unitsDelivered(added, balance)
        case .subscription(let id, let expires):
            return strings.log.activeUntil(id, times.dateTime(expires))
        }
    }
}

extension TakeBack {
    public func text(app: AppDescription, strings: Strings = .english) -> String {
        switch self {
        case .locked(let id):
            let count = app.unlocksPremium(id) ? app.content.premium?.items.count ?? 0 : 0
            return count > 0 ? strings.log.lockedItems(id, count) : "\(id) = false"
        case .credits(let taken, let balance):
            return strings.log.creditsTakenBack(taken, balance)
        case .units(let id, let taken, let balance):
            return "\(id) " + strings.log.unitsTakenBack(taken, balance)
        case .ended(let id):
            return strings.log.accessEnded(id)
        case .pastPeriod(let id):
            return strings.log.pastPeriod(id)
        }
    }

    /// The banner's end: "locked again", "5 credits taken back", "ended", "a past period, access unchanged".
    public func bannerEnd(strings: Strings = .english) -> String {
        switch self {
        case .locked: strings.log.lockedAgain
        case .credits(let taken, _): strings.log.creditsTakenBackShort(taken)
        case .units(_, let taken, _): strings.log.unitsTakenBackShort(taken)
        case .ended: strings.log.endedShort
        case .pastPeriod: strings.log.pastPeriodShort
        }
    }
}

extension ClaimCorrection {
    /// The claimed value as the file holds it: `true`, `500`, a date.
    public var claimedText: String { Self.text(claimed) }

    /// What the signed transactions say: the value, or that they give none.
    public func signedText(_ strings: Strings = .english) -> String {
        signed.map(Self.text) ?? strings.log.noneSigned
    }

    private static func text(_ value: JSONValue) -> String {
        value.stringValue ?? (try? JSONCoding.line(value)) ?? ""
    }
}
