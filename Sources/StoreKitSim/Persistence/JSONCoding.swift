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
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
        let (seconds, fraction) = milliseconds.quotientAndRemainder(dividingBy: 1000)
        let whole = seconds - (fraction < 0 ? 1 : 0)
        let millis = (fraction + 1000) % 1000
        let stamp = Date(timeIntervalSince1970: Double(whole)).formatted(Date.ISO8601FormatStyle())
        return stamp.dropLast() + "." + String(millis).leftPadded(to: 3) + "Z"
    }

    public static func parse(_ text: String) -> Date? {
        let parts = text.split(separator: ".", maxSplits: 1)
        guard parts.count == 2, parts[1].hasSuffix("Z") else {
            // Other ISO 8601 forms a hand edit may use: no fraction, or an offset such as +02:00.
            return (try? Date.ISO8601FormatStyle().parse(text))
                ?? (try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text))
        }
        let digits = parts[1].dropLast()
        guard (1...9).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }),
              let value = Int(digits),
              let whole = try? Date.ISO8601FormatStyle().parse(parts[0] + "Z") else { return nil }
        let milliseconds = (Double(value) * pow(10, Double(3 - digits.count))).rounded()
        return Date(timeIntervalSince1970: (whole.timeIntervalSince1970 * 1000 + milliseconds) / 1000)
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
