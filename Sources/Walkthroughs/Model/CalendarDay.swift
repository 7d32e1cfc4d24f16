import Foundation

/// A day as a walkthrough writes it, `2030-01-08` (as `storefront subscriptions` writes
/// dates), in UTC, where walkthroughs keep their time: from a fixed start, the same days every
/// run, and a day rather than a time, so that playing (a few seconds ahead) reads the same.
public struct CalendarDay: Equatable, Sendable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// Only a day that exists, written year-month-day with its zeros (`2030-01-08`).
    public init?(_ text: String) {
        guard text.range(of: #"^[0-9]{4}-[0-9]{2}-[0-9]{2}$"#, options: .regularExpression) != nil else { return nil }
        let parts = text.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3, let date = Self.calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2])) else {
            return nil
        }
        self.init(date)
        // 2030-02-30 is no day: the calendar rolls it over into March.
        guard [year, month, day] == parts else { return nil }
    }

    /// The UTC day `date` falls on.
    public init(_ date: Date) {
        let c = Self.calendar.dateComponents([.year, .month, .day], from: date)
        self.init(year: c.year ?? 0, month: c.month ?? 0, day: c.day ?? 0)
    }

    private init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    public var description: String {
        func padded(_ n: Int, _ width: Int) -> String { String(repeating: "0", count: max(0, width - String(n).count)) + String(n) }
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    }

    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()
}
