import Foundation
import StoreKitSim
import Testing
@testable import StorefrontUI

/// The README's `storefront set` table says what the table of conditions says, row by row.
@Suite struct ReadmeSettingsTableTests {
    /// The rows under the README's "| setting | values | default |" header, as plain cells.
    static func readmeRows() throws -> [[String]] {
        let readme = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("README.md")
        let lines = try String(contentsOf: readme, encoding: .utf8).components(separatedBy: "\n")
        let header = try #require(lines.firstIndex(of: "| setting | values | default |"), "the README has the set table")
        return lines[(header + 2)...].prefix { $0.hasPrefix("|") }.map(cells)
    }

    /// A Markdown table row's cells: split at the pipes that are not escaped (`\|`), without
    /// the code spans' backticks.
    static func cells(_ row: String) -> [String] {
        let marker = "\u{0}"
        return row.replacingOccurrences(of: "\\|", with: marker)
            .split(separator: "|")
            .map { $0.trimmingCharacters(in: .whitespaces)
                .replacingOccurrences(of: "`", with: "")
                .replacingOccurrences(of: marker, with: "|") }
    }

    @Test func theReadmeSetTableMatchesTheConditions() throws {
        let rows = try Self.readmeRows()
        let conditions = StoreCondition.all
        #expect(rows.count == conditions.count, "one README row per condition")
        for (row, condition) in zip(rows, conditions) {
            #expect(row == [condition.name, condition.values, condition.defaultDescription])
        }
    }

    @Test func eachConditionHasItsOwnName() {
        let names = StoreCondition.all.map(\.name)
        #expect(Set(names).count == names.count)
    }

    /// A value `set` takes reads back as `set` prints it, and one it refuses is refused with
    /// a message that starts with the condition's name.
    @Test(arguments: [("ask-to-buy", "yes", "on", "maybe"),
                      ("fail-with", "paymentNotAllowed", "4 paymentNotAllowed", "99"),
                      ("account", " none ", "none (signed out)", " "),
                      ("storefront", "jpn", "JPN", "GBR"),
                      ("latency", "250", "250 ms", "60001")])
    func aTypedValueReadsBack(name: String, typed: String, described: String, refused: String) throws {
        let condition = try #require(StoreCondition.all.first { $0.name == name })
        let catalog = try CatalogLoader.defaultCatalog()
        var settings = Settings()
        try condition.parse(typed, catalog: catalog)(&settings)
        #expect(condition.describe(settings) == described)
        let refusal = #expect(throws: StoreCondition.InvalidValue.self) { try condition.parse(refused, catalog: catalog) }
        #expect(refusal?.message.hasPrefix("\(name) takes") == true)
    }
}
