import AppStoreCore

/// The store conditions a catalog asks for, as a .storekit file's `settings`. Only what the
/// catalog sets is written, but for `_storeKitErrors`, which lists every API as Xcode does.
enum StoreKitSettingsWriter {
    static func write(_ settings: CatalogSettings) -> (settings: StoreKitSettings, notes: [String]) {
        var file = StoreKitSettings()
        var notes: [String] = []
        file.storefront = settings.storefront
        file.locale = settings.locale
        file.askToBuyEnabled = settings.askToBuy
        file.billingIssuesEnabled = settings.interrupted
        file.disableDialogs = settings.dialogs.map { !$0 }
        file.renewalBillingIssuesEnabled = settings.billingRetry
        if let grace = settings.gracePeriod {
            // Xcode has one grace period of its own: any length is written as that one.
            file.billingGracePeriodEnabled = grace != .off
            if grace != .off, grace != .xcode {
                notes.append("grace-period \(grace.rawValue) is written as Xcode's billing grace period, which lasts 6 days for a weekly plan and 16 days for the others")
            }
        }
        file.billingGracePeriodRenewalType = settings.graceRenewals.map(StoreKitGraceRenewals.value)
        file.storeKitErrors = StoreAPI.allCases.map { api in
            let error = settings.failures[api]
            let current = error.flatMap(StoreKitErrorChoice.choice(for:))
            if let error, let current, StoreKitErrorChoice.error(for: api, type: current.type, index: current.index) != error {
                notes.append("fail-with \(error.description) has no StoreKit error Xcode simulates: purchases are written to fail with \(current.type) error \(current.index)")
            } else if let error, current == nil {
                notes.append("fail \(api.argument) \(error.name) has no StoreKit error Xcode simulates: written as not failing")
            }
            return StoreKitErrorSetting(name: api.xcodeName, enabled: current != nil, current: current)
        }
        if let rate = settings.timeRate {
            if let value = StoreKitTimeRate.value(rate) {
                file.timeRate = value
            } else {
                notes.append("time-rate \(rate) is none of Xcode's rates: not written")
            }
        }
        return (file, notes)
    }
}
