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
        let failing = settings.failWith.map(StoreKitErrorChoice.choice(for:))
        if let code = settings.failWith, let choice = failing, StoreKitErrorChoice.code(type: choice.type, index: choice.index) != code {
            notes.append("fail-with \(code.rawValue) \(code.name) has no StoreKit error Xcode simulates: purchases are written to fail with \(choice.type) error \(choice.index)")
        }
        file.storeKitErrors = StoreKitErrorSetting.apis.map { api in
            let current = api == StoreKitErrorSetting.purchase ? failing : nil
            return StoreKitErrorSetting(name: api, enabled: current != nil, current: current)
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
