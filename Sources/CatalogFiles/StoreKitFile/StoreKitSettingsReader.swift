import AppStoreCore

/// A .storekit file's `settings` as the store conditions a new data directory starts with,
/// and a note for each one storefront reads another way or does not simulate.
enum StoreKitSettingsReader {
    static func read(_ file: StoreKitSettings) -> (settings: CatalogSettings, notes: [String]) {
        var settings = CatalogSettings()
        var notes: [String] = []
        if let id = file.storefront {
            if let storefront = AppStoreStorefront.named(id), storefront.id == id {
                settings.storefront = storefront.id
            } else {
                notes.append("settings._storefront \"\(id)\" is not an App Store storefront's three-letter code: not used")
            }
        }
        if let locale = file.locale {
            if LocaleMatch.isLocale(locale) {
                settings.locale = locale
            } else {
                notes.append("settings._locale \"\(locale)\" is not a locale such as en_US: not used")
            }
        }
        settings.askToBuy = file.askToBuyEnabled
        settings.interrupted = file.billingIssuesEnabled
        settings.failures = failures(file, notes: &notes)
        if let value = file.timeRate {
            settings.timeRate = StoreKitTimeRate.rate(value)
            if let rate = settings.timeRate, StoreKitTimeRate.isFixedInterval(value) {
                notes.append("settings._timeRate \(value) renews every subscription at one interval whatever its period: read as \(rate), storefront's one rate for every period")
            } else if settings.timeRate == nil {
                notes.append("settings._timeRate \(value) is not a time rate storefront knows: not used")
            }
        }
        settings.dialogs = file.disableDialogs.map { !$0 }
        settings.billingRetry = file.renewalBillingIssuesEnabled
        settings.gracePeriod = file.billingGracePeriodEnabled.map { $0 ? .xcode : .off }
        if let value = file.billingGracePeriodRenewalType {
            settings.graceRenewals = StoreKitGraceRenewals.renewals(value)
            if settings.graceRenewals == nil {
                notes.append("settings._billingGracePeriodRenewalType \"\(value)\" is neither ALL_RENEWALS nor PAID_TO_PAID_ONLY: not used")
            }
        }
        return (settings, notes)
    }

    /// The errors the APIs fail with: `_storeKitErrors`' enabled entries from version 3 on,
    /// `_failTransactionsEnabled` with `_storeKitError` (purchases only) before.
    private static func failures(_ file: StoreKitSettings, notes: inout [String]) -> [StoreAPI: APIError] {
        guard let errors = file.storeKitErrors else {
            guard file.failTransactionsEnabled == true else { return [:] }
            let code = file.storeKitError ?? 0
            guard let known = SKErrorCode(rawValue: code) else {
                notes.append("settings._storeKitError \(code) is not a StoreKit error code: purchases do not fail")
                return [:]
            }
            return [.purchase: .skError(known)]
        }
        var failures: [StoreAPI: APIError] = [:]
        for entry in errors where entry.enabled {
            guard let api = StoreAPI.allCases.first(where: { $0.xcodeName == entry.name }) else {
                notes.append("settings._storeKitErrors \"\(entry.name)\" is not a StoreKit API storefront knows: not used")
                continue
            }
            guard let choice = entry.current else { continue }
            guard let error = StoreKitErrorChoice.error(for: api, type: choice.type, index: choice.index) else {
                let name = StoreKitErrorChoice.name(type: choice.type, index: choice.index)
                let what = api == .purchase ? "StoreKit's SKError codes storefront fails purchases with" : "the errors storefront fails it with"
                notes.append("settings._storeKitErrors \"\(entry.name)\": \(name) is not one of \(what): not used")
                continue
            }
            failures[api] = error
            if !api.isSimulated {
                notes.append("settings._storeKitErrors \"\(entry.name)\": \(error.name) is kept, and takes effect once storefront has that API")
            }
        }
        return failures
    }
}
