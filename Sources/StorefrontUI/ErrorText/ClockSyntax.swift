import AppStoreCore

// How help and refusals name what the store's clock takes, for the command line and the panel.

extension StoreDuration {
    /// What `advance` takes.
    public static let syntax = "a number and s, min, h, d, w, mo or y (90s, 2h, 3d, 1mo)"
}

extension TimeRate {
    /// What `set time-rate` takes.
    public static let syntax = "realtime, or STORE-per-REAL with durations such as 1d-per-s, 1h-per-s, 1w-per-min, 1mo-per-30s"
}
