import AppStoreCore

/// A StoreKit configuration file's `version`: `{ "major" : 4, "minor" : 0 }`. Xcode raises
/// the major version when the layout changes, and upgrades an older file when it opens one.
struct StoreKitVersion: Codable, Sendable, Equatable {
    var major: Int
    var minor: Int

    init(major: Int, minor: Int = 0) {
        self.major = major
        self.minor = minor
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        guard let major = try c.decodeWholeNumber(forKey: .major) else {
            throw DecodingError.valueNotFound(Int.self, .init(codingPath: c.codingPath + [CodingKeys.major], debugDescription: "no major version"))
        }
        self.major = major
        minor = try c.decodeWholeNumber(forKey: .minor) ?? 0
    }

    /// The versions storefront reads (see StoreKitFileReader for what each holds).
    static let supported = 2...5
    /// The version `catalog export --storekit` writes: Xcode 26's.
    static let written = StoreKitVersion(major: 5)

    var description: String { "\(major).\(minor)" }
}
