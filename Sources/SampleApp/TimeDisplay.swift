import Foundation

/// How people read times, on the screen and in text output: local time in one format,
/// "2026-11-23 19:04:05 +09:00", in the user's time zone (TZ honoured). A log shows today's lines
/// by their time alone and names the zone once, in its header. JSON stays ISO 8601 in UTC.
/// The App Store's own sheets write a date as the locale does (`localDate`).
public struct TimeDisplay: Sendable, Equatable {
    public let timeZone: TimeZone

    public init(timeZone: TimeZone = .current) {
        self.timeZone = timeZone
    }

    /// "2026-11-23 19:04:05 +09:00"
    public func dateTime(_ date: Date) -> String {
        let c = components(date)
        return "\(day(c)) \(time(c)) \(offset(at: date))"
    }

    /// "2026-11-23"
    public func day(_ date: Date) -> String { day(components(date)) }

    /// "19:04:05"
    public func time(_ date: Date) -> String { time(components(date)) }

    /// "2026-11-23 19:04": a list's date to the minute.
    public func minute(_ date: Date) -> String {
        let c = components(date)
        return "\(day(c)) \(Self.padded(c.hour, 2)):\(Self.padded(c.minute, 2))"
    }

    /// The date as the App Store's sheets write it in `language`: "Dec 6, 2026" in English,
    /// "2026年12月6日" in Japanese (Foundation's template "yMMMd" in en_US and ja_JP), other
    /// languages as Foundation writes them. English and Japanese are written here: the first
    /// frame shows such dates, and a DateFormatter loads ICU's locale data first.
    public func localDate(_ date: Date, language: String) -> String {
        let code = language.lowercased()
        if code.hasPrefix("ja") {
            let c = components(date)
            return "\(c.year)年\(c.month)月\(c.day)日"
        }
        if code.hasPrefix("en") {
            let c = components(date)
            return "\(Self.englishMonths[c.month - 1]) \(c.day), \(c.year)"
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: language)
        formatter.timeZone = timeZone
        formatter.setLocalizedDateFormatFromTemplate("yMMMd")
        return formatter.string(from: date)
    }

    private static let englishMonths = ["Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                        "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// A log line's stamp: its time, or its date when that was another day than `now`.
    public func stamp(of date: Date, now: Date) -> String {
        let c = components(date), today = components(now)
        return (c.year, c.month, c.day) == (today.year, today.month, today.day) ? time(c) : day(c)
    }

    // Padded by hand: a log pane stamps a dozen lines per frame, and String(format:) is slow.
    private func day(_ c: LocalTime) -> String {
        "\(Self.padded(c.year, 4))-\(Self.padded(c.month, 2))-\(Self.padded(c.day, 2))"
    }

    private func time(_ c: LocalTime) -> String {
        "\(Self.padded(c.hour, 2)):\(Self.padded(c.minute, 2)):\(Self.padded(c.second, 2))"
    }

    private static func padded(_ value: Int, _ digits: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }

    /// The zone as its offset from UTC at `date`: "+09:00", "-05:00", "+00:00".
    public func offset(at date: Date) -> String {
        let seconds = timeZone.secondsFromGMT(for: date)
        let minutes = abs(seconds) / 60
        return "\(seconds < 0 ? "-" : "+")\(Self.padded(minutes / 60, 2)):\(Self.padded(minutes % 60, 2))"
    }

    /// The date and time the zone's clocks show at `date`: worked out from the zone's offset,
    /// or, before 1600 or after 9999, read from a calendar.
    func components(_ date: Date) -> LocalTime {
        if let local = LocalTime(date, offset: timeZone.secondsFromGMT(for: date)) { return local }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return LocalTime(year: c.year ?? 0, month: c.month ?? 0, day: c.day ?? 0,
                         hour: c.hour ?? 0, minute: c.minute ?? 0, second: c.second ?? 0)
    }
}
