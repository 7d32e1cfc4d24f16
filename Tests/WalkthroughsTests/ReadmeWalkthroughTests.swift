import Foundation
import StoreKitSim
import Testing
@testable import Walkthroughs

/// The README's account of the format stays true: its example runs, every step kind has a row
/// in its table, and every example there is a step.
@Suite struct ReadmeWalkthroughTests {
    let catalog = try! CatalogLoader.defaultCatalog()

    /// The README's "Walkthrough files" section.
    static func section() throws -> String {
        let readme = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let start = try #require(text.range(of: "\n## Walkthrough files\n"))
        let end = text.range(of: "\n## ", range: start.upperBound..<text.endIndex)?.lowerBound ?? text.endIndex
        return String(text[start.upperBound..<end])
    }

    @Test func theExampleWalkthroughPasses() throws {
        let section = try Self.section()
        let open = try #require(section.range(of: "```\n"))
        let close = try #require(section.range(of: "```", range: open.upperBound..<section.endIndex))
        let walkthrough = try WalkthroughParser(catalog: catalog).parse(String(section[open.upperBound..<close.lowerBound]), file: "README")
        let result = WalkthroughRunner(catalog: catalog).run(walkthrough)
        #expect(result.passed, "\(result.failures)")
    }

    @Test func everyStepKindHasARowAndEveryExampleIsAStep() throws {
        let rows = try Self.section().split(separator: "\n").filter { $0.hasPrefix("| `") }
        let firstWords = Set(rows.compactMap { $0.dropFirst(3).split(separator: " ").first.map { String($0).trimmingCharacters(in: CharacterSet(charactersIn: "`")) } })
        #expect(firstWords == Set(WalkthroughParser.verbs), "the table's steps")
        let parser = WalkthroughParser(catalog: catalog)
        var examples = 0
        for row in rows {
            // Split at the pipes that are not escaped (`\|` in a step's syntax).
            let cells = row.replacingOccurrences(of: "\\|", with: "/").split(separator: "|", omittingEmptySubsequences: false)
            // The example column's code spans; "… error none" continues the one before it.
            for example in cells[2].split(separator: "`").enumerated().filter({ $0.offset % 2 == 1 }).map({ String($0.element) })
            where !example.hasPrefix("…") {
                examples += 1
                #expect(throws: Never.self, "\(example)") { _ = try parser.parse(example, file: "README") }
            }
        }
        #expect(examples >= rows.count)
    }
}
