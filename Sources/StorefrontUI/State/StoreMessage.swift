import Foundation
import AppStoreCore

/// A message the App Store asks the app to show (StoreKit's `Message`), for one subscription.
/// Shown at launch and when its cause begins while the storefront is open, as StoreKit shows
/// one when the app launches or comes to the front; dismissed, it comes again at the next launch.
public struct StoreMessage: Equatable, Sendable {
    /// `Message.Reason`.
    public enum Reason: String, Equatable, Sendable {
        /// A renewal failed: the subscription is in billing retry or in grace.
        case billingIssue
        /// A price increase waits for the subscriber's consent.
        case priceIncreaseConsent
    }

    public var reason: Reason
    /// The subscription's group, and its plan when the message was shown.
    public var groupID: String
    public var productID: String

    public init(reason: Reason, groupID: String, productID: String) {
        self.reason = reason
        self.groupID = groupID
        self.productID = productID
    }

    /// The messages `status` calls for: the one rule of when StoreKit shows each.
    public static func messages(for status: SubscriptionStatus) -> [StoreMessage] {
        // A family member's subscription: its billing and prices are the purchaser's to answer.
        guard !status.isFamilyShared else { return [] }
        var messages: [StoreMessage] = []
        if status.isInBillingRetry {
            messages.append(StoreMessage(reason: .billingIssue, groupID: status.groupID, productID: status.productID))
        }
        if status.priceIncreaseStatus == .pending, status.state != .expired, status.state != .revoked {
            messages.append(StoreMessage(reason: .priceIncreaseConsent, groupID: status.groupID, productID: status.productID))
        }
        return messages
    }

    /// Whether `status` still calls for this message (it may have been answered elsewhere
    /// while it waited to be shown).
    func stillApplies(to statuses: [SubscriptionStatus]) -> Bool {
        statuses.contains { $0.groupID == groupID && Self.messages(for: $0).contains { $0.reason == reason } }
    }
}
