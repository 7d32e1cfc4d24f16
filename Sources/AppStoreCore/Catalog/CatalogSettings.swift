/// The store conditions a catalog file asks for (a .storekit file's `settings`): a new data
/// directory starts with them; an existing one keeps its own.
public struct CatalogSettings: Sendable, Equatable {
    /// An App Store storefront id: "USA".
    public var storefront: String?
    /// The device's locale: "en_US", "ja_JP".
    public var locale: String?
    public var askToBuy: Bool?
    /// The StoreKit APIs that fail, each with its error (a .storekit file's `_storeKitErrors`).
    public var failures: [StoreAPI: APIError] = [:]
    /// Purchases' error where it is an SKError.
    public var failWith: SKErrorCode? {
        get { if case .skError(let code)? = failures[.purchase] { code } else { nil } }
        set { failures[.purchase] = newValue.map(APIError.skError) }
    }
    public var interrupted: Bool?
    public var timeRate: TimeRate?
    /// Whether the App Store's dialogs show (a .storekit file's `_disableDialogs`, negated).
    public var dialogs: Bool?
    /// Renewals' payments fail (a .storekit file's `_renewalBillingIssuesEnabled`).
    public var billingRetry: Bool?
    /// A .storekit file's `_billingGracePeriodEnabled`: Xcode's grace period, or none.
    public var gracePeriod: BillingGracePeriod?
    /// A .storekit file's billing grace period eligibility (`_billingGracePeriodRenewalType`):
    /// all renewals, or paid-to-paid ones only.
    public var graceRenewals: BillingGraceRenewals?

    public init(storefront: String? = nil, locale: String? = nil, askToBuy: Bool? = nil,
                failWith: SKErrorCode? = nil, interrupted: Bool? = nil, timeRate: TimeRate? = nil, dialogs: Bool? = nil,
                billingRetry: Bool? = nil, gracePeriod: BillingGracePeriod? = nil, graceRenewals: BillingGraceRenewals? = nil) {
        self.storefront = storefront
        self.locale = locale
        self.askToBuy = askToBuy
        self.failWith = failWith
        self.interrupted = interrupted
        self.timeRate = timeRate
        self.dialogs = dialogs
        self.billingRetry = billingRetry
        self.gracePeriod = gracePeriod
        self.graceRenewals = graceRenewals
    }

    public var isEmpty: Bool { self == CatalogSettings() }

    /// `settings` with what the catalog asks for.
    public func applied(to settings: Settings) -> Settings {
        var result = settings
        if let storefront { result.storefront = storefront }
        if let locale { result.locale = locale }
        if let askToBuy { result.askToBuy = askToBuy }
        result.failures.merge(failures) { $1 }
        if let interrupted { result.interrupted = interrupted }
        if let timeRate { result.timeRate = timeRate }
        if let dialogs { result.dialogs = dialogs }
        if let billingRetry { result.billingRetry = billingRetry }
        if let gracePeriod { result.gracePeriod = gracePeriod }
        if let graceRenewals { result.graceRenewals = graceRenewals }
        return result
    }
}
