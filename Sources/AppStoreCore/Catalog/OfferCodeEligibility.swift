import Foundation

/// Who may redeem an offer code, as App Store Connect sets it and a .storekit file's
/// `eligibility` writes it: customers new to the group, subscribers with an active plan of
/// it, and those whose plan of it ended.
public enum OfferCodeEligibility: String, Sendable, CaseIterable, Comparable {
    case new, existing, expired

    /// A code whose catalog names none: one that starts a subscription, as the store has
    /// always redeemed them.
    public static let startingASubscription: Set<OfferCodeEligibility> = [.new, .expired]

    /// The order App Store Connect lists them in.
    public static func < (a: Self, b: Self) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }

    /// Where `status` (the account's in the group, nil when it never had one) leaves a customer
    /// at `now` (nil: as its state stands, not ended).
    public static func of(_ status: SubscriptionStatus?, at now: Date?) -> OfferCodeEligibility {
        guard let status else { return .new }
        return (now.map(status.isActive(at:)) ?? status.isLive) ? .existing : .expired
    }
}
