import Foundation

/// StoreKit 2's `Transaction.RevocationReason`: why the App Store took a purchase back.
public enum RevocationReason: String, Codable, Sendable, CaseIterable {
    /// Refunded because of an issue in the app (it did not work as described, a bug).
    case developerIssue
    /// Refunded for any other reason (the customer asked, an accidental purchase).
    case other
}

/// The App Store Server API's `revocationType`: what kind of taking back it was.
public enum RevocationType: String, Codable, Sendable, CaseIterable {
    /// The whole price refunded.
    case refundFull
    /// Part of the price refunded (`revocationPercentage`).
    case refundProrated
    /// A family member lost access when the purchaser stopped sharing it.
    case familyRevoke
}

/// The App Store took a purchase back: a record of its own, added to the transaction once
/// (`Transaction.revoke`, for a refund and for a family member's loss of access alike) and
/// never changed. The purchase's own facts stay as they were.
public struct Revocation: Codable, Equatable, Sendable {
    /// StoreKit 2's `revocationDate`: from then on the purchase gives nothing and leaves the receipt.
    public let date: Date
    /// StoreKit 2's `revocationReason`.
    public let reason: RevocationReason
    /// The App Store Server API's `revocationType`.
    public let type: RevocationType
    /// Thousandths of a percent of the price refunded (100 000: all of it), as the App Store
    /// Server API's `revocationPercentage`. None for a family member's loss of access
    /// (`familyRevoke`): nothing was refunded.
    public let percentage: Int?

    public init(date: Date, reason: RevocationReason, type: RevocationType, percentage: Int?) {
        self.date = date
        self.reason = reason
        self.type = type
        self.percentage = percentage
    }

    /// The revocation a refund makes.
    public init(_ refund: Refund, at date: Date) {
        self.init(date: date, reason: refund.reason, type: refund.type, percentage: refund.percentage)
    }

    /// A family member lost access when the purchaser stopped sharing: nothing refunded.
    public static func familyRevoke(at date: Date) -> Revocation {
        Revocation(date: date, reason: .other, type: .familyRevoke, percentage: nil)
    }

    /// Whether its amount agrees with its type: a refund's percentage from 1 to 100 000, a
    /// family revocation's none. Read back from a file, any other (a hand edit) would be
    /// half a refund.
    public var isPossible: Bool {
        guard let percentage else { return type == .familyRevoke }
        return type != .familyRevoke && (1...Refund.fullPercentage).contains(percentage)
    }
}

/// A refund the App Store grants: why, and how much of the price. Whatever the amount, the
/// purchase is revoked: a refunded purchase gives nothing any more.
public struct Refund: Equatable, Sendable, Codable {
    /// The whole price, as the App Store Server API's `revocationPercentage` counts it:
    /// thousandths of a percent (100 000 = 100 %).
    public static let fullPercentage = 100_000

    public var reason: RevocationReason
    /// Thousandths of a percent refunded: `fullPercentage` for a full refund, 1…99 999 prorated.
    public var percentage: Int

    public init(reason: RevocationReason = .other, percentage: Int = Refund.fullPercentage) {
        self.reason = reason
        self.percentage = percentage
    }

    /// A prorated refund of `percent` % of the price (50 → 50 000).
    public static func prorated(_ percent: Decimal, reason: RevocationReason = .other) -> Refund {
        let milli = NSDecimalNumber(decimal: percent * 1000).rounding(accordingToBehavior: nil).intValue
        return Refund(reason: reason, percentage: milli)
    }

    public var type: RevocationType { percentage >= Self.fullPercentage ? .refundFull : .refundProrated }

    /// Whether the amount is one the App Store refunds: above nothing, at most the whole price.
    public var hasPossiblePercentage: Bool { (1...Self.fullPercentage).contains(percentage) }

    /// "50%", "12.5%", "75.07%": two decimals at most, as a share is read, so 99.999 reads 100%.
    public static func percentText(_ milli: Int) -> String {
        var value = Decimal(milli) / 1000
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, 2, .plain)
        return "\(rounded)%"
    }
}
