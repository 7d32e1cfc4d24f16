import Foundation

/// Who a win-back offer is for and when it runs, as App Store Connect sets them
/// (`customerEligibility…` and the offer's dates and priority): a churned subscriber is
/// eligible while every rule holds. A rule left out does not restrict.
public struct WinBackOfferRules: Sendable, Equatable {
    /// Which offer the App Store puts first when several apply.
    public enum Priority: String, Sendable, Equatable, CaseIterable {
        case high, normal
    }

    /// Months the customer paid for, at least (`customerEligibilityPaidSubscriptionDurationInMonths`).
    public var paidDurationMonths: Int?
    /// Months since the last subscription expired, at least and at most
    /// (`customerEligibilityTimeSinceLastSubscribedInMonths`).
    public var monthsSinceLastSubscribed: ClosedRange<Int>?
    /// Months after a win-back offer was last bought before another is given
    /// (`customerEligibilityWaitBetweenOffersInMonths`).
    public var waitBetweenOffersMonths: Int?
    /// When the offer starts running.
    public var startDate: Date?
    /// When it stops: the first instant it no longer runs.
    public var endDate: Date?
    public var priority: Priority

    public init(paidDurationMonths: Int? = nil, monthsSinceLastSubscribed: ClosedRange<Int>? = nil,
                waitBetweenOffersMonths: Int? = nil, startDate: Date? = nil, endDate: Date? = nil,
                priority: Priority = .normal) {
        self.paidDurationMonths = paidDurationMonths
        self.monthsSinceLastSubscribed = monthsSinceLastSubscribed
        self.waitBetweenOffersMonths = waitBetweenOffersMonths
        self.startDate = startDate
        self.endDate = endDate
        self.priority = priority
    }

    /// Whether the offer runs at `now`.
    public func runs(at now: Date) -> Bool {
        (startDate.map { $0 <= now } ?? true) && (endDate.map { now < $0 } ?? true)
    }
}
