import DataFiles

/// A value UserDefaults.json claimed beyond what the signed transactions give, and what the
/// app wrote instead (`SampleApp.checkClaims`).
public struct ClaimCorrection: Equatable, Sendable {
    /// The key corrected: a product's id, or the credits'.
    public var key: String
    /// What the file claimed.
    public var claimed: JSONValue
    /// What the signed transactions say; nil when they give nothing (the key removed).
    public var signed: JSONValue?

    public init(key: String, claimed: JSONValue, signed: JSONValue?) {
        self.key = key
        self.claimed = claimed
        self.signed = signed
    }
}
