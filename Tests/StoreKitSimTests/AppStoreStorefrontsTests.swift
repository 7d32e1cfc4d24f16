import Foundation
import Testing
@testable import AppStoreCore

/// The table of App Store storefronts: well-formed codes, no duplicates, and the rows a wrong
/// table would get wrong.
@Suite struct AppStoreStorefrontsTests {
    let all = AppStoreStorefront.all

    @Test func holdsEveryAppStoreCountryAndRegion() {
        #expect(all.count == 175)
    }

    @Test func idsAreUniqueAlpha3Codes() {
        #expect(Set(all.map(\.id)).count == all.count)
        for storefront in all {
            #expect(isUppercaseLetters(storefront.id, count: 3), "\(storefront.id)")
        }
    }

    @Test func identifiersAreUniqueNumbers() {
        #expect(Set(all.map(\.identifier)).count == all.count)
        for storefront in all {
            #expect(!storefront.identifier.isEmpty && storefront.identifier.allSatisfy(\.isASCIIDigit), "\(storefront.id)")
        }
    }

    @Test func regionsAreUniqueAlpha2Codes() {
        #expect(Set(all.map(\.region)).count == all.count)
        for storefront in all {
            #expect(isUppercaseLetters(storefront.region, count: 2), "\(storefront.id)")
        }
    }

    @Test func currenciesAreISOCodesFoundationKnows() {
        for storefront in all {
            #expect(isUppercaseLetters(storefront.currency, count: 3), "\(storefront.id)")
            #expect(Locale.Currency(storefront.currency).isISOCurrency, "\(storefront.id): \(storefront.currency)")
        }
    }

    @Test func everyStorefrontHasAName() {
        #expect(all.allSatisfy { !$0.name.isEmpty })
    }

    @Test(arguments: [
        ("USA", "143441", "US", "USD", "United States"),
        ("JPN", "143462", "JP", "JPY", "Japan"),
        ("DEU", "143443", "DE", "EUR", "Germany"),
        ("GBR", "143444", "GB", "GBP", "United Kingdom"),
        ("CHN", "143465", "CN", "CNY", "China mainland"),
        // Priced in US dollars though not the United States.
        ("ARG", "143505", "AR", "USD", "Argentina"),
        // Priced in euros though the euro is not its currency.
        ("SRB", "143500", "RS", "EUR", "Serbia"),
    ])
    func knownStorefronts(id: String, identifier: String, region: String, currency: String, name: String) throws {
        let storefront = try #require(AppStoreStorefront.named(id))
        #expect(storefront == AppStoreStorefront(id: id, identifier: identifier, region: region, currency: currency, name: name))
    }

    @Test func namedIgnoresCase() {
        #expect(AppStoreStorefront.named("jpn")?.name == "Japan")
        #expect(AppStoreStorefront.named("Usa")?.identifier == "143441")
        #expect(AppStoreStorefront.named("XYZ") == nil)
        #expect(AppStoreStorefront.named("") == nil)
        #expect(AppStoreStorefront.named("US") == nil, "alpha-2 is not an id")
    }

    @Test func orderedByID() {
        #expect(all.map(\.id) == all.map(\.id).sorted())
    }

    private func isUppercaseLetters(_ code: String, count: Int) -> Bool {
        code.count == count && code.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) }
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
