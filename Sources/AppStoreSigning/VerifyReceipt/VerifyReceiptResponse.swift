import AppStoreCore
import Foundation

/// verifyReceipt's response body, with Apple's keys: the status alone, or for a valid receipt
/// the receipt decoded and, when it holds auto-renewable subscriptions, the account's latest.
public struct VerifyReceiptResponse: Encodable, Equatable, Sendable {
    public var status: VerifyReceiptStatus
    /// "Sandbox" or "Production": the endpoint that answered.
    public var environment: String?
    public var receipt: ReceiptJSON?
    /// Every in-app purchase the account's receipt lists now, newest first.
    public var latestReceiptInfo: [InAppJSON]?
    /// A receipt made now, base64.
    public var latestReceipt: String?
    public var pendingRenewalInfo: [PendingRenewalJSON]?

    enum CodingKeys: String, CodingKey {
        case status, environment, receipt
        case latestReceiptInfo = "latest_receipt_info"
        case latestReceipt = "latest_receipt"
        case pendingRenewalInfo = "pending_renewal_info"
    }

    public init(status: VerifyReceiptStatus) { self.status = status }

    public struct ReceiptJSON: Encodable, Equatable, Sendable {
        var receiptType: String
        var bundleID: String
        var applicationVersion: String
        var originalApplicationVersion: String
        var receiptCreationDate: VerifyReceiptDate
        var requestDate: VerifyReceiptDate
        var inApp: [InAppJSON]

        init(_ r: AppReceipt, requestDate: Date) {
            receiptType = r.environment.receiptValue
            bundleID = r.bundleID
            applicationVersion = r.appVersion
            originalApplicationVersion = r.originalApplicationVersion
            receiptCreationDate = VerifyReceiptDate(r.creationDate)
            self.requestDate = VerifyReceiptDate(requestDate)
            inApp = r.inAppPurchases.map(InAppJSON.init)
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: AnyKey.self)
            try c.encode(receiptType, forKey: AnyKey("receipt_type"))
            try c.encode(bundleID, forKey: AnyKey("bundle_id"))
            try c.encode(applicationVersion, forKey: AnyKey("application_version"))
            try c.encode(originalApplicationVersion, forKey: AnyKey("original_application_version"))
            try receiptCreationDate.encode(into: encoder, key: "receipt_creation_date")
            try requestDate.encode(into: encoder, key: "request_date")
            try c.encode(inApp, forKey: AnyKey("in_app"))
        }
    }

    /// One in-app purchase as verifyReceipt gives it: every value a string.
    public struct InAppJSON: Encodable, Equatable, Sendable {
        var purchase: InAppPurchaseReceipt

        init(_ purchase: InAppPurchaseReceipt) { self.purchase = purchase }

        public func encode(to encoder: any Encoder) throws {
            let p = purchase
            var c = encoder.container(keyedBy: AnyKey.self)
            try c.encode(String(p.quantity), forKey: AnyKey("quantity"))
            try c.encode(p.productID, forKey: AnyKey("product_id"))
            try c.encode(p.transactionID, forKey: AnyKey("transaction_id"))
            try c.encode(p.originalTransactionID, forKey: AnyKey("original_transaction_id"))
            try VerifyReceiptDate(p.purchaseDate).encode(into: encoder, key: "purchase_date")
            try VerifyReceiptDate(p.originalPurchaseDate).encode(into: encoder, key: "original_purchase_date")
            if let date = p.subscriptionExpirationDate { try VerifyReceiptDate(date).encode(into: encoder, key: "expires_date") }
            if let id = p.webOrderLineItemID { try c.encode(String(id), forKey: AnyKey("web_order_line_item_id")) }
            if let date = p.cancellationDate { try VerifyReceiptDate(date).encode(into: encoder, key: "cancellation_date") }
            if let trial = p.isTrialPeriod { try c.encode(String(trial), forKey: AnyKey("is_trial_period")) }
            if let intro = p.isInIntroOfferPeriod { try c.encode(String(intro), forKey: AnyKey("is_in_intro_offer_period")) }
            if let offer = p.promotionalOfferID { try c.encode(offer, forKey: AnyKey("promotional_offer_id")) }
        }
    }

    /// An auto-renewable subscription's next renewal.
    public struct PendingRenewalJSON: Encodable, Equatable, Sendable {
        var status: SubscriptionStatus

        init(_ status: SubscriptionStatus) { self.status = status }

        public func encode(to encoder: any Encoder) throws {
            let s = status
            var c = encoder.container(keyedBy: AnyKey.self)
            try c.encode(s.autoRenewProductID, forKey: AnyKey("auto_renew_product_id"))
            try c.encode(s.willAutoRenew ? "1" : "0", forKey: AnyKey("auto_renew_status"))
            try c.encode(s.originalTransactionID, forKey: AnyKey("original_transaction_id"))
            try c.encode(s.productID, forKey: AnyKey("product_id"))
            if let reason = s.expirationReason { try c.encode(Self.intent(reason), forKey: AnyKey("expiration_intent")) }
            if s.state == .inBillingRetryPeriod || s.state == .inGracePeriod {
                try c.encode("1", forKey: AnyKey("is_in_billing_retry_period"))
            }
            if let grace = s.gracePeriodExpiresDate { try VerifyReceiptDate(grace).encode(into: encoder, key: "grace_period_expires_date") }
            if s.priceIncreaseStatus != .noIncreasePending {
                try c.encode(s.priceIncreaseStatus == .agreed ? "1" : "0", forKey: AnyKey("price_consent_status"))
            }
        }

        /// Apple's `expiration_intent` numbers.
        static func intent(_ reason: ExpirationReason) -> String {
            switch reason {
            case .autoRenewDisabled: "1"
            case .billingError: "2"
            case .didNotConsentToPriceIncrease: "3"
            case .productUnavailable: "4"
            case .unknown: "5"
            }
        }
    }
}

/// A date as verifyReceipt writes it, three ways: `name` ("2030-01-01 09:00:00 Etc/GMT"),
/// `name_ms` (milliseconds since 1970, a string) and `name_pst` (Cupertino's time).
struct VerifyReceiptDate: Equatable, Sendable {
    var date: Date

    init(_ date: Date) { self.date = date }

    func encode(into encoder: any Encoder, key: String) throws {
        var c = encoder.container(keyedBy: AnyKey.self)
        try c.encode(Self.text(date, zone: "Etc/GMT"), forKey: AnyKey(key))
        try c.encode(String(Int64((date.timeIntervalSince1970 * 1000).rounded(.down))), forKey: AnyKey(key + "_ms"))
        try c.encode(Self.text(date, zone: "America/Los_Angeles"), forKey: AnyKey(key + "_pst"))
    }

    static func text(_ date: Date, zone: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.timeZone = TimeZone(identifier: zone)
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        return formatter.string(from: date) + " " + zone
    }
}

struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
