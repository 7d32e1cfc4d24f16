import AppStoreCore

/// Which of the store's events an `expect event` reads: those logged since the previous one
/// read its events, or since the walkthrough began. Expectations side by side (no other step
/// between them) read the same events, so that several can be said of what one step did.
struct EventWindow {
    /// The events after this one are read.
    private(set) var after: Int64 = 0
    /// The line of the `expect event` whose events these follow; nil: from the start.
    private(set) var since: Int?
    /// The last event and line the latest run of event expectations read, until a step acts.
    private var read: (event: Int64, line: Int)?

    /// A step begins: one that is not an expectation closes the run, and the next
    /// `expect event` reads what came after it.
    mutating func starting(_ action: StepAction) {
        if case .expect = action { return }
        guard let read else { return }
        after = read.event
        since = read.line
        self.read = nil
    }

    /// The expectation on `line` read `events` (those after `after`).
    mutating func didRead(_ events: [StoreEvent], line: Int) {
        read = (max(read?.event ?? after, events.last?.id ?? after), line)
    }
}
