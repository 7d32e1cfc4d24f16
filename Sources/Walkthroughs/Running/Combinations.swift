/// The combinations of a walkthrough's `vary` lines that `--matrix` runs.
extension Walkthrough {
    /// More than any matrix a person reads through; a file that asks for more is refused.
    public static let maximumCombinations = 1024

    /// Every combination of the variations' values, the first `vary` line's changing slowest:
    /// its first value through every combination of the others, then its second. One empty
    /// combination for a file without `vary` lines.
    public var combinations: [Combination] {
        variations.reduce([Combination([])]) { partial, variation in
            partial.flatMap { combination in
                variation.values.map { Combination(combination.values + [ConditionValue(variation.condition, $0)]) }
            }
        }
    }

    /// What a run without --matrix uses: each condition's first value.
    public var firstCombination: Combination {
        Combination(variations.map { ConditionValue($0.condition, $0.values[0]) })
    }

    /// The steps that run in `combination`, in file order: those whose `when` admits it.
    public func steps(in combination: Combination) -> [Step] {
        steps.filter { $0.when?.admits(combination) ?? true }
    }

    /// The error for a matrix too large to run: at the `vary` line that takes it past the limit.
    public var matrixTooLarge: SyntaxError? {
        var count = 1
        for variation in variations {
            count *= variation.values.count
            if count > Self.maximumCombinations {
                let total = variations.lazy.map(\.values.count).reduce(1.0) { $0 * Double($1) }
                return SyntaxError(file: file, line: variation.line, column: 1,
                                   message: "expected at most \(Self.maximumCombinations) combinations for --matrix; the vary lines make \(Self.describe(total))")
            }
        }
        return nil
    }

    private static func describe(_ count: Double) -> String {
        count < 1e15 ? String(Int(count)) : "more than 10^15"
    }
}
