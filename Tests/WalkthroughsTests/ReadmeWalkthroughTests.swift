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
        // The example column's code spans; "… error none" continues the one before it.
        let examples = rows.flatMap { row in
            // Split at the pipes that are not escaped (`\|` in a step's syntax).
            let cells = row.replacingOccurrences(of: "\\|", with: "/").split(separator: "|", omittingEmptySubsequences: false)
            return cells[2].split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
                .filter { !$0.hasPrefix("…") }
        }
        // A file of `vary` lines needs a step too, and a `when` names conditions its file varies:
        // the table's own `vary` examples.
        let varied = examples.filter { $0.hasPrefix("vary ") }.joined(separator: "\n")
        for example in examples {
            let text = example.hasPrefix("vary ") ? example + "\nexpect credits 0" : example.hasPrefix("when ") ? varied + "\n" + example : example
            #expect(throws: Never.self, "\(example)") { _ = try parser.parse(text, file: "README") }
        }
        #expect(examples.count >= rows.count)
    }
}
