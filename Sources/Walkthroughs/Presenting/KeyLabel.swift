import StorefrontUI

/// A key as the caption band shows it being pressed: its name as a `key` step writes it.
enum KeyLabel {
    static func of(_ key: Key) -> String {
        if let (name, _) = KeyNames.named.first(where: { $0.1 == key }) { return name }
        switch key {
        case .char(let c): return String(c)
        case .click(let x, let y): return "click \(x),\(y)"
        case .scrollUp: return "wheel up"
        case .scrollDown: return "wheel down"
        default: return "?"
        }
    }
}
