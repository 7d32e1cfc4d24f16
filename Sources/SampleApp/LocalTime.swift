import Foundation

/// A moment's date and time of day on the Gregorian calendar, to the second, as a clock
/// `offset` seconds from UTC shows it: what `Calendar.dateComponents` answers, worked out
/// from the count of days (Howard Hinnant's `civil_from_days`). A Calendar costs more to make
/// than a log pane's dozen stamps cost to read, and the first set of its components looked up
/// is dearer still.
struct LocalTime: Equatable {
    var year: Int
    var month: Int
    var day: Int
    var hour: Int
    var minute: Int
    var second: Int
}

extension LocalTime {
    /// 1600-01-01T00:00:00Z to 9999-12-31T23:59:59Z: Gregorian in every zone (Foundation's
    /// Gregorian calendar is Julian before 1582), and four-digit years.
    private static let worked = -11_676_096_000.0...253_402_300_799.0

    /// Nil outside `worked`, for a calendar to read.
    init?(_ date: Date, offset: Int) {
        guard Self.worked.contains(date.timeIntervalSince1970) else { return nil }
        let local = Int((date.timeIntervalSince1970 + Double(offset)).rounded(.down))
        let (days, seconds) = Self.floorDivision(local, 86_400)
        hour = seconds / 3_600
        minute = seconds % 3_600 / 60
        second = seconds % 60
        // Days since 0000-03-01, in eras of 400 years that begin in March (leap day last).
        let shifted = days + 719_468
        let era = Self.floorDivision(shifted, 146_097).quotient
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    private static func floorDivision(_ value: Int, _ divisor: Int) -> (quotient: Int, remainder: Int) {
        let remainder = value % divisor
        return remainder < 0 ? (value / divisor - 1, remainder + divisor) : (value / divisor, remainder)
    }
}
