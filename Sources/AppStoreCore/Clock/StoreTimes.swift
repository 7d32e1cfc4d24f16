import Foundation

/// The times the store can hold, for its clock and every date of its records: from 1970, where
/// its milliseconds count from (no clock reads earlier), to the end of the year 9999, so dates
/// stay dates for every calendar, file and display (a rate of a year a second left running gets
/// there). A record outside them is damage, not a date.
public enum StoreTimes {
    public static let range = Date(timeIntervalSince1970: 0)...Date(timeIntervalSince1970: 253_402_300_799)
    /// Later than any time the store holds: until when what is owned for ever is owned (a
    /// sentinel such as `Date.distantFuture`, the year 4001, falls inside `range`).
    public static let forever = range.upperBound.addingTimeInterval(1)

    /// `range` in words, for the refusals that name it.
    public static let described = "the years 1970 to 9999"

    /// The nearest time the store can hold.
    package static func clamped(_ date: Date) -> Date {
        min(max(date, range.lowerBound), range.upperBound)
    }

    /// Whole milliseconds since 1970, the times the store can hold kept as they are: a write
    /// is always read back (the store's clock never leaves them; a date derived from it, an
    /// expiry a century on, is held at their end).
    package static func milliseconds(_ date: Date) -> Int64 {
        Int64((clamped(date).timeIntervalSince1970 * 1000).rounded())
    }

    /// The time of whole milliseconds since 1970.
    package static func date(milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }
}
