import Foundation

/// A page of the documentation (README.md, docs/*.md) read as GitHub reads it, for the tests
/// that keep the documentation true: its fenced blocks, its links and its headings' anchors.
struct MarkdownPage {
    /// The package's directory.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// README.md and every page in docs/.
    static func all() throws -> [MarkdownPage] {
        let docs = root.appendingPathComponent("docs")
        let pages = try FileManager.default.contentsOfDirectory(atPath: docs.path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        return try (["README.md"] + pages).map { try MarkdownPage($0) }
    }

    /// The page's path from the package's directory: `docs/walkthroughs.md`.
    let path: String
    let text: String

    init(_ path: String) throws {
        self.path = path
        text = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
    }

    init(path: String, text: String) {
        self.path = path
        self.text = text
    }

    /// A fenced block: the word after its opening fence (```walk), its text, each line with
    /// its line end, and the line of the page it starts on.
    struct Block {
        var info: String
        var text: String
        var line: Int
    }

    var blocks: [Block] {
        var blocks: [Block] = []
        var open: Block?
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            if line.hasPrefix("```") {
                if let block = open {
                    blocks.append(block)
                    open = nil
                } else {
                    open = Block(info: String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces), text: "", line: index + 1)
                }
            } else {
                open?.text += line + "\n"
            }
        }
        return blocks
    }

    /// The page's lines outside its fenced and indented code blocks (those read as empty).
    var textLines: [String] {
        var fenced = false
        return text.components(separatedBy: "\n").map { line in
            if line.hasPrefix("```") {
                fenced.toggle()
                return ""
            }
            return fenced || line.hasPrefix("    ") ? "" : line
        }
    }

    /// The page's text without its code, where links are read. A code span may go on over a
    /// line break.
    var prose: String {
        textLines.joined(separator: "\n").replacing(/`[^`]*`/, with: "code")
    }

    /// Every link's target as written: `docs/install.md`, `../README.md#one-screen`, `#keys`.
    var links: [String] {
        prose.matches(of: /\]\(([^)\s]+)\)/).map { String($0.output.1) }
    }

    /// The anchors GitHub gives the page's headings (`## Store time` → `store-time`), a
    /// repeated one numbered as GitHub numbers it (`-1`, `-2`).
    var anchors: Set<String> {
        var seen: [String: Int] = [:]
        var anchors = Set<String>()
        for line in textLines where line.hasPrefix("#") {
            let level = line.prefix { $0 == "#" }.count
            guard level <= 6, line.dropFirst(level).hasPrefix(" ") else { continue }
            let heading = line.dropFirst(level).trimmingCharacters(in: .whitespaces)
            let slug = Self.slug(heading)
            let count = seen[slug, default: 0]
            seen[slug] = count + 1
            anchors.insert(count == 0 ? slug : "\(slug)-\(count)")
        }
        return anchors
    }

    /// GitHub's anchor for a heading: lower case, letters, digits, `-` and `_` kept, spaces
    /// made `-`, everything else (punctuation, backticks, symbols) dropped.
    static func slug(_ heading: String) -> String {
        let kept = heading.lowercased().unicodeScalars.filter {
            $0.properties.isAlphabetic || $0.properties.numericType != nil || "-_ ".unicodeScalars.contains($0)
        }
        return String(String.UnicodeScalarView(kept)).replacingOccurrences(of: " ", with: "-")
    }

    /// The links of the page that lead nowhere: a file that does not exist, or an anchor no
    /// heading of its page has. Links to the web are not followed.
    func brokenLinks(pages: [String: MarkdownPage] = [:]) -> [String] {
        links.filter { !$0.contains("://") && !$0.hasPrefix("mailto:") }.compactMap { link in
            let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let (file, anchor) = (parts[0], parts.count > 1 ? parts[1] : nil)
            let target = file.isEmpty ? path : Self.resolve(file, from: path)
            guard file.isEmpty || FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(target).path) else {
                return "\(path): \(link): \(target) does not exist"
            }
            guard let anchor else { return nil }
            let page = target == path ? self : pages[target] ?? (try? MarkdownPage(target))
            guard let page, page.anchors.contains(anchor) else {
                return "\(path): \(link): \(target) has no heading #\(anchor)"
            }
            return nil
        }
    }

    /// `../assets/x.walk` from `docs/walkthroughs.md` is `assets/x.walk`.
    static func resolve(_ link: String, from page: String) -> String {
        var parts = page.split(separator: "/").dropLast().map(String.init)
        for part in link.split(separator: "/").map(String.init) {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return parts.joined(separator: "/")
    }
}
