/// A walkthrough run in every combination of its `vary` lines: a table of the matrix.
public struct MatrixTable: Equatable, Sendable {
    public var file: String
    /// The varied conditions, in the order of the `vary` lines: the table's first columns.
    public var conditions: [String]
    public var rows: [MatrixRow]

    public init(file: String, conditions: [String], rows: [MatrixRow]) {
        self.file = file
        self.conditions = conditions
        self.rows = rows
    }
}

/// One combination's run and how it ended: a row of the matrix's table.
public struct MatrixRow: Equatable, Sendable {
    public var result: WalkthroughResult
    public var outcome: Outcome

    public init(result: WalkthroughResult, outcome: Outcome) {
        self.result = result
        self.outcome = outcome
    }
}
