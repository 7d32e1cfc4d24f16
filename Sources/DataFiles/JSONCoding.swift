import Foundation

/// One JSON style for every file and every `--json` output: sorted keys, readable,
/// dates in ISO 8601 with milliseconds (UTC).
public enum JSONCoding {
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var c = encoder.singleValueContainer()
            try c.encode(format(date))
        }
        return encoder
    }

    /// Encodes in that style, with empty arrays and objects as `[]` and `{}` (Foundation's
    /// pretty printer on Linux spreads them over two lines).
    public static func encode(_ value: some Encodable) throws -> Data {
        let text = String(decoding: try encoder().encode(value), as: UTF8.self)
        // A raw line break only occurs between tokens (strings escape theirs), so this never
        // touches a string's content.
        let compact = text
            .replacingOccurrences(of: #"\[\n\s*\]"#, with: "[]", options: .regularExpression)
            .replacingOccurrences(of: #"\{\n\s*\}"#, with: "{}", options: .regularExpression)
        return Data(compact.utf8)
    }

    /// The same values on one line, keys sorted, with no layout to compact: a value in a
    /// message, in a line of `state`, or kept as JSON in a database column.
    public static func line(_ value: some Encodable) throws -> String {
        let encoder = encoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let c = try decoder.singleValueContainer()
            let text = try c.decode(String.self)
            guard let date = parse(text) else {
                throw DecodingError.dataCorruptedError(in: c, debugDescription: "\"\(text)\" is not an ISO 8601 date")
            }
            return date
        }
        return decoder
    }

    /// Whole milliseconds, written and read back exactly. Foundation's ISO 8601 style truncates
    /// a binary fraction such as .475 (stored as .47499…) to .474, so a date read and written
    /// again would drift a millisecond each time; the fraction is done here by integers instead.
    public static func format(_ date: Date) -> String {
        // Dates are read within the years 1970 to 9999; one past what an Int64 of milliseconds
        // holds still prints (at its end), never traps.
        let value = (date.timeIntervalSince1970 * 1000).rounded()
        let milliseconds = Int64(exactly: value) ?? (value < 0 ? -62_135_596_800_000 : 253_402_300_799_999)
        let (seconds, fraction) = milliseconds.quotientAndRemainder(dividingBy: 1000)
        let whole = seconds - (fraction < 0 ? 1 : 0)
        let millisecond = Int((fraction + 1000) % 1000)
        guard (0...253_402_300_799).contains(whole) else {
            // Before 1970 (a hand edit's): Foundation's calendar, Julian before 1582 included.
            let stamp = Date(timeIntervalSince1970: Double(whole)).formatted(Date.ISO8601FormatStyle())
            return stamp.dropLast() + "." + digits(millisecond, 3) + "Z"
        }
        return utcStamp(seconds: Int(whole), millisecond: millisecond)
    }

    /// "yyyy-MM-ddTHH:mm:ss.SSSZ" by integers (days to a civil date, as in Howard Hinnant's
    /// `civil_from_days`): a store's history writes thousands of dates, and Foundation's
    /// formatter costs tens of microseconds each on Linux.
    private static func utcStamp(seconds: Int, millisecond: Int) -> String {
        let (days, second) = seconds.quotientAndRemainder(dividingBy: 86_400)
        let shifted = days + 719_468
        let era = shifted / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return digits(year, 4) + "-" + digits(month, 2) + "-" + digits(day, 2) + "T" + digits(second / 3600, 2) + ":"
            + digits(second / 60 % 60, 2) + ":" + digits(second % 60, 2) + "." + digits(millisecond, 3) + "Z"
    }

    /// The form `format` writes, read by integers (`days_from_civil`): every date of a list
    /// the app keeps is read with each write. Nil for any other form, or a day, hour or year
    /// outside what `format` writes; Foundation reads those.
    private static func parseWritten(_ text: String) -> Date? {
        let b = Array(text.utf8)
        guard b.count == 24, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"), b[10] == UInt8(ascii: "T"),
              b[13] == UInt8(ascii: ":"), b[16] == UInt8(ascii: ":"), b[19] == UInt8(ascii: "."), b[23] == UInt8(ascii: "Z") else { return nil }
        func number(_ from: Int, _ count: Int) -> Int? {
            var value = 0
            for byte in b[from ..< from + count] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2), let hour = number(11, 2),
              let minute = number(14, 2), let second = number(17, 2), let millisecond = number(20, 3),
              year >= 1970, (1...12).contains(month), hour < 24, minute < 60, second < 60 else { return nil }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let monthDays = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        guard (1...monthDays).contains(day) else { return nil }
        let y = month <= 2 ? year - 1 : year
        let era = y / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        let milliseconds = ((days * 86_400 + hour * 3600 + minute * 60 + second) * 1000) + millisecond
        return Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    private static func digits(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }

    /// Any ISO 8601 form a hand edit may use (a fraction or none, Z or an offset), on the
    /// same whole millisecond `format` writes.
    public static func parse(_ text: String) -> Date? {
        if let written = parseWritten(text) { return written }
        guard let date = (try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text))
                ?? (try? Date.ISO8601FormatStyle().parse(text)) else { return nil }
        return Date(timeIntervalSince1970: (date.timeIntervalSince1970 * 1000).rounded() / 1000)
    }
}
