import Foundation
import AppStoreCore

/// A price as a .storekit file writes it: text such as "0.99" or "480", read as an exact
/// decimal from its digits (never through a binary Double), and written back the same way.
enum StoreKitPriceText {
    /// Digits, and a decimal point with digits after it: no sign, exponent, grouping or
    /// "NaN", and no more digits than any price has.
    static func decimal(_ text: String) -> Decimal? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count),
              parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              parts[0].count <= 12, parts.count == 1 || parts[1].count <= 6 else { return nil }
        return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
    }

    /// "0.99", "480": the decimal's own digits, with no grouping and a point whatever the locale.
    static func text(_ price: Decimal) -> String {
        var value = price
        return NSDecimalString(&value, Locale(identifier: "en_US_POSIX"))
    }

    /// The one of prices per storefront a file's `displayPrice` holds beside them: `home`'s
    /// (the file's storefront setting), the United States', else the first.
    static func displayed(_ prices: [String: Decimal], home: String) -> Decimal {
        prices[home] ?? prices[AppStoreStorefront.unitedStates.id] ?? prices.sorted { $0.key < $1.key }.first?.value ?? 0
    }

    /// The storefront a file's prices are displayed for (`displayed(_:home:)`).
    static func home(_ settings: CatalogSettings) -> String {
        settings.storefront ?? AppStoreStorefront.unitedStates.id
    }

    /// Why `text` is not a price, for a problem at its path.
    static func problem(_ text: String) -> String {
        "\"\(text)\" is not a price: write digits with a decimal point, such as \"0.99\" or \"480\""
    }
}
