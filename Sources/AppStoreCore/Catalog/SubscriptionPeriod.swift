import Foundation

/// An ISO 8601 period as App Store Connect writes them: P3D, P1W, P1M, P2M, P1Y.
public struct SubscriptionPeriod: Codable, Sendable, Equatable, CustomStringConvertible {
    public enum Unit: Character, Sendable, Equatable {
        case day = "D", week = "W", month = "M", year = "Y"

        /// The most of a unit a period takes: a hundred years.
        var most: Int {
            switch self {
            case .day: 36_500
            case .week: 5_200
            case .month: 1_200
            case .year: 100
            }
        }
    }

    public var value: Int
    public var unit: Unit

    public init(value: Int, unit: Unit) {
        self.value = value
        self.unit = unit
    }

    public init?(iso8601 text: String) {
        guard text.count >= 3, text.first == "P", let last = text.last,
              let unit = Unit(rawValue: last),
              let value = Int(text.dropFirst().dropLast()), value > 0, value <= unit.most else { return nil }
        self.init(value: value, unit: unit)
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let period = SubscriptionPeriod(iso8601: text) else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: decoder.codingPath,
                debugDescription: "\"\(text)\" is not a period: use P<n>D, P<n>W, P<n>M or P<n>Y, up to 100 years"))
        }
        self = period
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(description)
    }

    public var description: String { "P\(value)\(unit.rawValue)" }

    /// Whether a period ending at `date` is followed by another that ends later: false only
    /// where the calendar cannot go on (dates past any the store holds: it keeps an expiry
    /// there at their end, which no period goes past).
    func endsAfter(_ date: Date) -> Bool { StoreTimes.clamped(added(to: date)) > date }

    public func added(to date: Date, calendar: Calendar = .gregorianUTC) -> Date {
        let component: Calendar.Component = switch unit {
        case .day: .day
        case .week: .weekOfYear
        case .month: .month
        case .year: .year
        }
        return calendar.date(byAdding: component, value: value, to: date) ?? date
    }
}

extension Calendar {
    /// Made once: a renewal adds a period, and a store catching up adds many.
    public static let gregorianUTC: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()
}
