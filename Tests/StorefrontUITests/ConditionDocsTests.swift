import CatalogFiles
import Foundation
import SampleApp
import AppStoreCore
import Testing
@testable import StorefrontUI

/// The documentation says what the table of conditions says: docs/store-conditions-and-time.md's
/// `storefront set` table row by row, and the header's badges wherever they are listed.
@Suite struct ConditionDocsTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The rows under the page's "| setting | values | default |" header, as plain cells.
    static func setTableRows() throws -> [[String]] {
        let lines = try text("docs/store-conditions-and-time.md").components(separatedBy: "\n")
        let header = try #require(lines.firstIndex(of: "| setting | values | default |"), "the page has the set table")
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

    @Test func theSetTableMatchesTheConditions() throws {
        let rows = try Self.setTableRows()
        let conditions = StoreCondition.all
        #expect(rows.count == conditions.count, "one row per condition")
        for (row, condition) in zip(rows, conditions) {
            #expect(row == [condition.name, condition.values, condition.defaultDescription])
        }
    }

    /// Each condition's badge while it is active, in the header's order, in English; the
    /// injected error's and the grace period's as the documentation writes them,
    /// `FAILING: <error>` and `GRACE: <days> DAYS`.
    static func badges() throws -> [String] {
        let catalog = try CatalogLoader.defaultCatalog()
        let error = SKErrorCode.paymentNotAllowed.name
        return StoreCondition.all.compactMap { condition in
            ["on", "off", "none", error, "28d"].lazy.compactMap { value -> String? in
                guard let change = try? condition.parse(value, catalog: catalog) else { return nil }
                var settings = Settings()
                change(&settings)
                return condition.badge(settings, strings: .english)?.text
            }.first
        }.map { $0.replacingOccurrences(of: error, with: "<error>").replacingOccurrences(of: "GRACE: 28", with: "GRACE: <days>") }
    }

    /// The README and the storefront's page list every badge the header shows, in its order.
    @Test(arguments: ["README.md", "docs/terminal-storefront.md"])
    func everyBadgeIsListed(page: String) throws {
        let badges = try Self.badges()
        #expect(badges.contains("NO DIALOGS") && badges.contains("FAILING: <error>"), "\(badges)")
        let text = try Self.text(page).replacingOccurrences(of: "\n", with: " ")
        let start = try #require(text.range(of: "a badge for every active condition ("), "\(page) lists the badges")
        let end = try #require(text.range(of: ")", range: start.upperBound..<text.endIndex))
        let listed = text[start.upperBound..<end.lowerBound].split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
        #expect(listed == badges)
    }

    @Test func eachConditionHasItsOwnName() {
        let names = StoreCondition.all.map(\.name)
        #expect(Set(names).count == names.count)
    }

    /// A value `set` takes reads back as `set` prints it, and one it refuses is refused with
    /// a message that starts with the condition's name.
    @Test(arguments: [("ask-to-buy", "yes", "on", "maybe"),
                      ("fail-with", "paymentNotAllowed", "4 paymentNotAllowed", "99"),
                      ("fail-with", "PurchaseLimitExceeded", "purchaseLimitExceeded", "networkError"),
                      ("fail-load-products", "NETWORKERROR", "networkError", "paymentNotAllowed"),
                      ("fail-refund-request", "duplicateRequest", "duplicateRequest", "invalidSignature"),
                      ("account", " none ", "none (signed out)", " "),
                      ("storefront", "jpn", "JPN", "GBR"),
                      ("latency", "250", "250 ms", "60001"),
                      ("billing-retry", "ON", "on", "sometimes"),
                      ("grace-period", "16D", "16d", "16")])
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
