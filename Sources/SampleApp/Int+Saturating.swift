public extension Int {
    /// The product, or Int.max (Int.min) where it would overflow: a credit count built from
    /// numbers someone typed stops at the end of the range instead of trapping.
    func multipliedSaturating(by other: Int) -> Int {
        let (product, overflow) = multipliedReportingOverflow(by: other)
        guard overflow else { return product }
        return (self < 0) == (other < 0) ? .max : .min
    }
}

public extension Int {
    /// The sum, or Int.max (Int.min) where it would overflow.
    func addingSaturating(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        guard overflow else { return sum }
        return other < 0 ? .min : .max
    }
}
