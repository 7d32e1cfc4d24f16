import AppStoreCore

/// `--matrix --json`: the counts and a row per combination.
extension MatrixReport {
    public struct JSON: Encodable, Sendable {
        public var passed: Int
        public var failed: Int
        public var rows: [Row]

        public struct Row: Encodable, Sendable {
            public var file: String
            /// The combination's values, in the order of the `vary` lines.
            public var values: [Value]
            /// The newest transaction's state and error; none when the store made none.
            public var state: TransactionState?
            public var error: StoreError?
            public var delivered: [String]
            public var passed: Bool
            public var stepsRun: Int
            public var failures: [TestReport.JSON.Failure]
        }

        public struct Value: Encodable, Sendable {
            public var condition: String
            public var value: String
        }
    }

    public var json: JSON {
        JSON(passed: passed, failed: failed, rows: tables.flatMap { table in
            table.rows.map { row in
                JSON.Row(file: table.file,
                         values: (row.result.combination?.values ?? []).map { JSON.Value(condition: $0.condition, value: $0.value) },
                         state: row.outcome.state, error: row.outcome.error, delivered: row.outcome.delivered,
                         passed: row.result.passed, stepsRun: row.result.stepsRun,
                         failures: row.result.failures.map(TestReport.JSON.Failure.init))
            }
        })
    }
}
