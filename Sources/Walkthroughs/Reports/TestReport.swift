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
            lines.append("\(result.passed ? "PASS" : "FAIL") \(result.file)")
            for failure in result.failures {
                lines.append(failure.line == 0 ? "\(result.file): could not start: \(failure.saw)" : failure.summary(file: result.file))
                if let screen = failure.screen {
                    lines += screen.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                        let trimmed = line.reversed().drop { $0 == " " }.reversed()
                        return trimmed.isEmpty ? "    │" : "    │ " + String(trimmed)
                    }
                }
            }
        }
        lines.append("\(passed) passed, \(failed) failed")
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
        }
    }

    public var json: JSON {
        JSON(passed: passed, failed: failed, walkthroughs: results.map { result in
            JSON.Walkthrough(file: result.file, passed: result.passed, stepsRun: result.stepsRun, failures: result.failures.map {
                JSON.Failure(line: $0.line, step: $0.step, expected: $0.expected, saw: $0.saw, screen: $0.screen)
            })
        })
    }
}
