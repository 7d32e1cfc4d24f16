import AppStoreCore

/// `--prorated` as `refund` and `approve-refund` take it: a percentage of the price, or
/// `time-left` for a subscription's period (`Refund.Amount(prorated:)`, as a walkthrough reads
/// it). Which applies to the purchase is the store's to say.
enum ProratedOption {
    static let valueName = "percent|\(Refund.Amount.timeLeftWord)"
    static let help = "Refund part of the price: a percentage (more than 0, less than 100), or \(Refund.Amount.timeLeftWord) "
        + "for a subscription's period, which is refunded by the time left in it; not for a consumable."

    static func amount(_ text: String) throws -> Refund.Amount {
        guard let amount = Refund.Amount(prorated: text) else {
            throw CommandFailure.usage(
                "--prorated takes a percentage above 0 and below 100 such as 50 or 12.5, or \(Refund.Amount.timeLeftWord), not \"\(text)\"")
        }
        return amount
    }
}
