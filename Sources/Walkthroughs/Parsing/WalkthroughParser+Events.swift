import Foundation
import AppStoreCore

/// `expect event KIND [PRODUCT]` and `expect no event KIND [PRODUCT]`: what the store logged,
/// its kinds named as `storefront events` names them.
extension WalkthroughParser {
    func eventExpectation(_ r: inout StepReader, present: Bool) throws(LineProblem) -> Expectation {
        let start = present ? "expect event" : "expect no event"
        let kinds = StoreEventKind.allCases.map(\.rawValue)
        let expected = "a store event's kind, as storefront events names it: \(kinds.joined(separator: ", "))"
        let token = try r.required(expected, suggestion: "\(start) renewed")
        guard !token.quoted, let kind = StoreEventKind.allCases.first(where: { $0.rawValue.lowercased() == token.text.lowercased() }) else {
            let nearest = Self.notificationNames[Self.plain(token.text)] ?? Nearest.to(token.text, in: kinds) ?? "renewed"
            throw LineProblem(token.column, "expected \(expected)", suggestion: r.replacing(r.index - 1, with: nearest))
        }
        var productID: String?
        if r.peek != nil {
            productID = try anyProduct(&r, after: "the event's kind", example: "\(start) \(kind.rawValue) \(subscriptionExample)")
        }
        try r.end()
        return .event(kind, productID: productID, present: present)
    }

    /// A name without case or underscores: `DID_RENEW` and `didRenew` alike.
    private static func plain(_ name: String) -> String {
        name.lowercased().replacingOccurrences(of: "_", with: "").replacingOccurrences(of: "-", with: "")
    }

    /// App Store Server Notifications' names (and a few words) for the store's kinds of event,
    /// as `plain` writes them: `DID_RENEW` is suggested as renewed.
    private static let notificationNames = [
        "didrenew": "renewed", "renewal": "renewed", "renew": "renewed",
        "didfailtorenew": "renewalFailed", "billingretry": "renewalFailed",
        "didchangerenewalpref": "renewalPreferenceChanged", "downgrade": "renewalPreferenceChanged",
        "downgraded": "renewalPreferenceChanged", "didchangerenewalstatus": "autoRenewDisabled",
        "cancel": "autoRenewDisabled", "cancelled": "autoRenewDisabled", "canceled": "autoRenewDisabled",
        "billingrecovery": "recovered", "upgrade": "upgraded", "refund": "refunded", "revoke": "familyRevoked",
        "priceincrease": "priceIncreasePending", "consumptionrequest": "refundRequested",
    ]
}
