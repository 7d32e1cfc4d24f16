@testable import CatalogFiles
import DataFiles
import Foundation
import Testing
@testable import AppStoreCore

/// No value anywhere in a .storekit file crashes storefront: every value of every fixture,
/// replaced in turn by awkward values (three a place, every one of them across the places),
/// gives a catalog or a refusal naming the file.
@Suite struct StoreKitRobustnessTests {
    static var awkward: [Any] {
        [
            NSNull(), true, -1, 1e300, 2_147_483_648, "", "NaN", "P-1M", String(repeating: "9", count: 400),
            "\u{202E}\u{1B}[31m", [Any](), [String: Any](),
        ]
    }

    /// Every path to a value in `value`, as keys and indices.
    private static func paths(in value: Any, at path: [Any] = []) -> [[Any]] {
        switch value {
        case let object as [String: Any]: return [path] + object.keys.sorted().flatMap { paths(in: object[$0] ?? NSNull(), at: path + [$0]) }
        case let array as [Any]: return [path] + array.indices.flatMap { paths(in: array[$0], at: path + [$0]) }
        default: return [path]
        }
    }

    private static func replacing(_ value: Any, at path: ArraySlice<Any>, with replacement: Any) -> Any {
        guard let step = path.first else { return replacement }
        if var object = value as? [String: Any], let key = step as? String {
            object[key] = replacing(object[key] ?? NSNull(), at: path.dropFirst(), with: replacement)
            return object
        }
        if var array = value as? [Any], let index = step as? Int, array.indices.contains(index) {
            array[index] = replacing(array[index], at: path.dropFirst(), with: replacement)
            return array
        }
        return value
    }

    @Test(arguments: StoreKitFixtures.valid)
    func everyValueReplacedByAnythingIsReadOrRefused(name: String) throws {
        let original = try JSONSerialization.jsonObject(with: StoreKitFixtures.data(name))
        var read = 0, refused = 0
        let awkward = Self.awkward
        for (n, path) in Self.paths(in: original).enumerated() where !path.isEmpty {
            for value in (0..<3).map({ awkward[(n * 3 + $0) % awkward.count] }) {
                let edited = Self.replacing(original, at: path[...], with: value)
                guard let data = try? JSONSerialization.data(withJSONObject: edited) else { continue }
                do {
                    let inspection = try CatalogLoader.inspect(data, path: "fuzzed.storekit")
                    // A catalog read whole writes a file that reads again with no problem.
                    if inspection.problems.isEmpty {
                        let written = try CatalogLoader.storeKitFile(inspection.catalog)
                        #expect(try CatalogLoader.inspect(written.data, path: "again.storekit").problems == [], "\(path): \(value)")
                    }
                    read += 1
                } catch let error as DataFileError {
                    #expect(error.path == "fuzzed.storekit", "\(path): \(value)")
                    refused += 1
                }
            }
        }
        #expect(read > 0 && refused > 0)
    }
}
