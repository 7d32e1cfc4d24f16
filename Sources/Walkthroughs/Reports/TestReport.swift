/// What `storefront test` prints: a line per walkthrough, each failure under it where an
/// editor can jump to it, and the count alone on the last line.
public struct TestReport: Sendable {
    public var results: [WalkthroughResult]

    public init(results: [WalkthroughResult]) {
        self.results = results
    }

    public var passed: Int { results.filter(\.passed).count }
    public var failed: Int { results.count - passed }

    /// The lines to print, in order.
    public var lines: [String] {
        var lines: [String] = []
        for result in results {
            lines += Self.lines(of: result)
        }
        lines.append("\(passed) passed, \(failed) failed")
        return lines
    }

    /// PASS or FAIL and the walkthrough's name (with its combination under --matrix), then
    /// each failure, and the screen an expectation about it saw.
    static func lines(of result: WalkthroughResult) -> [String] {
        var lines = ["\(result.passed ? "PASS" : "FAIL") \(result.name)"]
        for failure in result.failures {
            lines.append(failure.line == 0 ? "\(result.file): could not start: \(failure.saw)" : failure.summary(file: result.file))
            if let screen = failure.screen {
                lines += screen.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                    let trimmed = line.reversed().drop { $0 == " " }.reversed()
                    return trimmed.isEmpty ? "    │" : "    │ " + String(trimmed)
                }
            }
        }
        return lines
    }

    /// `--json`: the counts and every walkthrough's failures.
    public struct JSON: Encodable, Sendable {
        public var passed: Int
        public var failed: Int
        public var walkthroughs: [Walkthrough]

        public struct Walkthrough: Encodable, Sendable {
            public var file: String
            public var passed: Bool
            public var stepsRun: Int
            public var failures: [Failure]
        }

        public struct Failure: Encodable, Sendable {
            public var line: Int
            public var step: String
            public var expected: String
            public var saw: String
            public var screen: String?

            init(_ failure: StepFailure) {
                line = failure.line
                step = failure.step
                expected = failure.expected
                saw = failure.saw
                screen = failure.screen
            }
        }
    }

    public var json: JSON {
        JSON(passed: passed, failed: failed, walkthroughs: results.map { result in
            JSON.Walkthrough(file: result.file, passed: result.passed, stepsRun: result.stepsRun, failures: result.failures.map(JSON.Failure.init))
        })
    }
}
