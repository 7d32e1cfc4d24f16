import AppStoreCore

/// The file's `settings`: the test environment Xcode starts a run with. Only the keys that
/// are store conditions are read; App Store Connect sync's (`_applicationInternalID`,
/// `_developerTeamID`, `_lastSynchronizedDate`, …) and `_compatibilityTimeRate` (the rate
/// as older Xcode versions numbered it) are left unread.
struct StoreKitSettings: Codable, Sendable, Equatable {
    var askToBuyEnabled: Bool?
    /// Version 4: a grace period when a renewal's billing fails, Xcode's (6 days for a weekly
    /// plan, 16 for the others).
    var billingGracePeriodEnabled: Bool?
    /// Which failed renewals get that grace, as App Store Connect's billing grace period
    /// eligibility says it (its API's `renewalType`): `ALL_RENEWALS`, or paid-to-paid only.
    var billingGracePeriodRenewalType: String?
    /// Interrupted purchases (SKTestSession.interruptedPurchasesEnabled).
    var billingIssuesEnabled: Bool?
    /// Version 4: purchases complete without the system's confirmation dialogs.
    var disableDialogs: Bool?
    /// Up to version 2 with `storeKitError`; from version 3 on superseded by `storeKitErrors`.
    var failTransactionsEnabled: Bool?
    /// "en_US".
    var locale: String?
    /// Version 4: renewals fail with a billing issue (billing retry).
    var renewalBillingIssuesEnabled: Bool?
    /// ISO 3166-1 alpha-3: "USA".
    var storefront: String?
    /// Up to version 2: the SKError code failing transactions fail with.
    var storeKitError: Int?
    /// Version 3 on: an error to simulate per StoreKit API.
    var storeKitErrors: [StoreKitErrorSetting]?
    /// SKTestSession.TimeRate's raw value.
    var timeRate: Int?

    init() {}

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        askToBuyEnabled = try c.decodeIfPresent(Bool.self, forKey: .askToBuyEnabled)
        billingGracePeriodEnabled = try c.decodeIfPresent(Bool.self, forKey: .billingGracePeriodEnabled)
        billingGracePeriodRenewalType = try c.decodeIfPresent(String.self, forKey: .billingGracePeriodRenewalType)
        billingIssuesEnabled = try c.decodeIfPresent(Bool.self, forKey: .billingIssuesEnabled)
        disableDialogs = try c.decodeIfPresent(Bool.self, forKey: .disableDialogs)
        failTransactionsEnabled = try c.decodeIfPresent(Bool.self, forKey: .failTransactionsEnabled)
        locale = try c.decodeIfPresent(String.self, forKey: .locale)
        renewalBillingIssuesEnabled = try c.decodeIfPresent(Bool.self, forKey: .renewalBillingIssuesEnabled)
        storefront = try c.decodeIfPresent(String.self, forKey: .storefront)
        storeKitError = try c.decodeWholeNumber(forKey: .storeKitError)
        storeKitErrors = try c.decodeIfPresent([StoreKitErrorSetting].self, forKey: .storeKitErrors)
        timeRate = try c.decodeWholeNumber(forKey: .timeRate)
    }

    enum CodingKeys: String, CodingKey {
        case askToBuyEnabled = "_askToBuyEnabled"
        case billingGracePeriodEnabled = "_billingGracePeriodEnabled"
        case billingGracePeriodRenewalType = "_billingGracePeriodRenewalType"
        case billingIssuesEnabled = "_billingIssuesEnabled"
        case disableDialogs = "_disableDialogs"
        case failTransactionsEnabled = "_failTransactionsEnabled"
        case locale = "_locale"
        case renewalBillingIssuesEnabled = "_renewalBillingIssuesEnabled"
        case storefront = "_storefront"
        case storeKitError = "_storeKitError"
        case storeKitErrors = "_storeKitErrors"
        case timeRate = "_timeRate"
    }
}

/// One entry of `_storeKitErrors`: `{ "current" : { "index" : 2, "type" : "generic" },
/// "enabled" : true, "name" : "Purchase" }`.
struct StoreKitErrorSetting: Codable, Sendable, Equatable {
    /// The error chosen, or null for none.
    var current: Choice?
    var enabled: Bool
    /// The API it fails: "Load Products", "Purchase", "Verification", …
    var name: String

    struct Choice: Codable, Sendable, Equatable {
        /// The case's position in the error type's declaration.
        var index: Int
        /// "generic" (StoreKitError), "purchase" (Product.PurchaseError), …
        var type: String

        init(index: Int, type: String) {
            self.index = index
            self.type = type
        }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            index = try c.decodeWholeNumber(forKey: .index) ?? 0
            type = try c.decode(String.self, forKey: .type)
        }
    }

    init(name: String, enabled: Bool, current: Choice?) {
        self.name = name
        self.enabled = enabled
        self.current = current
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        current = try c.decodeIfPresent(Choice.self, forKey: .current)
        enabled = try c.decodeIfPresent(Bool.self, forKey: .enabled) ?? false
        name = try c.decode(String.self, forKey: .name)
    }
}
