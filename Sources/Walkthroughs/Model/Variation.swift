/// `vary CONDITION VALUE VALUE…`: a store condition the walkthrough is run under with each of
/// several values, for `storefront test --matrix`.
public struct Variation: Equatable, Sendable {
    /// The condition's name, as `set` takes it.
    public var condition: String
    /// The values as written, in order, none the same as another once parsed. A run without
    /// --matrix uses the first.
    public var values: [String]
    /// The `vary` line, for messages.
    public var line: Int

    public init(condition: String, values: [String], line: Int) {
        self.condition = condition
        self.values = values
        self.line = line
    }
}

/// A store condition with one of its values, as a `vary` line writes the value.
public struct ConditionValue: Hashable, Sendable, CustomStringConvertible {
    public var condition: String
    public var value: String

    public init(_ condition: String, _ value: String) {
        self.condition = condition
        self.value = value
    }

    /// `ask-to-buy on`, as a `set` or `when` writes it.
    public var description: String { "\(condition) \(StepReader.written(value))" }
}

/// One value of each of a walkthrough's variations, in the order of its `vary` lines: the
/// settings one run of the matrix starts from.
public struct Combination: Equatable, Sendable, CustomStringConvertible {
    public var values: [ConditionValue]

    public init(_ values: [ConditionValue]) {
        self.values = values
    }

    /// `can-make-payments off, ask-to-buy on`.
    public var description: String { values.map(\.description).joined(separator: ", ") }
}
