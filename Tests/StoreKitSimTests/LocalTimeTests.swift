import Foundation
import Testing
@testable import SampleApp

/// The times shown are worked out from a zone's offset (`LocalTime`), and read as
/// Foundation's Gregorian calendar reads them.
@Suite struct LocalTimeTests {
    static let zones = ["UTC", "Asia/Tokyo", "America/New_York", "Europe/London", "Australia/Lord_Howe",
                        "Asia/Kathmandu", "Pacific/Kiritimati", "Pacific/Pago_Pago", "America/St_Johns"]

    /// Moments across the years a store's clock runs in, at and just before whole seconds,
    /// days, months and the turns of the centuries (2000 a leap year, 2100 not).
    static var moments: [Date] {
        var moments: [Date] = []
        var random = SystemRandomNumberGenerator()
        for _ in 0..<3_000 {
            let seconds = Double(Int.random(in: 0...253_402_300_799, using: &random))
            moments += [seconds, seconds + 0.5, seconds - 0.001].map(Date.init(timeIntervalSince1970:))
        }
        let edges = ["1970-01-01T00:00:00Z", "1999-12-31T23:59:59Z", "2000-02-29T12:00:00Z", "2000-03-01T00:00:00Z",
                     "2024-02-29T23:59:59Z", "2100-02-28T23:59:59Z", "2100-03-01T00:00:00Z", "2026-11-29T15:00:00Z",
                     "9999-12-31T23:59:59Z", "1600-01-01T00:00:00Z", "1601-03-01T00:00:00Z"]
        for edge in edges {
            let date = ISO8601DateFormatter().date(from: edge)!
            moments += [date, date - 0.001, date + 0.999, date - 86_400, date + 86_400]
        }
        return moments
    }

    @Test func everyZoneShowsWhatTheCalendarShows() {
        let moments = Self.moments
        for name in Self.zones {
            let zone = TimeZone(identifier: name)!
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            let display = TimeDisplay(timeZone: zone)
            for date in moments {
                let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
                let expected = LocalTime(year: c.year!, month: c.month!, day: c.day!, hour: c.hour!, minute: c.minute!,
                                         second: c.second!)
                if (-11_676_096_000.0...253_402_300_799.0).contains(date.timeIntervalSince1970) {
                    #expect(LocalTime(date, offset: zone.secondsFromGMT(for: date)) != nil, "\(date.timeIntervalSince1970)")
                }
                #expect(display.components(date) == expected, "\(name) \(date.timeIntervalSince1970)")
            }
        }
    }

    @Test func beforeSixteenHundredTheCalendarReadsIt() {
        let julian = Date(timeIntervalSince1970: -12_219_292_800 - 86_400)  // 1582-10-04, Julian
        #expect(LocalTime(julian, offset: 0) == nil)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day], from: julian)
        #expect(c.day != 14, "Julian: the proleptic Gregorian day would be the 14th")
        #expect(TimeDisplay(timeZone: calendar.timeZone).day(julian) == String(format: "%04d-%02d-%02d", c.year!, c.month!, c.day!))
    }
}
