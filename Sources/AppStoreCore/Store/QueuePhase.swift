import Foundation

/// Where a transaction waits in the payment queue, and for whom: set by the store's rules at
/// each step, read by everyone else. A transaction that waits for nobody (bought, failed,
/// restored, or a request the store dropped) has none.
public enum QueuePhase: String, Codable, Sendable, CaseIterable {
    /// Purchasing: the purchase sheet is open, waiting for the user to tap Buy or Cancel.
    case sheetOpen
    /// Purchasing: the user tapped Buy with hold on; the sheet waits for the side button
    /// before the store hears of it.
    case held
    /// Purchasing: confirmed, waiting for the store's answer (`Transaction.dueDate`).
    case waitingForStore
    /// Deferred: an Ask to Buy request waiting for a parent's approval.
    case deferred
    /// Failed by an interruption the user can still resolve.
    case interrupted

    /// The state a transaction in this phase is in.
    public var state: TransactionState {
        switch self {
        case .sheetOpen, .held, .waitingForStore: .purchasing
        case .deferred: .deferred
        case .interrupted: .failed
        }
    }

    /// The purchase sheet is on the screen of the app that added the payment (Buy not tapped,
    /// or the side button not pressed yet): only that run shows it, so it closes with it.
    public var isOnScreen: Bool { self == .sheetOpen || self == .held }

    /// Whether a transaction in `state`, finished or not, can be in `phase`: a purchasing one
    /// is always in one of its phases, an unfinished deferred one waits for approval, and one
    /// that waits for nobody has none (an interrupted purchase waits for its resolution after
    /// the app finished it).
    public static func isPossible(_ phase: QueuePhase?, state: TransactionState, finished: Bool) -> Bool {
        switch phase {
        case nil: state != .purchasing && !(state == .deferred && !finished)
        case .interrupted: state == .failed
        case let phase?: phase.state == state && !finished
        }
    }

    /// The phase of a transaction an earlier storefront kept (store.sqlite before v5,
    /// store.json), told then by which fields were set: purchasing with a due date waited for
    /// the store, without one its sheet was open (held ones too, which nothing marked); an
    /// unfinished deferred one waited for approval.
    package static func inferred(state: TransactionState, finished: Bool, hasDueDate: Bool, awaitingResolution: Bool?) -> QueuePhase? {
        switch state {
        case .purchasing: hasDueDate ? .waitingForStore : .sheetOpen
        case .deferred: finished ? nil : .deferred
        case .failed: awaitingResolution == true ? .interrupted : nil
        case .purchased, .restored: nil
        }
    }
}
