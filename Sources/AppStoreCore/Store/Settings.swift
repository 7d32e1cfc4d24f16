import DataFiles
import Foundation

/// Every condition the simulated store can be put in. Saved in store.sqlite, so the command
/// line and an open storefront agree.
public struct Settings: Codable, Equatable, Sendable {
    /// SKPaymentQueue.canMakePayments(): false when In-App Purchases are restricted.
    public var canMakePayments = true
    /// Purchases wait for a parent's approval (deferred).
    public var askToBuy = false
    /// With the network off, product requests, purchases and restores fail.
    public var network = true
    /// Each StoreKit API fails with the error chosen for it until it is turned off (Xcode's
    /// StoreKit errors per API); purchases' is stored as `failWith`, as it always was.
    public var failures: [StoreAPI: APIError] = [:]
    /// Purchases are interrupted (e.g. updated terms) until the user resolves them.
    public var interrupted = false
    /// Whether the sample app finishes transactions once it has handled them.
    public var finishTransactions = true
    /// The signed-in Apple Account, or nil when signed out.
    public var account: String? = Settings.defaultAccount
    /// The sandbox account a new store signs in with.
    public static let defaultAccount = "sandbox.user@example.com"
    /// An App Store storefront id: the country and currency of the prices.
    public var storefront = "USA"
    /// The device's locale: the language of the product localizations and the app's words,
    /// and how prices are written.
    public var locale = "en_US"
    /// How long the store takes between purchasing and the outcome.
    public var latencyMilliseconds = 1500
    /// The latency in seconds: how long after a request the store answers.
    public var latency: TimeInterval { Double(latencyMilliseconds) / 1000 }
    /// The latencies the store accepts: up to a minute.
    public static let latencyRange = 0...60_000
    /// The store waits for the user to confirm with the side button (a key press) before a
    /// confirmed purchase or a restore starts its latency: a presenter decides when it answers.
    public var hold = false
    /// The App Store's dialogs show: the purchase sheet, Ask Permission and the purchase's
    /// outcome. Off is Xcode's Disable Dialogs, for automated runs: choosing a product buys it
    /// at once and only the log tells how it went.
    public var dialogs = true
    /// How fast store time runs against real time (renewals, Ask to Buy's 24 hours).
    public var timeRate = TimeRate.realtime
    /// Renewals' payments fail (Xcode's `_renewalBillingIssuesEnabled`): subscriptions go into
    /// billing retry (or grace) until the subscriber fixes the payment method.
    public var billingRetry = false
    /// Access kept after a failed renewal while the store retries.
    public var gracePeriod = BillingGracePeriod.off
    /// Which failed renewals get that grace: all, or only a paid period's.
    public var graceRenewals = BillingGraceRenewals.all
    /// How the App Store answers a refund request the app's refund request sheet submits:
    /// approved at once in full, as in Xcode, unless chosen otherwise.
    public var refundRequests = RefundRequestPolicy.approve
    /// The environment signed data names: Xcode, as StoreKit Testing in Xcode signs, unless chosen otherwise.
    public var signingEnvironment = SigningEnvironment.xcode

    public init() {}

    enum CodingKeys: String, CodingKey {
        case canMakePayments, askToBuy, network, interrupted, finishTransactions,
             account, storefront, locale, latencyMilliseconds, hold, dialogs, timeRate, billingRetry, gracePeriod, graceRenewals,
             refundRequests, signingEnvironment
    }

