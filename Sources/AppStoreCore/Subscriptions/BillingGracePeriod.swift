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
