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
        settings.failWith = failure(file, notes: &notes)
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
        return (settings, notes)
    }

    /// The error purchases fail with: `_storeKitErrors`' Purchase entry from version 3 on,
    /// `_failTransactionsEnabled` with `_storeKitError` before.
    private static func failure(_ file: StoreKitSettings, notes: inout [String]) -> SKErrorCode? {
        guard let errors = file.storeKitErrors else {
            guard file.failTransactionsEnabled == true else { return nil }
            let code = file.storeKitError ?? 0
            guard let known = SKErrorCode(rawValue: code) else {
                notes.append("settings._storeKitError \(code) is not a StoreKit error code: purchases do not fail")
                return nil
            }
            return known
        }
        var failWith: SKErrorCode?
        for entry in errors where entry.enabled {
            guard entry.name == StoreKitErrorSetting.purchase else {
                notes.append("settings._storeKitErrors \"\(entry.name)\": failing it is not simulated, only purchases fail (for a failing products request, set network off)")
                continue
            }
            guard let choice = entry.current else { continue }
            if let code = StoreKitErrorChoice.code(type: choice.type, index: choice.index) {
                failWith = code
            } else {
                let name = StoreKitErrorChoice.name(type: choice.type, index: choice.index)
                notes.append("settings._storeKitErrors \"Purchase\": \(name) is not one of StoreKit's SKError codes storefront fails purchases with: not used")
            }
        }
        return failWith
    }
}
