import AppStoreCore

/// `_timeRate`: SKTestSession.TimeRate's raw value, as the store's time rate. Xcode's rates
/// that renew every subscription at one interval whatever its period (1000 on) become the
/// rate that renews a monthly one at that interval: storefront has one rate for all periods.
enum StoreKitTimeRate {
    /// The rate, or nil for a value storefront does not know.
    static func rate(_ value: Int) -> TimeRate? {
        guard let text = table.first(where: { $0.value == value })?.rate else { return nil }
        return TimeRate(text)
    }

    /// The value Xcode gives `rate`, or nil when none of Xcode's rates is it.
    static func value(_ rate: TimeRate) -> Int? {
        // The first of equal rates: 1mo-per-30s is Xcode's monthly rate (15), not 1003.
        table.first { TimeRate($0.rate) == rate }?.value
    }

    /// Whether the rate is one of the fixed intervals, read as a monthly rate.
    static func isFixedInterval(_ value: Int) -> Bool { value >= 1000 }

    private static let table: [(value: Int, rate: String)] = [
        (0, "realtime"),
        // Deprecated since Xcode 13.2, still in older files: a day of store time in…
        (1, "1d-per-h"), (2, "1d-per-30min"), (3, "1d-per-5min"), (4, "1d-per-min"), (5, "1d-per-30s"), (6, "1d-per-s"),
        // A monthly subscription renews every…
        (10, "1mo-per-h"), (11, "1mo-per-30min"), (12, "1mo-per-15min"), (13, "1mo-per-5min"), (15, "1mo-per-30s"),
        // Any subscription renews every…
        (1000, "1mo-per-15min"), (1001, "1mo-per-5min"), (1002, "1mo-per-min"), (1003, "1mo-per-30s"),
        (1004, "1mo-per-10s"), (1005, "1mo-per-2s"),
    ]
}
