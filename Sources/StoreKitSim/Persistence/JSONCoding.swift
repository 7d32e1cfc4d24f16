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

    public static func format(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    public static func parse(_ text: String) -> Date? {
        (try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text))
            ?? (try? Date.ISO8601FormatStyle().parse(text))
    }
}
