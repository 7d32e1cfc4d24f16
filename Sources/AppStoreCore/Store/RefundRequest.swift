import Foundation

/// A refund the user asked for from within the app (StoreKit's `beginRefundRequest(for:in:)`,
/// the refund request sheet): which purchase, why, and how the App Store answered. One per
/// transaction: a second is refused (`Transaction.RefundRequestError.duplicateRequest`).
public struct RefundRequest: Codable, Hashable, Sendable {
    public var transactionID: String
    public var account: String
    public var productID: String
    public var reason: RefundRequestReason
    /// Store time when the sheet was submitted.
    public var date: Date
    public var status: RefundRequestStatus
    /// Store time when the App Store approved or declined it; nil while it waits.
    public var answerDate: Date?

    public init(transactionID: String, account: String, productID: String, reason: RefundRequestReason, date: Date,
                status: RefundRequestStatus = .pending, answerDate: Date? = nil) {
        self.transactionID = transactionID
        self.account = account
        self.productID = productID
        self.reason = reason
        self.date = date
        self.status = status
        self.answerDate = answerDate
    }
}

/// Why the user asks, as the refund request sheet lists it. Named as the App Store tells a
/// server (App Store Server Notifications' `consumptionRequestReason`).
public enum RefundRequestReason: String, Codable, Sendable, CaseIterable {
    /// The customer didn't intend to make the purchase.
    case unintendedPurchase
    /// The customer didn't receive, or couldn't use, what was bought.
    case fulfillmentIssue
    /// The purchase didn't meet the customer's expectations.
    case unsatisfiedWithPurchase
    /// A legal reason (consumer law).
    case legal
    case other

    /// How the command line and walkthroughs name it: `unintended-purchase`.
    public var argument: String {
        switch self {
        case .unintendedPurchase: "unintended-purchase"
        case .fulfillmentIssue: "fulfillment-issue"
        case .unsatisfiedWithPurchase: "unsatisfied-with-purchase"
        case .legal: "legal"
        case .other: "other"
        }
    }

    /// The reason `text` names: its argument or its stored name, any case.
    public init?(argument text: String) {
        let key = text.lowercased()
        guard let reason = Self.allCases.first(where: { $0.argument == key || $0.rawValue.lowercased() == key }) else { return nil }
        self = reason
    }

    /// The revocation reason an approved refund carries: an issue with what the app delivered
    /// is the developer's (`Transaction.RevocationReason.developerIssue`), any other is other.
    public var revocationReason: RevocationReason {
        switch self {
        case .fulfillmentIssue, .unsatisfiedWithPurchase: .developerIssue
        case .unintendedPurchase, .legal, .other: .other
        }
    }
}

/// Where a refund request stands.
public enum RefundRequestStatus: String, Codable, Sendable, CaseIterable {
    /// Waiting for the App Store's answer (`refund-requests manual`): the Transaction Manager
    /// and `approve-refund`/`decline-refund` answer it.
    case pending
    case approved
    case declined
}

/// How the App Store answers refund requests (`Settings.refundRequests`). Xcode's StoreKit
/// testing approves every request at once, in full; the sandbox can be made to decline one or
/// refund it in part; the App Store itself takes up to 48 hours.
public enum RefundRequestPolicy: String, Codable, Sendable, CaseIterable {
    /// Approved at once with a full refund: the purchase is revoked.
    case approve
    /// Approved at once with a prorated refund (`proratedPercent` of the price; a subscription's
    /// period by the time left in it; a consumable, refunded in full only, in full).
    case prorated
    /// Declined at once: nothing is revoked, and the app hears nothing more.
    case decline
    /// Kept waiting until someone approves or declines it (the Transaction Manager,
    /// `storefront approve-refund`/`decline-refund`).
    case manual

    /// The part of the price a prorated answer refunds.
    public static let proratedPercent: Decimal = 50

    /// The refund an approval under this policy grants for `request` of a product of `type`.
    func refund(for request: RefundRequest, type: ProductType?) -> Refund {
        let reason = request.reason.revocationReason
        guard self == .prorated, type?.isRefundableInPart ?? true else { return Refund(reason: reason) }
        return type?.isProratedByTimeLeft == true ? .timeLeft(reason: reason) : .prorated(Self.proratedPercent, reason: reason)
    }
}
