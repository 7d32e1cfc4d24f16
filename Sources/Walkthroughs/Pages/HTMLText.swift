import StorefrontUI

/// Text from a walkthrough, a catalog or the store as a page shows it: always text, never
/// markup. `<`, `&` and quotes become entities, so a caption holding `<script>` is read, not
/// run; control characters and the bidi controls become visible escapes, as the terminal
/// shows them (`\e`, `\u{202E}`), so none can hide text or turn the page's text around.
public enum HTMLText {
    public static func escaped(_ text: some StringProtocol) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in visible(text).unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The text with every control character and bidi control written out, for a script
    /// to set as text (the caption).
    public static func visible(_ text: some StringProtocol) -> String {
        let text = TerminalText.escaped(text)
        // The marks TerminalText leaves (they move no cell in a terminal) still reorder a
        // page's neutral characters: written out too.
        guard text.unicodeScalars.contains(where: isMark) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if isMark(scalar) { out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}" } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    /// The left-to-right, right-to-left and Arabic letter marks.
    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\u{200E}" || scalar == "\u{200F}" || scalar == "\u{061C}"
    }

    /// JSON inside a `<script type="application/json">`: `<` written as its escape, so no
    /// string in it can close the element (`</script>`) or open a comment.
    public static func scriptJSON(_ json: String) -> String {
        json.replacingOccurrences(of: "<", with: "\\u003c")
    }
}
