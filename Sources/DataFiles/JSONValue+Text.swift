import Foundation

/// A `JSONValue` written in the files' style (`JSONCoding.encode`) without JSONEncoder: the
/// app writes UserDefaults.json whole with every delivery, and Foundation's encoder and the
/// compaction of its empty containers cost milliseconds once the app keeps a list of
/// unconsumed purchases. The text is the same, byte for byte (keys in the order swift-foundation
/// sorts them; Darwin's compares numbers in keys by value); what is rare in these files (a
/// fraction, a string with an escape) is left to Foundation, so it is the same there too.
extension JSONCoding {
    public static func encode(value: JSONValue) throws -> Data {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(4096)
        try write(value, indent: 0, into: &bytes)
        return Data(bytes)
    }

    private static func write(_ value: JSONValue, indent: Int, into bytes: inout [UInt8]) throws {
        switch value {
        case .null: bytes += "null".utf8
        case .bool(let v): bytes += (v ? "true" : "false").utf8
        case .int(let v): bytes += String(v).utf8
        case .double: bytes += try foundation(value).utf8
        case .string(let v): try quote(v, into: &bytes)
        case .array(let items):
            guard !items.isEmpty else { bytes += "[]".utf8; return }
            bytes.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                newLine(indent + 1, &bytes, after: i == 0 ? nil : UInt8(ascii: ","))
                try write(item, indent: indent + 1, into: &bytes)
            }
            newLine(indent, &bytes, after: nil)
            bytes.append(UInt8(ascii: "]"))
        case .object(let fields):
            guard !fields.isEmpty else { bytes += "{}".utf8; return }
            bytes.append(UInt8(ascii: "{"))
            // JSONEncoder's `.sortedKeys` order on Linux: String's own (by Unicode scalars),
            // so "10" before "9" and "Z" before "a".
            for (i, key) in fields.keys.sorted().enumerated() {
                newLine(indent + 1, &bytes, after: i == 0 ? nil : UInt8(ascii: ","))
                try quote(key, into: &bytes)
                bytes += " : ".utf8
                try write(fields[key] ?? .null, indent: indent + 1, into: &bytes)
            }
            newLine(indent, &bytes, after: nil)
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// `separator` (a comma between items), then a new line indented two spaces a level.
    private static func newLine(_ indent: Int, _ bytes: inout [UInt8], after separator: UInt8?) {
        if let separator { bytes.append(separator) }
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * indent))
    }

    /// A string needing no escape as it is; any other as Foundation writes it.
    private static func quote(_ string: String, into bytes: inout [UInt8]) throws {
        let utf8 = string.utf8
        guard utf8.allSatisfy({ $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) else {
            bytes += try foundation(.string(string)).utf8
            return
        }
        bytes.append(UInt8(ascii: "\""))
        bytes += utf8
        bytes.append(UInt8(ascii: "\""))
    }

    private static func foundation(_ value: JSONValue) throws -> String {
        String(decoding: try encode(value), as: UTF8.self)
    }
}
