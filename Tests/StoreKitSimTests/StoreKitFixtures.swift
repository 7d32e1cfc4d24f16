import Foundation

/// The StoreKit configuration files under Fixtures/StoreKit, written for these tests in
/// Xcode's layout: one per file version, and malformed ones.
enum StoreKitFixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/StoreKit")

    /// One per version 2 to 5, together holding every field storefront reads.
    static let valid = ["TeaGarden-v2", "HarborRadio-v3", "MountainMaps-v4", "StudyCards-v5"]

    static func url(_ name: String) -> URL {
        directory.appendingPathComponent("\(name).storekit")
    }

    static func malformed(_ name: String) -> URL {
        directory.appendingPathComponent("Malformed/\(name).storekit")
    }

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: url(name))
    }

    /// The fixture's JSON with `edit` applied, for a value no fixture holds.
    static func edited(_ name: String, _ edit: (inout [String: Any]) throws -> Void) throws -> Data {
        var object = try JSONSerialization.jsonObject(with: data(name)) as? [String: Any] ?? [:]
        try edit(&object)
        return try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    }

    /// The signing keys the fixtures hold: none may ever leave storefront.
    static let privateKeyMarker = "FIXTURE-SIGNING-KEY"
}
