import AppStoreCore

/// Version 4 on: the EULA and privacy policies StoreKit's views link to. Not part of a
/// catalog; written empty, as Xcode writes a new file, so the file looks like Xcode's own.
struct StoreKitAppPolicies: Codable, Sendable, Equatable {
    var eula: String
    var policies: [Policy]

    struct Policy: Codable, Sendable, Equatable {
        var locale: String
        var policyText: String
        var policyURL: String
    }

    static let empty = StoreKitAppPolicies(eula: "", policies: [Policy(locale: "en_US", policyText: "", policyURL: "")])
}
