import Foundation

/// Where a transaction is in the app's payment queue, as SKPaymentTransaction tells it: it
/// changes with each step of the purchase, while the purchase facts beside it never change
/// once the store has completed the purchase.
public struct QueueState: Codable, Equatable, Sendable {
    public var state: TransactionState
    /// SK1's `transactionDate`: when the transaction was added, or its latest state change
    /// (deferred, purchased, failed). The purchase's own date is `Transaction.purchaseDate`.
    public var transactionDate: Date
    public var error: StoreError?
    /// The app called finishTransaction: the store no longer delivers it.
    public var finished: Bool
    /// Where it waits in the queue, and for whom; nil once it waits for nobody.
    public var phase: QueuePhase?
    /// Waiting for the store (`phase` waitingForStore): when the store answers.
    public var dueDate: Date?
    /// Ask to Buy: when the request was last made. A repeated request restarts it, and with it
    /// the request's 24 hours of waiting.
    public var requestDate: Date?

    public init(state: TransactionState, date: Date, error: StoreError? = nil, finished: Bool = false,
                phase: QueuePhase? = nil, dueDate: Date? = nil, requestDate: Date? = nil) {
        self.state = state
        self.transactionDate = date
        self.error = error
        self.finished = finished
        self.phase = phase
        self.dueDate = dueDate
        self.requestDate = requestDate
    }

    /// Stored under SK1's older name, `date`, as store.json and the events' facts keep it.
    private enum CodingKeys: String, CodingKey {
        case state, transactionDate = "date", error, finished, phase, dueDate, requestDate
    }

    /// Moves it to `phase` in the queue (nil: it waits for nobody now). Only a purchase waiting
    /// for the store has a due date: when the store answers.
    mutating func enter(_ phase: QueuePhase?, answeredAt due: Date? = nil) {
        self.phase = phase
        dueDate = phase == .waitingForStore ? due : nil
    }

    mutating func fail(_ error: StoreError, at date: Date) {
        state = .failed
        self.error = error
        transactionDate = date
        enter(nil)
    }
}
