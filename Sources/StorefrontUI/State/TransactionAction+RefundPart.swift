import AppStoreCore

/// The part a prorated refund of a purchase without a period is of: 50% when the list opens,
/// then the person's choice (←→ in steps of 5, or digits typed), as `--prorated N` chooses it.
extension TransactionAction {
    /// The step ←→ move the part by, and its bounds: some of the price, never all or none.
    static let refundPartStep = 5_000
    static let refundParts = 1_000...99_000

    /// A refund by a part chosen: that part, in thousandths of a percent; nil for any other action.
    var refundPart: Int? {
        guard case .operation(.refund(_, let refund)) = self, case .percentage(let part) = refund.amount else { return nil }
        return part
    }

    /// The same row of the actions list, whatever part a prorated refund is of.
    func isSameRow(as other: TransactionAction) -> Bool {
        self == other || (refundPart != nil && other.refundPart != nil && withRefundPart(50_000) == other.withRefundPart(50_000))
    }

    /// This prorated refund of `part` instead (kept within `refundParts`); any other action as it is.
    func withRefundPart(_ part: Int) -> TransactionAction {
        guard refundPart != nil, case .operation(.refund(let id, var refund)) = self else { return self }
        refund.amount = .percentage(min(max(part, Self.refundParts.lowerBound), Self.refundParts.upperBound))
        return .operation(.refund(transactionID: id, refund))
    }

    /// The part after `key`: ←→ a step down or up; a digit typed after the part's whole
    /// percent while that stays below 100 ("2" then "5": 25%), else the digit alone. nil: the
    /// key does not change it.
    func refundPart(after key: Key) -> Int? {
        guard let part = refundPart else { return nil }
        let percent = part / 1000
        switch key {
        case .left: return max(Self.refundParts.lowerBound, (percent - 5 + (percent % 5 == 0 ? 0 : 5 - percent % 5)) * 1000)
        case .right: return min(Self.refundParts.upperBound, (percent + 5 - percent % 5) * 1000)
        case .char(let c) where c.isASCII && c.isNumber:
            let digit = Int(String(c)) ?? 0
            let typed = percent * 10 + digit
            return max(Self.refundParts.lowerBound, (typed < 100 && part % 1000 == 0 ? typed : digit) * 1000)
        default: return nil
        }
    }
}
