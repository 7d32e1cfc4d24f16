import Crypto
import Foundation

/// One self-contained HTML page: everything inline, nothing fetched, so it works offline from
/// file://. Its Content-Security-Policy lets run only its own script and apply only its own
/// style, named by their SHA-256, so nothing a walkthrough holds can become either.
public struct HTMLDocument: Sendable {
    /// "en", "ja".
    public var language: String
    public var title: String
    /// The page's one inline style sheet and one inline script; a page without a script
    /// (`""`) has no `<script>` and a policy that runs none.
    public var style: String
    public var script: String
    /// The body's HTML, already escaped where it holds text.
    public var body: String

    public init(language: String, title: String, style: String, script: String, body: String) {
        self.language = language
        self.title = title
        self.style = style
        self.script = script
        self.body = body
    }

    /// `default-src 'none'`: no request of any kind; images only as data: URLs.
    public var contentSecurityPolicy: String {
        let scripts = script.isEmpty ? "'none'" : "'\(Self.sha256(script))'"
        return "default-src 'none'; script-src \(scripts); style-src '\(Self.sha256(style))'; img-src data:"
    }

    /// `sha256-…`: the base64 SHA-256 of an inline element's text, as a CSP source names it.
    public static func sha256(_ text: String) -> String {
        "sha256-" + Data(SHA256.hash(data: Data(text.utf8))).base64EncodedString()
    }

    public var html: String {
        """
        <!DOCTYPE html>
        <html lang="\(HTMLText.escaped(language))">
        <head>
        <meta charset="utf-8">
        <meta http-equiv="Content-Security-Policy" content="\(contentSecurityPolicy)">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark">
        <title>\(HTMLText.escaped(title))</title>
        <style>\(style)</style>
        </head>
        <body>
        \(body)\(script.isEmpty ? "" : "\n<script>\(script)</script>")
        </body>
        </html>

        """
    }
}
