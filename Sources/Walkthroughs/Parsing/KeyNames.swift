import StorefrontUI

/// The keys a `key` step names, as the key table of docs/terminal-storefront.md and the footer write them.
enum KeyNames {
    static let named: [(String, Key)] = [
        ("Enter", .enter), ("Esc", .escape), ("Escape", .escape), ("Tab", .tab), ("Shift-Tab", .backTab),
        ("Up", .up), ("Down", .down), ("Left", .left), ("Right", .right),
        ("PgUp", .pageUp), ("PgDn", .pageDown), ("Home", .home), ("End", .end),
        ("Space", .char(" ")), ("Backspace", .backspace),
    ]

    /// The names as messages list them: Escape is Esc's other name.
    static let listed = named.map(\.0).filter { $0 != "Escape" }

    /// A name (any case), or a single character typed as it is (`r`, `+`, `D`).
    static func key(_ text: String) -> Key? {
        if let (_, key) = named.first(where: { $0.0.lowercased() == text.lowercased() }) { return key }
        return text.count == 1 ? .char(text.first!) : nil
    }
}
