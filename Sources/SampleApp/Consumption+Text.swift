import Wording

/// How a refusal to consume and a consumption read, in the unconsumed purchases' words.
extension ConsumeRefusal {
    public func text(_ strings: Strings = .english) -> String {
        let words = strings.unconsumed
        switch self {
        case .notUnconsumed(let id): return words.notUnconsumed(id)
        case .notEnough(let id, let available, let asked): return words.notEnough(id, available, asked)
        case .invalidQuantity(let quantity): return words.invalidQuantity(quantity)
        }
    }
}

extension Consumption {
    /// The log line: what was consumed from where, and what is left.
    public func text(strings: Strings = .english) -> String {
        let words = strings.unconsumed
        let what = (balanceKey == SampleApp.creditsKey ? words.creditsConsumed(units, balance)
            : "\(balanceKey) " + words.unitsConsumed(units, balance))
        guard let transactionID else { return words.earlierConsumed(what) }
        return words.consumed(transactionID, what) + "  " + (left == 0 ? words.usedUp : words.leftUnconsumed(left))
    }
}
