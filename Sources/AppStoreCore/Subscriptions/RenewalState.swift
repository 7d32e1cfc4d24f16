import Foundation

/// StoreKit 2's `Product.SubscriptionInfo.RenewalState`: where a subscription stands.
public enum RenewalState: String, Codable, Sendable, CaseIterable {
    /// Paid for the current period.
    case subscribed
    /// Ended: auto-renew off, billing retry given up, consent not given, or the plan gone.
    case expired
    /// A renewal failed and the store keeps trying, for 60 days; no access meanwhile.
    case inBillingRetryPeriod
    /// A renewal failed and access goes on while the store retries, until the grace ends.
    case inGracePeriod
    /// Refunded or taken back by the App Store.
    case revoked

    /// Whether the subscriber has the service: the one rule of access every reader shares
    /// (the app, the rows, the detail pane, the command line and walkthroughs).
    public var givesAccess: Bool { self == .subscribed || self == .inGracePeriod }
}

/// StoreKit 2's `RenewalInfo.ExpirationReason`: why a subscription ended.
public enum ExpirationReason: String, Codable, Sendable, CaseIterable {
    /// The subscriber turned auto-renew off, and the period ran out.
    case autoRenewDisabled
    /// Billing retry ran 60 days without a payment going through.
    case billingError
    /// A price increase that needed consent was not agreed to by the renewal date.
    case didNotConsentToPriceIncrease
    /// The product was not for sale at the renewal.
    case productUnavailable
    /// Ended by the store for another reason (a store-side expire).
    case unknown
}

/// StoreKit 2's `RenewalInfo.priceIncreaseStatus`.
public enum PriceIncreaseStatus: String, Codable, Sendable, CaseIterable {
    case noIncreasePending, pending, agreed
}
