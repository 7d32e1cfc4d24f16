import Foundation

extension AppStoreStorefront {
    /// The storefronts a catalog priced everywhere cycles through: a few with different
    /// currencies and conventions ($, ¥ without decimals, € after the amount, £).
    static let featured = ["USA", "JPN", "DEU", "FRA", "GBR"]

    /// How many decimal places its currency's prices have: 2 for USD, 0 for JPY.
    public var fractionDigits: Int {
        // The currency's own decimals, as its formatting writes one unit: "$1.00", "¥1".
        let one = Decimal(1).formatted(.currency(code: currency).locale(Locale(identifier: "en_US_POSIX")))
        guard let point = one.lastIndex(of: ".") else { return 0 }
        return one[one.index(after: point)...].prefix { $0.isNumber }.count
    }

    /// `price` in this storefront's currency as a device set to `locale` writes it:
    /// "$4.99", "¥480", "4,99 €" (de_DE), "€4.99" (en_US). A price with more decimal places
    /// than the currency has (a .storekit price, never converted) keeps them.
    public func format(_ price: Decimal, locale: String) -> String {
        let style = Decimal.FormatStyle.Currency(code: currency, locale: Locale(identifier: locale))
        guard price.fractionDigits > fractionDigits else { return price.formatted(style) }
        return price.formatted(style.precision(.fractionLength(price.fractionDigits)))
    }
}

extension Decimal {
    /// How many decimal places its written form has: 2 for 4.99, 0 for 480.
    var fractionDigits: Int {
        max(0, -exponent)
    }
}

extension AppStoreStorefront {
    /// The storefront a new store starts in.
    public static let unitedStates = AppStoreStorefront(id: "USA", identifier: "143441", region: "US", currency: "USD", name: "United States")
}
