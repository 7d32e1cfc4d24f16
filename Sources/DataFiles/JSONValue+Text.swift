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

    fileprivate static func write(_ value: JSONValue, indent: Int, into bytes: inout [UInt8]) throws {
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
    fileprivate static func newLine(_ indent: Int, _ bytes: inout [UInt8], after separator: UInt8?) {
        if let separator { bytes.append(separator) }
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * indent))
    }

    /// A string needing no escape as it is; any other as Foundation writes it.
    fileprivate static func quote(_ string: String, into bytes: inout [UInt8]) throws {
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

/// Writes a file's top-level object exactly as `JSONCoding.encode(value:)` does, keeping the
/// text it wrote of each member, and of each item of a member that is a list: a member, or an
/// item, that is the same value as at the last write (where it was, or one place on) is not
/// written again. A file that keeps a long list and changes an entry a write (UserDefaults.json's
/// unconsumed purchases) then costs a copy of its bytes, not the writing of every entry.
public struct JSONObjectWriter {
    private struct Member {
        var value: JSONValue
        var text: [UInt8]
        /// A list's items and the text of each, two levels in.
        var items: [(value: JSONValue, text: [UInt8])]
    }

    private var members: [String: Member] = [:]

    public init() {}

    public mutating func encode(_ fields: [String: JSONValue]) throws -> Data {
        guard !fields.isEmpty else {
            members = [:]
            return try JSONCoding.encode(value: .object(fields))
        }
        var written: [String: Member] = [:]
        var bytes: [UInt8] = []
        bytes.append(UInt8(ascii: "{"))
        for (i, key) in fields.keys.sorted().enumerated() {
            let value = fields[key]!
            let member = try self.member(value, was: members[key])
            written[key] = member
            bytes.reserveCapacity(bytes.count + member.text.count + key.utf8.count + 16)
            JSONCoding.newLine(1, &bytes, after: i == 0 ? nil : UInt8(ascii: ","))
            try JSONCoding.quote(key, into: &bytes)
            bytes += " : ".utf8
            bytes += member.text
        }
        JSONCoding.newLine(0, &bytes, after: nil)
        bytes.append(UInt8(ascii: "}"))
        members = written
        return Data(bytes)
    }

    private func member(_ value: JSONValue, was old: Member?) throws -> Member {
        if let old, old.value == value { return old }
        guard case .array(let items) = value, !items.isEmpty else {
            var text: [UInt8] = []
            try JSONCoding.write(value, indent: 1, into: &text)
            return Member(value: value, text: text, items: [])
        }
        let before = old?.items ?? []
        var next = 0
        var texts: [(value: JSONValue, text: [UInt8])] = []
        texts.reserveCapacity(items.count)
        for item in items {
            if next < before.count, before[next].value == item {
                texts.append(before[next])
                next += 1
            } else if next + 1 < before.count, before[next + 1].value == item {
                texts.append(before[next + 1])
                next += 2
            } else {
                var text: [UInt8] = []
                try JSONCoding.write(item, indent: 2, into: &text)
                texts.append((item, text))
            }
        }
        var text: [UInt8] = [UInt8(ascii: "[")]
        text.reserveCapacity(texts.reduce(8) { $0 + $1.text.count + 8 })
        for (i, item) in texts.enumerated() {
            JSONCoding.newLine(2, &text, after: i == 0 ? nil : UInt8(ascii: ","))
            text += item.text
        }
        JSONCoding.newLine(1, &text, after: nil)
        text.append(UInt8(ascii: "]"))
        return Member(value: value, text: text, items: texts)
    }
}
