import Foundation

extension AppStoreStorefront {
    /// The storefronts a catalog priced everywhere cycles through: a few with different
    /// currencies and conventions ($, ¥ without decimals, € after the amount, £).
    static let featured = ["USA", "JPN", "DEU", "FRA", "GBR"]

    /// How many decimal places its currency's prices have: ISO 4217's minor unit, 2 for USD,
    /// 0 for JPY and KRW. The one rule for a price's decimals: how a price is charged and
    /// shown, and which prices a catalog may give a storefront.
    public var fractionDigits: Int { Self.minorUnitsOtherThanTwo[currency] ?? 2 }

    /// ISO 4217's currencies whose minor unit is not 2: every other has cents.
    private static let minorUnitsOtherThanTwo: [String: Int] = [
        "BIF": 0, "CLP": 0, "DJF": 0, "GNF": 0, "ISK": 0, "JPY": 0, "KMF": 0, "KRW": 0, "PYG": 0,
        "RWF": 0, "UGX": 0, "UYI": 0, "VND": 0, "VUV": 0, "XAF": 0, "XOF": 0, "XPF": 0,
        "BHD": 3, "IQD": 3, "JOD": 3, "KWD": 3, "LYD": 3, "OMR": 3, "TND": 3,
        "CLF": 4, "UYW": 4,
    ]

    /// Whether `price` is written with more decimal places than this storefront's currency has
    /// (4.99 in Japan): charged and shown rounded (`amount`).
    public func rounds(_ price: Decimal) -> Bool {
        price.fractionDigits > fractionDigits
    }

    /// `price` as this storefront charges it, in its currency's minor units: a price with more
    /// decimal places (a .storekit file's one price, never converted) rounded half up, so that
    /// 4.99 is ¥5 in Japan, never ¥4.99.
    public func amount(_ price: Decimal) -> Decimal {
        guard rounds(price) else { return price }
        var exact = price
        var rounded = Decimal()
        NSDecimalRound(&rounded, &exact, fractionDigits, .plain)
        return rounded
    }

    /// `price` in this storefront's currency as a device set to `locale` writes it:
    /// "$4.99", "¥480", "4,99 €" (de_DE), "€4.99" (en_US), with the currency's decimal places.
    public func format(_ price: Decimal, locale: String) -> String {
        let charged = amount(price)
        if let text = PlainPriceText.text(charged, currency: currency, locale: locale, fractionDigits: fractionDigits) {
            return text
        }
        return FormattedPrices.shared.text(for: FormattedPrices.Key(currency: currency, locale: locale, price: price)) {
            Self.foundationFormat(charged, currency: currency, locale: locale, fractionDigits: fractionDigits)
        }
    }

    /// `amount` as Foundation's currency format writes it: what every price text is.
    static func foundationFormat(_ amount: Decimal, currency: String, locale: String, fractionDigits: Int) -> String {
        let style = Decimal.FormatStyle.Currency(code: currency, locale: Locale(identifier: locale))
        return amount.formatted(style.precision(.fractionLength(fractionDigits)))
    }
}

/// The prices this process has written, each written once: a frame shows the same few
/// prices at every key, and Foundation's currency format costs more than the rest of a row.
/// The text depends on the currency, the locale and the amount only.
private final class FormattedPrices: @unchecked Sendable {
    struct Key: Hashable {
        var currency: String
        var locale: String
        var price: Decimal
    }

    static let shared = FormattedPrices()
    /// More than any catalog shows; past it the cache starts again rather than grow.
    private static let limit = 4096
    private let lock = NSLock()
    private var texts: [Key: String] = [:]

    func text(for key: Key, _ write: () -> String) -> String {
        if let text = lock.withLock({ texts[key] }) { return text }
        let text = write()
        lock.withLock {
            if texts.count >= Self.limit { texts.removeAll() }
            texts[key] = text
        }
        return text
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
