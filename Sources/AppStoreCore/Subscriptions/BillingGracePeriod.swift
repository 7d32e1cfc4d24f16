import Foundation

/// How long a subscriber keeps access after a renewal's payment fails, as App Store Connect
/// offers it (3, 16 or 28 days), or as Xcode's `_billingGracePeriodEnabled` gives it (6 days
/// for a weekly plan, 16 for the others).
public enum BillingGracePeriod: String, Codable, Sendable, CaseIterable {
    case off
    case threeDays = "3d"
    case sixteenDays = "16d"
    case twentyEightDays = "28d"
    /// Xcode's: 6 days for a plan of a week or less, 16 days for the others.
    case xcode

    /// The grace a plan of `period` gets, in days; nil when off.
    public func days(for period: SubscriptionPeriod) -> Int? {
        switch self {
        case .off: nil
        case .threeDays: 3
        case .sixteenDays: 16
        case .twentyEightDays: 28
        case .xcode: period.unit == .day || (period.unit == .week && period.value == 1) ? 6 : 16
        }
    }
}

/// Which failed renewals get the grace (`BillingGracePeriod`), as App Store Connect and Xcode's
/// StoreKit configuration offer it: all of them, or only a paid period's renewal, so a free
/// period's (a free trial's, a free offer code's) failing first payment gets none.
public enum BillingGraceRenewals: String, Codable, Sendable, CaseIterable {
    /// All Renewals.
    case all
    /// Only Paid to Paid Renewals.
    case paidToPaid = "paid-to-paid"

    /// Whether a renewal failing at the end of a period that was free (`fromFreePeriod`) or
    /// paid gets the grace.
    public func covers(fromFreePeriod: Bool) -> Bool {
        self == .all || !fromFreePeriod
    }
}
