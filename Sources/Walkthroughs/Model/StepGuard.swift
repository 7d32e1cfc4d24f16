/// `when CONDITION VALUE, …: STEP`: the step runs only in the combinations that give every
/// condition named its value.
public struct StepGuard: Equatable, Sendable {
    /// Each value as its `vary` line writes it (a `when` may name it otherwise: `2` for
    /// `paymentCancelled`), so a combination is matched on the text alone.
    public var values: [ConditionValue]

    public init(_ values: [ConditionValue]) {
        self.values = values
    }

    public func admits(_ combination: Combination) -> Bool {
        values.allSatisfy(combination.values.contains)
    }
}
