import Foundation

/// What a purchase outside the app is bought with, as Xcode's "+" sheet in the Transaction
/// Manager chooses it (SKTestSession.buyProduct's purchase options): which offer a
/// subscription starts with, and whether it renews.
public struct OutsidePurchaseTerms: Equatable, Sendable {
    public enum Offer: Equatable, Sendable {
        /// As the App Store applies it to any purchase: the introductory offer when it applies.
        case standard
        /// The introductory offer: refused when it would not apply (`introOfferApplies`).
        case introductory
        /// No offer: the full price, an eligible account declining its introductory offer.
        case none
        /// An offer code of the subscription, by its id or reference name.
        case code(String)
    }

    public var offer: Offer
    /// Off: the subscription is bought with auto-renew already off, so it expires at its
    /// period's end, as if cancelled at once.
    public var autoRenew: Bool
    /// The billing plan (`BillingPlan.monthly`): paid monthly across a commitment; nil at once.
    public var billingPlanType: String?

    public init(offer: Offer = .standard, autoRenew: Bool = true, billingPlanType: String? = nil) {
        self.offer = offer
        self.autoRenew = autoRenew
        self.billingPlanType = billingPlanType
    }

    /// The App Store's own terms, nothing chosen: what any product may be bought at.
    public var isStandard: Bool { offer == .standard && autoRenew && billingPlanType == nil }
}

extension SubscriptionInfo {
    /// The catalog's terms of `choice`: the introductory offer, an offer code; nil for none
    /// (and for the standard choice, which depends on the account).
    public func offer(for choice: OutsidePurchaseTerms.Offer) -> SubscriptionOffer? {
        switch choice {
        case .introductory: introductoryOffer
        case .code(let code): offerCode(named: code)
        case .standard, .none: nil
        }
    }
}
