import Foundation
import AppStoreCore

/// A promotional offer the app presents, and to whom: the app's server decides who is offered
/// what (App Store Connect only defines the offers), so the app description says it.
extension AppDescription {
    public struct PromotionalOffer: Sendable, Equatable {
        /// The subscribers the app's server signs the offer for, by where they stand in the
        /// product's group.
        public enum Audience: String, Sendable, Equatable, CaseIterable {
            /// Subscribed now (in grace and billing retry too).
            case existing
            /// Subscribed once; the subscription has ended.
            case lapsed
            /// Either.
            case any
        }

        public var productID: String
        public var offerID: String
        public var audience: Audience

        public init(productID: String, offerID: String, audience: Audience) {
            self.productID = productID
            self.offerID = offerID
            self.audience = audience
        }

        /// Whether the app presents it to a customer whose subscription in the group is
        /// `status` (nil: never subscribed, whom no promotional offer is for) at `now`.
        public func isPresented(to status: SubscriptionStatus?, at now: Date) -> Bool {
            switch (audience, OfferCodeEligibility.of(status, at: now)) {
            case (_, .new): false
            case (.any, _), (.existing, .existing), (.lapsed, .expired): true
            default: false
            }
        }
    }
}