    // Fields missing (from an older store.json, or rows not in the settings table) keep their defaults.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = Settings()
        canMakePayments = try c.decodeIfPresent(Bool.self, forKey: .canMakePayments) ?? d.canMakePayments
        askToBuy = try c.decodeIfPresent(Bool.self, forKey: .askToBuy) ?? d.askToBuy
        network = try c.decodeIfPresent(Bool.self, forKey: .network) ?? d.network
        failures = try Self.decodeFailures(decoder)
        interrupted = try c.decodeIfPresent(Bool.self, forKey: .interrupted) ?? d.interrupted
        finishTransactions = try c.decodeIfPresent(Bool.self, forKey: .finishTransactions) ?? d.finishTransactions
        account = c.contains(.account) ? try c.decodeIfPresent(String.self, forKey: .account) : d.account
        storefront = try c.decodeIfPresent(String.self, forKey: .storefront) ?? d.storefront
        locale = try c.decodeIfPresent(String.self, forKey: .locale) ?? d.locale
        guard LocaleMatch.isLocale(locale) else {
            throw DecodingError.dataCorruptedError(forKey: .locale, in: c, debugDescription:
                "must be a locale such as en_US or ja_JP, not \"\(locale)\"")
        }
        latencyMilliseconds = try c.decodeIfPresent(Int.self, forKey: .latencyMilliseconds) ?? d.latencyMilliseconds
        // A hand-edited latency of a day would leave every purchase hanging.
        guard Self.latencyRange.contains(latencyMilliseconds) else {
            throw DecodingError.dataCorruptedError(forKey: .latencyMilliseconds, in: c, debugDescription:
                "must be 0 to \(Self.latencyRange.upperBound) milliseconds, not \(latencyMilliseconds)")
        }
        hold = try c.decodeIfPresent(Bool.self, forKey: .hold) ?? d.hold
        dialogs = try c.decodeIfPresent(Bool.self, forKey: .dialogs) ?? d.dialogs
        timeRate = try c.decodeIfPresent(TimeRate.self, forKey: .timeRate) ?? d.timeRate
        billingRetry = try c.decodeIfPresent(Bool.self, forKey: .billingRetry) ?? d.billingRetry
        if let text = try c.decodeIfPresent(String.self, forKey: .gracePeriod) {
            guard let grace = BillingGracePeriod(rawValue: text) else {
                let names = BillingGracePeriod.allCases.map(\.rawValue).joined(separator: ", ")
                throw DecodingError.dataCorruptedError(forKey: .gracePeriod, in: c, debugDescription:
                    "must be one of \(names), not \"\(text)\"")
            }
            gracePeriod = grace
        }
        if let text = try c.decodeIfPresent(String.self, forKey: .graceRenewals) {
            guard let renewals = BillingGraceRenewals(rawValue: text) else {
                let names = BillingGraceRenewals.allCases.map(\.rawValue).joined(separator: ", ")
                throw DecodingError.dataCorruptedError(forKey: .graceRenewals, in: c, debugDescription:
                    "must be one of \(names), not \"\(text)\"")
            }
            graceRenewals = renewals
        }
        if let text = try c.decodeIfPresent(String.self, forKey: .refundRequests) {
            guard let policy = RefundRequestPolicy(rawValue: text) else {
                let names = RefundRequestPolicy.allCases.map(\.rawValue).joined(separator: ", ")
                throw DecodingError.dataCorruptedError(forKey: .refundRequests, in: c, debugDescription:
                    "must be one of \(names), not \"\(text)\"")
            }
            refundRequests = policy
        }
        if let text = try c.decodeIfPresent(String.self, forKey: .signingEnvironment) {
            guard let environment = SigningEnvironment(rawValue: text) else {
                let names = SigningEnvironment.allCases.map(\.rawValue).joined(separator: ", ")
                throw DecodingError.dataCorruptedError(forKey: .signingEnvironment, in: c, debugDescription:
                    "must be one of \(names), not \"\(text)\"")
            }
            signingEnvironment = environment
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(canMakePayments, forKey: .canMakePayments)
        try c.encode(askToBuy, forKey: .askToBuy)
        try c.encode(network, forKey: .network)
        var f = encoder.container(keyedBy: FailureKey.self)
        for api in StoreAPI.allCases {
            try f.encode(failures[api]?.storedValue ?? .null, forKey: FailureKey(api))
        }
        try c.encode(interrupted, forKey: .interrupted)
        try c.encode(finishTransactions, forKey: .finishTransactions)
        try c.encode(account, forKey: .account)
        try c.encode(storefront, forKey: .storefront)
        try c.encode(locale, forKey: .locale)
        try c.encode(latencyMilliseconds, forKey: .latencyMilliseconds)
        try c.encode(hold, forKey: .hold)
        try c.encode(dialogs, forKey: .dialogs)
        try c.encode(timeRate, forKey: .timeRate)
        try c.encode(billingRetry, forKey: .billingRetry)
        try c.encode(gracePeriod, forKey: .gracePeriod)
        try c.encode(graceRenewals, forKey: .graceRenewals)
        try c.encode(refundRequests, forKey: .refundRequests)
        try c.encode(signingEnvironment, forKey: .signingEnvironment)
    }
}

extension Settings {
    /// Purchases' error where it is an SKError (`set fail-with`): the purchase entry of
    /// `failures`.
    public var failWith: SKErrorCode? {
        get { if case .skError(let code)? = failures[.purchase] { code } else { nil } }
        set { failures[.purchase] = newValue.map(APIError.skError) }
    }

    /// Each API's error under its own name (`StoreAPI.settingName`), so that a change to one
    /// API's is a change of its own row in store.sqlite.
    struct FailureKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }

        init(_ api: StoreAPI) { stringValue = api.settingName }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// The APIs' errors; a value that names none of its API's errors is refused, naming the setting.
    static func decodeFailures(_ decoder: any Decoder) throws -> [StoreAPI: APIError] {
        let c = try decoder.container(keyedBy: FailureKey.self)
        var failures: [StoreAPI: APIError] = [:]
        for api in StoreAPI.allCases {
            let key = FailureKey(api)
            guard let value = try c.decodeIfPresent(JSONValue.self, forKey: key) else { continue }
            do {
                failures[api] = try APIError.stored(value, for: api)
            } catch {
                throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: error.message)
            }
        }
        return failures
    }

    /// Whether a confirmed purchase or a restore waits for the side button: hold on, and the
    /// dialogs that ask for it shown (with dialogs off nothing would ask).
    public var waitsForSideButton: Bool { hold && dialogs }

    /// The storefront setting as an App Store storefront (the United States' if unknown).
    public var appStoreStorefront: AppStoreStorefront {
        AppStoreStorefront.named(storefront) ?? AppStoreStorefront.unitedStates
    }
}
