import Foundation

/// A refund asked of the App Store: why, and how much of the price. Whatever the amount, the
/// purchase is revoked: a refunded purchase gives nothing any more. The store works out what a
/// refund by the time left comes to (`Transaction.revocation(for:type:askedAs:at:)`).
public struct Refund: Equatable, Sendable, Codable {
    /// The whole price, as the App Store Server API's `revocationPercentage` counts it:
    /// thousandths of a percent (100 000 = 100 %).
    public static let fullPercentage = 100_000

    /// How much of the price is refunded.
    public enum Amount: Equatable, Sendable, Codable {
        /// All of it.
        case full
        /// A part chosen, in thousandths of a percent (50 000: half): a purchase without a period.
        case percentage(Int)
        /// A subscription's period in part, by the time left in it when it is refunded.
        case timeLeft
    }

    public var reason: RevocationReason
    public var amount: Amount

    public init(reason: RevocationReason = .other, amount: Amount = .full) {
        self.reason = reason
        self.amount = amount
    }

    /// Thousandths of a percent refunded: `fullPercentage` is a full refund.
    public init(reason: RevocationReason = .other, percentage: Int) {
        self.init(reason: reason, amount: percentage == Self.fullPercentage ? .full : .percentage(percentage))
    }

    /// A prorated refund of `percent` % of the price (50 → 50 000).
    public static func prorated(_ percent: Decimal, reason: RevocationReason = .other) -> Refund {
        let milli = NSDecimalNumber(decimal: percent * 1000).rounding(accordingToBehavior: nil).intValue
        return Refund(reason: reason, percentage: milli)
    }

    /// A subscription's period refunded by the time left in it.
    public static func timeLeft(reason: RevocationReason = .other) -> Refund {
        Refund(reason: reason, amount: .timeLeft)
    }

    public var type: RevocationType { amount == .full ? .refundFull : .refundProrated }

    /// "50%", "12.5%", "75.07%": two decimals at most, as a share is read, so 99.999 reads 100%.
    public static func percentText(_ milli: Int) -> String {
        var value = Decimal(milli) / 1000
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, 2, .plain)
        return "\(rounded)%"
    }
}

extension Refund.Amount {
    /// The word that asks for a subscription's period by the time left in it.
    public static let timeLeftWord = "time-left"

    /// A prorated amount as the command line (`--prorated`) and a walkthrough (`prorated`) write
    /// it: a percentage above 0 and below 100 with three decimals at most ("50", "50%", "12.5"),
    /// or `time-left`. Nil for anything else.
    public init?(prorated text: String) {
        if text.lowercased() == Self.timeLeftWord {
            self = .timeLeft
            return
        }
        guard text.range(of: #"^[0-9]+(\.[0-9]{1,3})?%?$"#, options: .regularExpression) != nil,
              let percent = Decimal(string: text.replacingOccurrences(of: "%", with: ""), locale: Locale(identifier: "en_US_POSIX")),
              percent > 0, percent < 100 else { return nil }
        self = Refund.prorated(percent).amount
    }
}
