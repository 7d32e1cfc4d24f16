import Testing
@testable import AppStoreCore

@Suite struct LocaleMatchTests {
    /// A locale already written as the store writes it comes back as it is; any other is
    /// rewritten, whichever of the two ways `normalized` takes.
    @Test(arguments: [
        ("en_US", "en_US"), ("ja", "ja"), ("zh_Hant_TW", "zh_Hant_TW"), ("es_419", "es_419"),
        ("en-US", "en_US"), ("en_us", "en_US"), ("JA", "ja"), ("En_US", "en_US"), ("zh-hant-tw", "zh_hant_TW"),
        ("en__US", "en_US"), ("_en", "en"), ("en_", "en"), ("", ""), ("fr_ca_x", "fr_CA_x"),
    ])
    func normalizedLocale(written: String, normalized: String) {
        #expect(LocaleMatch.normalized(written) == normalized)
    }

    @Test func bestLocalizationMatchesWhateverTheWayTheLocaleIsWritten() {
        let entries = ["en_US", "ja_JP", "ja"]
        #expect(LocaleMatch.best(for: "ja-jp", among: entries) { $0 } == "ja_JP")
        #expect(LocaleMatch.best(for: "JA", among: entries) { $0 } == "ja")
        #expect(LocaleMatch.best(for: "fr_FR", among: entries) { $0 } == "en_US")
    }
}
