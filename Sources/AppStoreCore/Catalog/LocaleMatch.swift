/// Picks a localization for a device's locale as StoreKit does: the same locale, else the
/// same language (a language-only entry first), else English, else the first.
public enum LocaleMatch {
    public static func best<T>(for deviceLocale: String, among entries: [T], locale key: (T) -> String) -> T? {
        let wanted = normalized(deviceLocale)
        if let exact = entries.first(where: { normalized(key($0)) == wanted }) { return exact }
        let wantedLanguage = language(of: wanted)
        let sameLanguage = entries.filter { language(of: normalized(key($0))) == wantedLanguage }
        if let plain = sameLanguage.first(where: { normalized(key($0)) == wantedLanguage }) { return plain }
        if let any = sameLanguage.first { return any }
        return entries.first { language(of: normalized(key($0))) == "en" } ?? entries.first
    }

    /// "en-US", "en_us" → "en_US"; "JA" → "ja".
    public static func normalized(_ locale: String) -> String {
        if isNormalized(locale) { return locale }
        let parts = locale.split(whereSeparator: { $0 == "_" || $0 == "-" })
        guard let first = parts.first else { return locale }
        return ([first.lowercased()] + parts.dropFirst().map { $0.count == 2 ? $0.uppercased() : String($0) })
            .joined(separator: "_")
    }

    /// Whether `normalized` gives `locale` back: ASCII parts joined by single "_", the first
    /// without capitals, each later one of two characters without small letters. Most locales
    /// are ("en_US", "ja"), and a frame matches every product's localizations against one.
    private static func isNormalized(_ locale: String) -> Bool {
        var part = 0, length = 0, hasLower = false, hasUpper = false
        func partIsNormalized() -> Bool { length > 0 && (part == 0 ? !hasUpper : length != 2 || !hasLower) }
        for byte in locale.utf8 {
            if byte >= 0x80 || byte == UInt8(ascii: "-") { return false }
            if byte == UInt8(ascii: "_") {
                guard partIsNormalized() else { return false }
                (part, length, hasLower, hasUpper) = (part + 1, 0, false, false)
            } else {
                length += 1
                if (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) { hasLower = true }
                if (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) { hasUpper = true }
            }
        }
        return partIsNormalized()
    }

    public static func language(of locale: String) -> String {
        String(locale.prefix { $0 != "_" })
    }

    /// Localizations keyed by locale, in a stable order: English first (the default), then by locale.
    public static func ordered<V>(_ map: [String: V]) -> [(key: String, value: V)] {
        map.sorted { a, b in
            let aEnglish = language(of: normalized(a.key)) == "en", bEnglish = language(of: normalized(b.key)) == "en"
            return aEnglish != bEnglish ? aEnglish : a.key < b.key
        }
    }

    /// Whether `text` reads as a locale identifier: a language of 2 or 3 letters, then
    /// optional parts (script, region) after "_" or "-": "ja", "en_US", "zh-Hant_TW".
    public static func isLocale(_ text: String) -> Bool {
        let parts = text.split(separator: "_", omittingEmptySubsequences: false).flatMap { $0.split(separator: "-", omittingEmptySubsequences: false) }
        guard text.count <= 20, let language = parts.first, (2...3).contains(language.count),
              language.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        return parts.dropFirst().allSatisfy { (2...4).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }
}
