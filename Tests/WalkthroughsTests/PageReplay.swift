import Foundation
import Testing

/// A walkthrough's page read back as its player reads it: the frames' JSON from
/// `<script id="frames">`, each frame's rows replayed from its keyframe and the changes after
/// it, and each row's text as the browser shows it (tags dropped, entities read).
struct PageReplay {
    let html: String
    let lines: [String]
    let frames: [[String: Any]]
    let steps: [[String: Any]]
    let rows: Int

    init(_ html: String) throws {
        self.html = html
        let json = try #require(Self.element(in: html, open: "<script type=\"application/json\" id=\"frames\">", close: "</script>"))
        let data = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let screen = try #require(data["screen"] as? [String: Any])
        lines = try #require(screen["lines"] as? [String])
        frames = try #require(screen["frames"] as? [[String: Any]])
        rows = try #require(screen["rows"] as? Int)
        steps = try #require(data["steps"] as? [[String: Any]])
    }

    /// The text between `open` and the next `close`, if the page has it.
    static func element(in html: String, open: String, close: String) -> String? {
        guard let start = html.range(of: open), let end = html.range(of: close, range: start.upperBound..<html.endIndex) else { return nil }
        return String(html[start.upperBound..<end.lowerBound])
    }

    /// Frame `n`'s rows as text, trailing spaces removed.
    func screen(frame n: Int) throws -> [String] {
        var start = n
        while frames[start]["k"] == nil { start -= 1 }
        var shown = try #require(frames[start]["k"] as? [Int])
        #expect(shown.count == rows)
        for i in stride(from: start + 1, through: n, by: 1) {
            let changes = try #require(frames[i]["d"] as? [Int])
            for pair in stride(from: 0, to: changes.count, by: 2) { shown[changes[pair]] = changes[pair + 1] }
        }
        return shown.map { Self.text(lines[$0]) }
    }

    /// The frame step `n` shows (0: the opening screen).
    func frame(ofStep n: Int) throws -> Int {
        try #require(steps[n]["f"] as? Int)
    }

    /// HTML as the text a browser shows, trailing spaces removed.
    static func text(_ html: String) -> String {
        var text = html.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
