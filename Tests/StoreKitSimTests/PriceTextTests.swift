@testable import CatalogFiles
import Foundation
import Testing
@testable import AppStoreCore

/// Prices written without Foundation's currency format (`PlainPriceText`) read exactly as
/// Foundation writes them.
@Suite struct PriceTextTests {
    /// The locales the storefront's settings cycle through and the built-in catalog's own.
    static func locales(_ catalog: Catalog) -> [String] {
        Array(Set(["en_US", "ja_JP"] + catalog.locales.map(LocaleMatch.normalized))).sorted()
    }

    @Test func everyCatalogPriceInEveryStorefrontReadsAsFoundationWritesIt() throws {
        let catalog = try CatalogLoader.defaultCatalog()
        var written = 0
        for storefront in AppStoreStorefront.all {
            for locale in Self.locales(catalog) {
                for entry in catalog.products {
                    guard let product = Product(entry, storefront: storefront, locale: locale) else { continue }
                    let offers = [product.introductoryOffer].compactMap { $0 } + product.promotionalOffers
                    let amounts = (1...10).map { product.price * Decimal($0) } + offers.map(\.price)
                    for amount in amounts {
                        let foundation = AppStoreStorefront.foundationFormat(
                            storefront.amount(amount), currency: storefront.currency, locale: locale,
                            fractionDigits: storefront.fractionDigits)
                        #expect(product.formatted(amount) == foundation, "\(storefront.id) \(locale) \(amount)")
                        let plain = PlainPriceText.text(storefront.amount(amount), currency: storefront.currency,
                                                        locale: locale, fractionDigits: storefront.fractionDigits)
                        if plain != nil { written += 1 }
                        // A first frame in the United States or Japan needs no ICU.
                        if ["USA", "JPN"].contains(storefront.id), ["en_US", "ja_JP"].contains(locale) {
                            #expect(plain != nil, "\(storefront.id) \(locale) \(amount)")
                        }
                    }
                }
            }
        }
        #expect(written > 100)
    }

    @Test func amountsOfEveryLengthReadAsFoundationWritesThem() {
        let amounts = ["0", "0.5", "0.99", "1", "9.9", "12", "999.99", "1000", "1234.5", "99999.99", "1000000",
                       "123456789.01", "4.990"]
        for currency in ["USD", "JPY", "EUR", "GBP", "AUD", "CAD", "KRW"] {
            let storefront = AppStoreStorefront.all.first { $0.currency == currency }!
            for locale in ["en_US", "ja_JP"] {
                for text in amounts {
                    let amount = storefront.amount(Decimal(string: text)!)
                    let plain = PlainPriceText.text(amount, currency: currency, locale: locale,
                                                    fractionDigits: storefront.fractionDigits)
                    #expect(plain != nil, "\(currency) \(locale) \(text)")
                    #expect(plain == AppStoreStorefront.foundationFormat(amount, currency: currency, locale: locale,
                                                                         fractionDigits: storefront.fractionDigits),
                            "\(currency) \(locale) \(text)")
                }
            }
        }
    }

    @Test func otherConventionsAreLeftToFoundation() {
        let price = Decimal(string: "4.99")!
        #expect(PlainPriceText.text(price, currency: "EUR", locale: "de_DE", fractionDigits: 2) == nil)
        #expect(PlainPriceText.text(price, currency: "CNY", locale: "ja_JP", fractionDigits: 2) == nil)
        #expect(PlainPriceText.text(price, currency: "USD", locale: "en_US", fractionDigits: 0) == nil, "would be rounded")
        #expect(PlainPriceText.text(-price, currency: "USD", locale: "en_US", fractionDigits: 2) == nil)
        let germany = AppStoreStorefront.all.first { $0.id == "DEU" }!
        #expect(germany.format(price, locale: "de_DE") == "4,99\u{A0}€")
    }
}
