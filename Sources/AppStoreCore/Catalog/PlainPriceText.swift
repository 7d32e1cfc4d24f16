import Foundation

/// A price written without Foundation's currency format, byte for byte as that format writes
/// it, where its conventions are plain: English (US) and Japanese (Japan), a currency whose
/// symbol goes before the amount with nothing between ("$1,234.50", "¥480", "€4.99"). The
/// first currency format of a process loads ICU's tables, which cost the storefront's first
/// frame more than the rest of it took to draw. `PriceTextTests` holds it to Foundation's
/// text for every price of the built-in catalog in every storefront.
enum PlainPriceText {
    /// The locales whose currency format is `[symbol][grouped digits].[fraction]`, with "," grouping
    /// by three and "." before the fraction.
    private static let locales: Set<String> = ["en_US", "ja_JP"]

    /// The symbol both locales write before the amount; a currency not here (CNY, written
    /// "CN¥" in one and "元 " in the other; CHF, "CHF ") is left to Foundation.
    private static let symbols: [String: String] = [
        "USD": "$", "JPY": "¥", "EUR": "€", "GBP": "£", "AUD": "A$", "CAD": "CA$", "KRW": "₩",
    ]

    /// `amount` with exactly `fractionDigits` decimal places, or nil where Foundation must
    /// write it: another locale or currency, a negative amount, more decimal places than the
    /// currency has (Foundation would round them).
    static func text(_ amount: Decimal, currency: String, locale: String, fractionDigits: Int) -> String? {
        guard locales.contains(locale), let symbol = symbols[currency], amount >= 0 else { return nil }
        // Decimal's description is plain decimal notation: "1234.5", "480", "0.99".
        let written = amount.description
        let parts = written.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let whole = parts.first, !whole.isEmpty, whole.allSatisfy(\.isASCIIDigit) else { return nil }
        var fraction: Substring = parts.count == 2 ? parts[1] : ""
        guard fraction.allSatisfy(\.isASCIIDigit) else { return nil }
        // Trailing zeros past the currency's places change nothing; any other digit would be rounded.
        while fraction.count > fractionDigits, fraction.last == "0" { fraction.removeLast() }
        guard fraction.count <= fractionDigits else { return nil }
        var text = symbol + grouped(whole)
        if fractionDigits > 0 {
            text += "." + String(fraction) + String(repeating: "0", count: fractionDigits - fraction.count)
        }
        return text
    }

    /// "1234567" as "1,234,567".
    private static func grouped(_ digits: Substring) -> String {
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return text
    }
}

private extension Character {
    var isASCIIDigit: Bool { asciiValue.map { (48...57).contains($0) } ?? false }
}
