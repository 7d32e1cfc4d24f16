import Foundation
import Testing
@testable import SampleApp

/// The App Store's sheets write a date as the locale does; English and Japanese are written
/// by hand (no ICU on the first frame) and must read as Foundation writes them.
@Suite struct LocalDateTests {
    @Test func englishAndJapaneseReadAsTheAppStoreWritesThem() {
        let display = TimeDisplay(timeZone: TimeZone(identifier: "Asia/Tokyo")!)
        let date = ISO8601DateFormatter().date(from: "2026-12-05T15:30:00Z")!  // Dec 6, 00:30 in Tokyo
        #expect(display.localDate(date, language: "en") == "Dec 6, 2026")
        #expect(display.localDate(date, language: "ja") == "2026年12月6日")
        #expect(display.localDate(date, language: "ja_JP") == "2026年12月6日")
    }

    @Test func byteForByteAsFoundationsTemplate() {
        // The store's clock runs from 1600 to 9999: the years LocalTime works out itself.
        let moments = LocalTimeTests.moments.filter { (-11_676_096_000.0...253_402_300_799.0).contains($0.timeIntervalSince1970) }
        for name in LocalTimeTests.zones {
            let zone = TimeZone(identifier: name)!
            let display = TimeDisplay(timeZone: zone)
            for (language, locale) in [("en", "en_US"), ("ja", "ja_JP")] {
                let formatter = DateFormatter()
                formatter.locale = Locale(identifier: locale)
                formatter.timeZone = zone
                formatter.setLocalizedDateFormatFromTemplate("yMMMd")
                for date in moments {
                    #expect(display.localDate(date, language: language) == formatter.string(from: date),
                            "\(name) \(locale) \(date.timeIntervalSince1970)")
                }
            }
        }
    }
}
