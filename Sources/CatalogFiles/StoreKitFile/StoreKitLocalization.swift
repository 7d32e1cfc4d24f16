import AppStoreCore

/// A product's or a group's name in one locale: `{ "description", "displayName", "locale" }`.
/// A group's localizations carry a description only in some files.
struct StoreKitLocalization: Codable, Sendable, Equatable {
    var description: String?
    var displayName: String
    /// As Xcode writes it: "en_US", "ja", "zh_Hant".
    var locale: String

    init(locale: String, displayName: String, description: String?) {
        self.locale = locale
        self.displayName = displayName
        self.description = description
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        description = try c.decodeIfPresent(String.self, forKey: .description)
        displayName = try c.decodeIfPresent(String.self, forKey: .displayName) ?? ""
        locale = try c.decode(String.self, forKey: .locale)
    }
}
