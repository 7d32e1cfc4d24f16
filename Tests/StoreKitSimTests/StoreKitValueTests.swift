@testable import CatalogFiles
import Foundation
import Testing
@testable import AppStoreCore

/// The values of a .storekit file storefront turns into its own: prices, time rates, errors.
@Suite struct StoreKitValueTests {
    @Test func pricesAreExactDecimalsFromTheirDigits() {
        #expect(StoreKitPriceText.decimal("0.99") == Decimal(string: "0.99"))
        #expect(StoreKitPriceText.decimal("480") == 480)
        #expect(StoreKitPriceText.decimal("0.5") == Decimal(string: "0.5"))
        // Through a Double this would be 0.30000000000000004.
        #expect(StoreKitPriceText.decimal("0.3") == Decimal(sign: .plus, exponent: -1, significand: 3))
        #expect(StoreKitPriceText.text(Decimal(string: "2.99") ?? 0) == "2.99")
        #expect(StoreKitPriceText.text(4800) == "4800")
    }

    @Test(arguments: ["", "-1", "+1", "1e3", "NaN", "inf", "1,99", "1.", ".5", "1.2.3", "１２", "12abc", " 1",
                      "1234567890123", "0.1234567", "٣"])
    func textThatIsNotAPriceIsRefused(text: String) {
        #expect(StoreKitPriceText.decimal(text) == nil)
    }

    @Test func timeRatesAreXcodes() {
        #expect(StoreKitTimeRate.rate(0) == .realtime)
        #expect(StoreKitTimeRate.rate(6) == TimeRate("1d-per-s"))
        #expect(StoreKitTimeRate.rate(13) == TimeRate("1mo-per-5min"))
        #expect(StoreKitTimeRate.rate(15) == TimeRate("1mo-per-30s"))
        #expect(StoreKitTimeRate.rate(1005) == TimeRate("1mo-per-2s"))
        for unknown in [-1, 7, 14, 16, 999, 1006, Int.max] { #expect(StoreKitTimeRate.rate(unknown) == nil) }
        // Written back as the monthly rate, not the fixed interval that reads the same.
        #expect(StoreKitTimeRate.value(TimeRate("1mo-per-30s") ?? .realtime) == 15)
        #expect(StoreKitTimeRate.value(TimeRate("1w-per-s") ?? .realtime) == nil)
    }

    @Test func everyTimeRateReadIsWrittenAsOneThatReadsTheSame() throws {
        for value in [0, 1, 2, 3, 4, 5, 6, 10, 11, 12, 13, 15, 1000, 1001, 1002, 1003, 1004, 1005] {
            let rate = try #require(StoreKitTimeRate.rate(value))
            let written = try #require(StoreKitTimeRate.value(rate))
            #expect(StoreKitTimeRate.rate(written) == rate, "\(value)")
        }
    }

    @Test func errorChoicesAreSKErrorCodes() {
        #expect(StoreKitErrorChoice.code(type: "generic", index: 4) == .storeProductNotAvailable)
        #expect(StoreKitErrorChoice.code(type: "generic", index: 1) == .paymentCancelled)
        #expect(StoreKitErrorChoice.code(type: "purchase", index: 2) == .paymentNotAllowed)
        #expect(StoreKitErrorChoice.code(type: "purchase", index: 7) == .missingOfferParams)
        // A network error is no SKError; an index past the type's cases is no error at all.
        #expect(StoreKitErrorChoice.code(type: "generic", index: 2) == nil)
        #expect(StoreKitErrorChoice.code(type: "generic", index: -1) == nil)
        #expect(StoreKitErrorChoice.code(type: "purchase", index: 8) == nil)
        #expect(StoreKitErrorChoice.code(type: "verification", index: 0) == nil)
        #expect(StoreKitErrorChoice.name(type: "generic", index: 2) == "networkError")
    }

    @Test func everyErrorReadIsWrittenAsAChoiceThatReadsTheSame() {
        for type in ["generic", "purchase"] {
            for index in 0..<10 {
                guard let code = StoreKitErrorChoice.code(type: type, index: index) else { continue }
                let choice = StoreKitErrorChoice.choice(for: code)
                #expect(StoreKitErrorChoice.code(type: choice.type, index: choice.index) == code, "\(type) \(index)")
            }
        }
    }
}
