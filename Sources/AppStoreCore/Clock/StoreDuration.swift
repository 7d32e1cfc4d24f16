import Foundation

/// A length of store time as people type it: `90s`, `30min`, `2h`, `3d`, `1w`, `1mo`, `1y`
/// (a number, then a unit; the number 1 may be left out: `d`, `mo`).
public struct StoreDuration: Equatable, Sendable, CustomStringConvertible {
    public enum Unit: String, CaseIterable, Sendable {
        case second = "s", minute = "min", hour = "h", day = "d", week = "w", month = "mo", year = "y"

        /// Seconds in one unit; a month is 30 days and a year 365 where a fixed length is
        /// needed (a rate). Moving a date by months or years follows the calendar.
        public var seconds: TimeInterval {
            switch self {
            case .second: 1
            case .minute: 60
            case .hour: 3600
            case .day: 86_400
            case .week: 7 * 86_400
            case .month: 30 * 86_400
            case .year: 365 * 86_400
            }
        }

        var component: Calendar.Component? {
            switch self {
            case .month: .month
            case .year: .year
            default: nil
            }
        }
    }

    public var value: Int
    public var unit: Unit

    public init(value: Int, unit: Unit) {
        self.value = value
        self.unit = unit
    }

    /// The largest duration taken: a hundred years, far past any subscription's period.
    static let maximumSeconds: TimeInterval = 100 * 365 * 86_400

    /// Nil for anything but a whole positive number (or none, for 1) and a known unit.
    public init?(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        let digits = trimmed.prefix { $0.isASCII && $0.isNumber }
        guard let unit = Unit(rawValue: String(trimmed.dropFirst(digits.count))) else { return nil }
        let value = digits.isEmpty ? 1 : Int(digits)
        guard let value, value > 0, Double(value) * unit.seconds <= Self.maximumSeconds else { return nil }
        self.init(value: value, unit: unit)
    }

    public var description: String { "\(value)\(unit.rawValue)" }

    /// Its length in seconds (months of 30 days, years of 365).
    public var seconds: TimeInterval { Double(value) * unit.seconds }

    /// `date` moved on by this duration: months and years by the calendar, so `1mo` from the
    /// 31st of January is the last day of February, as a monthly subscription renews.
    public func added(to date: Date, calendar: Calendar = .gregorianUTC) -> Date {
        guard let component = unit.component else { return date + seconds }
        return calendar.date(byAdding: component, value: value, to: date) ?? date + seconds
    }
}
