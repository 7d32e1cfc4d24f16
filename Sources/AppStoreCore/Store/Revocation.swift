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
