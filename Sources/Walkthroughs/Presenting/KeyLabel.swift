import SampleApp
import StorefrontUI
import Wording

/// A key as the caption band shows it being pressed: its name as a `key` step writes it
/// (in any language); a key with no such name in the storefront's words.
enum KeyLabel {
    static func of(_ key: Key, strings: Strings) -> String {
        if let (name, _) = KeyNames.named.first(where: { $0.1 == key }) { return name }
        switch key {
        case .char(let c): return String(c)
        case .click(let x, let y): return strings.walkthrough.click(x, y)
        case .scrollUp: return strings.walkthrough.wheelUp
        case .scrollDown: return strings.walkthrough.wheelDown
        default: return "?"
        }
    }
}
