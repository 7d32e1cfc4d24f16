import Foundation
import AppStoreCore

// The store's values under the App Store Server API's names and types, as the signed
// payloads (JWSTransactionDecodedPayload, JWSRenewalInfoDecodedPayload, AppTransaction)
// give them: each mapping's one home.

extension Date {
    /// Milliseconds since 1970, the signed payloads' dates.
    package var millisecondsSince1970: Int64 {
        Int64((timeIntervalSince1970 * 1000).rounded())
    }
}

extension Decimal {
    /// Thousandths of the currency's unit (`price`, `renewalPrice`): 9.99 is 9990.
    package var milliunits: Int64 {
        var thousandfold = self * 1000
        var rounded = Decimal()
        NSDecimalRound(&rounded, &thousandfold, 0, .plain)
        return NSDecimalNumber(decimal: rounded).int64Value
    }
}

extension ProductType {
    /// `type`.
    package var serverName: String {
        switch self {
        case .autoRenewable: "Auto-Renewable Subscription"
        case .nonConsumable: "Non-Consumable"
        case .consumable: "Consumable"
        case .nonRenewing: "Non-Renewing Subscription"
        }
    }
}

extension Transaction {
    /// `transactionReason`: RENEWAL for a period the store renewed; every other kind (a
    /// purchase, re-download, resolution, one bought outside the app, a restore) is a PURCHASE.
    package var serverReason: String {
        reason == .renewal ? "RENEWAL" : "PURCHASE"
    }

    /// `inAppOwnershipType`.
    package var serverOwnershipType: String {
        isFamilyShared ? "FAMILY_SHARED" : "PURCHASED"
    }
}

extension TransactionOffer.OfferType {
    /// `offerType`: 1 introductory, 2 promotional, 3 offer code, 4 win-back.
    package var serverValue: Int {
        switch self {
        case .introductory: 1
        case .promotional: 2
        case .code: 3
        case .winBack: 4
        }
    }
}

extension RevocationReason {
    /// `revocationReason`: 1 refunded for an issue in the app, 0 for another reason.
    package var serverValue: Int {
        switch self {
        case .developerIssue: 1
        case .other: 0
        }
    }
}

extension RevocationType {
    /// `revocationType`.
    package var serverName: String {
        switch self {
        case .refundFull: "REFUND_FULL"
        case .refundProrated: "REFUND_PRORATED"
        case .familyRevoke: "FAMILY_REVOKE"
        }
    }
}

extension ExpirationReason {
    /// `expirationIntent`: 1 cancelled, 2 billing error, 3 price increase not agreed to,
    /// 4 product unavailable, 5 other.
    package var serverValue: Int {
        switch self {
        case .autoRenewDisabled: 1
        case .billingError: 2
        case .didNotConsentToPriceIncrease: 3
        case .productUnavailable: 4
        case .unknown: 5
        }
    }
}

extension PriceIncreaseStatus {
    /// `priceIncreaseStatus`: 0 not yet agreed to, 1 agreed (or needing no consent); none
    /// while no increase is pending, as the App Store leaves it out.
    package var serverValue: Int? {
        switch self {
        case .noIncreasePending: nil
        case .pending: 0
        case .agreed: 1
        }
    }
}

extension AppStoreStorefront {
    /// `storefrontId`: the App Store's numeric id of the storefront `id` names ("USA" → "143441").
    package static func serverID(of id: String?) -> String? {
        id.flatMap(named)?.identifier
    }
}
