import CatalogFiles
import Foundation
import AppStoreCore
import Testing
@testable import Walkthroughs

/// docs/walkthroughs.md's account of the format stays true: its example runs, every step kind
/// has a row in its table, and every example there is a step.
@Suite struct WalkthroughDocsTests {
    let catalog = try! CatalogLoader.defaultCatalog()

    static func page() throws -> MarkdownPage {
        try MarkdownPage("docs/walkthroughs.md")
    }

    /// The page's "Steps" section: the table of steps.
    static func stepsSection() throws -> String {
        let text = try page().text
        let start = try #require(text.range(of: "\n## Steps\n"))
        let end = text.range(of: "\n## ", range: start.upperBound..<text.endIndex)?.lowerBound ?? text.endIndex
        return String(text[start.upperBound..<end])
    }

    @Test func theExampleWalkthroughPasses() throws {
        let example = try #require(try Self.page().blocks.first { $0.info == "walk" }, "the page opens with an example")
        let walkthrough = try WalkthroughParser(catalog: catalog).parse(example.text, file: "docs/walkthroughs.md")
        let result = WalkthroughRunner(catalog: catalog).run(walkthrough)
        #expect(result.passed, "\(result.failures)")
    }

    @Test func everyStepKindHasARowAndEveryExampleIsAStep() throws {
        let rows = try Self.stepsSection().split(separator: "\n").filter { $0.hasPrefix("| `") }
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
            #expect(throws: Never.self, "\(example)") { _ = try parser.parse(text, file: "docs/walkthroughs.md") }
        }
        #expect(examples.count >= rows.count)
    }
}

/// The shipped walkthroughs are shown from assets/walkthroughs, not copied: docs/walkthroughs.md
/// lists every one, docs/flows.md links every one under its flow, and a walkthrough written out
/// anywhere in the documentation (a block fenced as ```walk) is one storefront reads.
@Suite struct ShippedWalkthroughDocsTests {
    let catalog = try! CatalogLoader.defaultCatalog()

    static func shipped() throws -> [String] {
        let directory = MarkdownPage.root.appendingPathComponent("assets/walkthroughs")
        return try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".walk") }.sorted().map { "assets/walkthroughs/" + $0 }
    }

    /// The walkthrough files a page links, as paths from the package's directory.
    static func linkedWalkthroughs(_ page: MarkdownPage, under heading: String? = nil) throws -> [String] {
        var page = page
        if let heading {
            let start = try #require(page.text.range(of: "\n## \(heading)\n"), "\(page.path) has \(heading)")
            let end = page.text.range(of: "\n## ", range: start.upperBound..<page.text.endIndex)?.lowerBound ?? page.text.endIndex
            page = MarkdownPage(path: page.path, text: String(page.text[start.lowerBound..<end]))
        }
        return page.links.filter { $0.hasSuffix(".walk") }.map { MarkdownPage.resolve($0, from: page.path) }
    }

    @Test func theWalkthroughsPageListsEveryShippedWalkthroughOnce() throws {
        let shipped = try Self.shipped()
        #expect(shipped.count == 41, "\(shipped)")
        let listed = try Self.linkedWalkthroughs(MarkdownPage("docs/walkthroughs.md"), under: "The shipped walkthroughs")
        #expect(listed.sorted() == shipped, "each shipped walkthrough listed once")
    }

    @Test func theFlowsPageLinksEveryShippedWalkthrough() throws {
        let shipped = try Self.shipped()
        let linked = try Set(Self.linkedWalkthroughs(MarkdownPage("docs/flows.md")))
        for file in shipped {
            #expect(linked.contains(file), "docs/flows.md links \(file)")
        }
        #expect(linked.isSubset(of: shipped), "\(linked)")
    }

    @Test func everyWalkthroughWrittenOutParses() throws {
        let parser = WalkthroughParser(catalog: catalog)
        var count = 0
        for page in try MarkdownPage.all() {
            for block in page.blocks where block.info == "walk" {
                count += 1
                #expect(throws: Never.self, "\(page.path):\(block.line)") { _ = try parser.parse(block.text, file: page.path) }
            }
        }
        #expect(count >= 2, "the format's example and the matrix's opening")
    }

    @Test func blocksAreReadWithTheirFence() {
        let page = MarkdownPage(path: "x.md", text: """
            text
            ```walk
            open "Premium Quotes"

            press "Buy"
            ```
            ```
            key Enter
            ```

            """)
        #expect(page.blocks.map(\.info) == ["walk", ""])
        #expect(page.blocks.map(\.text) == ["open \"Premium Quotes\"\n\npress \"Buy\"\n", "key Enter\n"])
        #expect(page.blocks.map(\.line) == [2, 7])
    }
}
