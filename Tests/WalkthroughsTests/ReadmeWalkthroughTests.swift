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

/// The README's walkthroughs of each flow are the shipped files: every fenced block labelled
/// with a walkthrough's path (a line "`assets/walkthroughs/NAME.walk`:", then the block, a
/// blank line between them or not) is that file byte for byte, and every file in
/// assets/walkthroughs is shown.
@Suite struct ReadmeShippedWalkthroughTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The README's blocks labelled with a walkthrough's path, in order: the path and the
    /// block's bytes, each line with its line end.
    static func labelledBlocks(in readme: [UInt8]) -> [(path: String, text: [UInt8], line: Int)] {
        let lines = readme.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
        let fence = Array("```".utf8)
        var blocks: [(String, [UInt8], Int)] = []
        var index = 0
        while index < lines.count {
            defer { index += 1 }
            let line = String(decoding: lines[index], as: UTF8.self)
            guard line.hasPrefix("`"), line.hasSuffix(".walk`:") else { continue }
            let open = index + 1 < lines.count && lines[index + 1].isEmpty ? index + 2 : index + 1
            guard open < lines.count, lines[open] == fence else { continue }
            let path = String(line.dropFirst().dropLast(2))
            var end = open + 1
            while end < lines.count, lines[end] != fence { end += 1 }
            blocks.append((path, lines[(open + 1)..<end].flatMap { $0 + [UInt8(ascii: "\n")] }, index + 1))
            index = end
        }
        return blocks
    }

    /// Where two texts part: the first line that differs, as each has it.
    static func firstDifference(_ shown: [UInt8], _ file: [UInt8]) -> String {
        let a = shown.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let b = file.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let line = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
        func text(_ lines: [ArraySlice<UInt8>]) -> String {
            line < lines.count ? String(decoding: lines[line], as: UTF8.self).debugDescription : "(no line)"
        }
        return "at its line \(line + 1): the README has \(text(a)), the file \(text(b))"
    }

    @Test func everyLabelledBlockIsItsFileAndEveryShippedFileIsShown() throws {
        let readme = try [UInt8](Data(contentsOf: Self.root.appendingPathComponent("README.md")))
        let blocks = Self.labelledBlocks(in: readme)
        for block in blocks {
            #expect(block.path.hasPrefix("assets/walkthroughs/"), "README.md:\(block.line): \(block.path) is not a shipped walkthrough")
            let file = try? [UInt8](Data(contentsOf: Self.root.appendingPathComponent(block.path)))
            #expect(file != nil, "README.md:\(block.line): \(block.path) does not exist")
            if let file, block.text != file {
                Issue.record("README.md:\(block.line): the block differs from \(block.path) \(Self.firstDifference(block.text, file))")
            }
        }
        let directory = Self.root.appendingPathComponent("assets/walkthroughs")
        let shipped = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".walk") }.sorted().map { "assets/walkthroughs/" + $0 }
        #expect(shipped.count == 13, "\(shipped)")
        #expect(blocks.map(\.path).sorted() == shipped, "each shipped walkthrough shown once in the README")
    }

    @Test func aBlockIsFoundWithItsLabelAndEndsAtItsFence() {
        let readme = Array("""
            text
            `assets/walkthroughs/a.walk`:

            ```
            open "Premium Quotes"

            press "Buy"
            ```
            `assets/walkthroughs/b.walk`:
            ```
            key Enter
            ```
            `assets/walkthroughs/c.walk`:
            text, not a block
            ```
            key Esc
            ```

            """.utf8)
        let blocks = Self.labelledBlocks(in: readme)
        #expect(blocks.map(\.path) == ["assets/walkthroughs/a.walk", "assets/walkthroughs/b.walk"])
        #expect(blocks.map { String(decoding: $0.text, as: UTF8.self) } == ["open \"Premium Quotes\"\n\npress \"Buy\"\n", "key Enter\n"])
        #expect(blocks.map(\.line) == [2, 9])
    }
}
