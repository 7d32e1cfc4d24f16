/// How a walkthrough ran: every expectation that did not hold, and the step that could not
/// be done, if one stopped it.
public struct WalkthroughResult: Equatable, Sendable {
    public var file: String
    /// The combination of `--matrix` it ran in; nil for a run without it.
    public var combination: Combination?
    /// Steps carried out, the one that stopped it included (a `when` step passed over is not).
    public var stepsRun: Int
    public var failures: [StepFailure]
    /// The viewer stopped it (q) before its last step was done.
    public var stopped = false
    /// The screen it first failed on, or ended on, when the runner keeps screens.
    public var screen: KeptScreen?
    /// The store time the run covered, in whole seconds: from the store's start to where its
    /// clock stood at the end. Under `test` the clock moves only by the walkthrough's own steps
    /// (`advance`, the store's latency where the app waits for an answer), so it is the same on
    /// every run, unlike the seconds the run took.
    public var storeSeconds = 0

    public init(file: String, combination: Combination? = nil, stepsRun: Int, failures: [StepFailure]) {
        self.file = file
        self.combination = combination
        self.stepsRun = stepsRun
        self.failures = failures
    }

    public var passed: Bool { failures.isEmpty }

    /// The file, and the combination in brackets: `m.walk [network off, fail-with 2]`.
    public var name: String {
        guard let combination, !combination.values.isEmpty else { return file }
        return "\(file) [\(combination)]"
    }
}

/// A step that did not hold: what it expected and what there was instead.
public struct StepFailure: Error, Equatable, Sendable {
    /// The step's line; 0 when the walkthrough could not start at all.
    public var line: Int
    public var step: String
    public var expected: String
    public var saw: String
    /// The screen when the step ran, for expectations about the screen.
    public var screen: String?

    public init(line: Int, step: String, expected: String, saw: String, screen: String? = nil) {
        self.line = line
        self.step = step
        self.expected = expected
        self.saw = saw
        self.screen = screen
    }

    /// `FILE:LINE: step — expected …, saw …`.
    public func summary(file: String) -> String {
        "\(file):\(line): \(step) — expected \(expected), saw \(saw)"
    }
}
