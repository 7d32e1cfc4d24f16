import Foundation

/// How people read times, on the screen and in text output: local time in one format,
/// "2026-11-23 19:04:05 +09:00", in the user's time zone (TZ honoured). A log shows today's lines
/// by their time alone and names the zone once, in its header. JSON stays ISO 8601 in UTC.
public struct TimeDisplay: Sendable, Equatable {
    public var timeZone: TimeZone

    public init(timeZone: TimeZone = .current) {
        self.timeZone = timeZone
    }

    /// "2026-11-23 19:04:05 +09:00"
    public func dateTime(_ date: Date) -> String {
        "\(day(date)) \(time(date)) \(offset(at: date))"
    }

    /// "2026-11-23"
    public func day(_ date: Date) -> String {
        let c = components(date)
        return String(format: "%04d-%02d-%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0)
    }

    /// "19:04:05"
    public func time(_ date: Date) -> String {
        let c = components(date)
        return String(format: "%02d:%02d:%02d", c.hour ?? 0, c.minute ?? 0, c.second ?? 0)
    }

    /// The zone as its offset from UTC at `date`: "+09:00", "-05:00", "+00:00".
    public func offset(at date: Date) -> String {
        let seconds = timeZone.secondsFromGMT(for: date)
        let minutes = abs(seconds) / 60
        return String(format: "%@%02d:%02d", seconds < 0 ? "-" : "+", minutes / 60, minutes % 60)
    }

    private func components(_ date: Date) -> DateComponents {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    }
}
