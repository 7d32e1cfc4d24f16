/// StoreKit's four kinds of in-app purchase.
public enum ProductType: String, Codable, Sendable, CaseIterable {
    case consumable
    case nonConsumable
    case autoRenewable
    case nonRenewing

    /// Restore brings back only what the store keeps for the user (StoreKit restores
    /// non-consumables and auto-renewable subscriptions, never consumables or non-renewing).
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let type = ProductType(rawValue: text) else {
            let known = ProductType.allCases.map(\.rawValue).joined(separator: ", ")
            throw DecodingError.dataCorrupted(.init(
                codingPath: decoder.codingPath, debugDescription: "unknown type \"\(text)\": use one of \(known)"))
        }
        self = type
    }

    /// Auto-renewable or non-renewing: the app keeps when it ends.
    public var isSubscription: Bool { self == .autoRenewable || self == .nonRenewing }

    public var isRestorable: Bool { self == .nonConsumable || self == .autoRenewable }

    /// Whether the App Store refunds it in part (prorated): a consumable is refunded in full
    /// only. The one rule the refund, a refund request's answer and the Transaction Manager share.
    public var isRefundableInPart: Bool { self != .consumable }

    /// Whether a prorated refund of it refunds the time left in the period refunded (an
    /// auto-renewable subscription's unused time), never by a percentage (`Refund.Amount.timeLeft`).
    public var isProratedByTimeLeft: Bool { self == .autoRenewable }

    /// A repeated purchase while a request for it waits (Ask to Buy, an interruption) merges
    /// into the one waiting: one can only be bought once at a time. Consumables are separate
    /// purchases each time.
    public var mergesRepeatedRequests: Bool { self != .consumable }
}
