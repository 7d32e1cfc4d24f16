import Foundation

/// Strict JSON read without `Decodable`: the files storefront reads at every start (the
/// catalog, the app description, UserDefaults.json, the store's settings) are small, and
/// `JSONDecoder` spends most of a start looking up the protocol conformances of each type it
/// decodes. This reader accepts only what RFC 8259 allows (no BOM, no key given twice, numbers
/// kept as their text) and answers nil for anything else, so a caller that gets nil decodes the
/// same data with `JSONDecoder` as before: every refusal, and its message, stays the decoder's.
package indirect enum JSONNode: Equatable, Sendable {
    case null
    case bool(Bool)
    /// A number's text as written ("2.99", "-1e3"): exact, converted by whoever reads it.
    case number(String)
    case string(String)
    case array([JSONNode])
    case object([String: JSONNode])

    /// The JSON text in `data`, or nil if it is not strict JSON (or nests deeper than
    /// `DataFileLimits.maximumDepth`, or gives a key twice in one object).
    package static func parse(_ data: Data) -> JSONNode? {
        data.withUnsafeBytes { raw in
            var reader = Reader(bytes: raw.bindMemory(to: UInt8.self))
            guard let value = reader.value(depth: 0) else { return nil }
            reader.skipSpace()
            return reader.at == reader.bytes.count ? value : nil
        }
    }

    package static func parse(_ text: String) -> JSONNode? {
        parse(Data(text.utf8))
    }

    /// The value `JSONValue`'s `Decodable` conformance decodes from the same text, or nil where
    /// this reader cannot be sure it would (a number with a fraction or an exponent, or past
    /// an Int's range).
    package var jsonValue: JSONValue? {
        switch self {
        case .null: return .null
        case .bool(let v): return .bool(v)
        case .number(let text): return integer(text).map(JSONValue.int)
        case .string(let v): return .string(v)
        case .array(let items):
            var values: [JSONValue] = []
            values.reserveCapacity(items.count)
            for item in items {
                guard let value = item.jsonValue else { return nil }
                values.append(value)
            }
            return .array(values)
        case .object(let fields):
            var values: [String: JSONValue] = [:]
            values.reserveCapacity(fields.count)
            for (key, field) in fields {
                guard let value = field.jsonValue else { return nil }
                values[key] = value
            }
            return .object(values)
        }
    }

    /// Digits with an optional minus sign, within an Int: what `JSONDecoder` decodes as an
    /// `Int` without a doubt. Nil for any other number.
    private func integer(_ text: String) -> Int? {
        guard !text.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") })
        else { return nil }
        return Int(text)
    }

    // Typed reads for readers of a known format: nil where `JSONDecoder` would refuse the
    // value, or where this reader cannot be sure it would not.

    package var stringValue: String? {
        if case .string(let v) = self { return v }
        return nil
    }

    package var boolValue: Bool? {
        if case .bool(let v) = self { return v }
        return nil
    }

    package var intValue: Int? {
        if case .number(let text) = self { return integer(text) }
        return nil
    }

    /// A number as exact decimal, from its text: digits with at most a fraction, no exponent.
    package var decimalValue: Decimal? {
        guard case .number(let text) = self,
              !text.utf8.contains(where: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) else { return nil }
        // No locale: a point is the separator, and no locale's data is loaded for it.
        return Decimal(string: text)
    }

    package var arrayValue: [JSONNode]? {
        if case .array(let v) = self { return v }
        return nil
    }

    package var objectValue: [String: JSONNode]? {
        if case .object(let v) = self { return v }
        return nil
    }

    /// Whether it is JSON null (a missing or null optional field).
    package var isNull: Bool { self == .null }
}

extension Optional where Wrapped == JSONNode {
    /// An optional field as `decodeIfPresent` reads it: missing or null is `.some(nil)`, a value
    /// read by `read` is `.some(value)`, a value `read` refuses is nil (the decoder would throw).
    package func optional<T>(_ read: (JSONNode) -> T?) -> T?? {
        guard let node = self, !node.isNull else { return .some(nil) }
        guard let value = read(node) else { return nil }
        return .some(value)
    }
}

extension JSONNode {
    /// Each value of an object read by `read`, or nil if any is refused.
    package func dictionary<T>(_ read: (JSONNode) -> T?) -> [String: T]? {
        guard let fields = objectValue else { return nil }
        var result: [String: T] = [:]
        result.reserveCapacity(fields.count)
        for (key, field) in fields {
            guard let value = read(field) else { return nil }
            result[key] = value
        }
        return result
    }

    /// Each item of an array read by `read`, or nil if any is refused.
    package func list<T>(_ read: (JSONNode) -> T?) -> [T]? {
        guard let items = arrayValue else { return nil }
        var result: [T] = []
        result.reserveCapacity(items.count)
        for item in items {
            guard let value = read(item) else { return nil }
            result.append(value)
        }
        return result
    }
}

private struct Reader {
    let bytes: UnsafeBufferPointer<UInt8>
    var at = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    mutating func skipSpace() {
        while at < bytes.count {
            switch bytes[at] {
            case 0x20, 0x0A, 0x0D, 0x09: at += 1
            default: return
            }
        }
    }

    mutating func value(depth: Int) -> JSONNode? {
        skipSpace()
        guard at < bytes.count else { return nil }
        switch bytes[at] {
        case UInt8(ascii: "{"):
            guard depth < DataFileLimits.maximumDepth else { return nil }
            at += 1
            var fields: [String: JSONNode] = [:]
            skipSpace()
            if at < bytes.count, bytes[at] == UInt8(ascii: "}") { at += 1; return .object(fields) }
            while true {
                skipSpace()
                guard at < bytes.count, bytes[at] == UInt8(ascii: "\""), let key = string() else { return nil }
                skipSpace()
                guard at < bytes.count, bytes[at] == UInt8(ascii: ":") else { return nil }
                at += 1
                guard let field = value(depth: depth + 1) else { return nil }
                guard fields.updateValue(field, forKey: key) == nil else { return nil }
                skipSpace()
                guard at < bytes.count else { return nil }
                if bytes[at] == UInt8(ascii: ",") { at += 1; continue }
                if bytes[at] == UInt8(ascii: "}") { at += 1; return .object(fields) }
                return nil
            }
        case UInt8(ascii: "["):
            guard depth < DataFileLimits.maximumDepth else { return nil }
            at += 1
            var items: [JSONNode] = []
            skipSpace()
            if at < bytes.count, bytes[at] == UInt8(ascii: "]") { at += 1; return .array(items) }
            while true {
                guard let item = value(depth: depth + 1) else { return nil }
                items.append(item)
                skipSpace()
                guard at < bytes.count else { return nil }
                if bytes[at] == UInt8(ascii: ",") { at += 1; continue }
                if bytes[at] == UInt8(ascii: "]") { at += 1; return .array(items) }
                return nil
            }
        case UInt8(ascii: "\""):
            return string().map(JSONNode.string)
        case UInt8(ascii: "t"):
            return word("true") ? .bool(true) : nil
        case UInt8(ascii: "f"):
            return word("false") ? .bool(false) : nil
        case UInt8(ascii: "n"):
            return word("null") ? .null : nil
        default:
            return number()
        }
    }

    mutating func word(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard bytes.count - at >= count else { return false }
        for i in 0..<count where bytes[at + i] != text.utf8Start[i] { return false }
        at += count
        return true
    }

    func isDigit(_ i: Int) -> Bool {
        i < bytes.count && bytes[i] >= UInt8(ascii: "0") && bytes[i] <= UInt8(ascii: "9")
    }

    /// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
    mutating func number() -> JSONNode? {
        let start = at
        if at < bytes.count, bytes[at] == UInt8(ascii: "-") { at += 1 }
        guard isDigit(at) else { return nil }
        if bytes[at] == UInt8(ascii: "0") {
            at += 1
            if isDigit(at) { return nil }
        } else {
            while isDigit(at) { at += 1 }
        }
        if at < bytes.count, bytes[at] == UInt8(ascii: ".") {
            at += 1
            guard isDigit(at) else { return nil }
            while isDigit(at) { at += 1 }
        }
        if at < bytes.count, bytes[at] == UInt8(ascii: "e") || bytes[at] == UInt8(ascii: "E") {
            at += 1
            if at < bytes.count, bytes[at] == UInt8(ascii: "+") || bytes[at] == UInt8(ascii: "-") { at += 1 }
            guard isDigit(at) else { return nil }
            while isDigit(at) { at += 1 }
        }
        return .number(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<at]), as: UTF8.self))
    }

    /// A string at `at` (its opening quote), unescaped; nil for a raw control character, a bad
    /// escape, a lone surrogate or bytes that are not UTF-8.
    mutating func string() -> String? {
        at += 1
        let start = at
        while at < bytes.count {
            let byte = bytes[at]
            if byte == UInt8(ascii: "\"") {
                let text = String(validating: UnsafeBufferPointer(rebasing: bytes[start..<at]), as: UTF8.self)
                at += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { return escapedString(from: start) }
            if byte < 0x20 { return nil }
            at += 1
        }
        return nil
    }

    mutating func escapedString(from start: Int) -> String? {
        var out: [UInt8] = Array(UnsafeBufferPointer(rebasing: bytes[start..<at]))
        while at < bytes.count {
            let byte = bytes[at]
            if byte == UInt8(ascii: "\"") {
                at += 1
                return String(validating: out, as: UTF8.self)
            }
            if byte < 0x20 { return nil }
            guard byte == UInt8(ascii: "\\") else { out.append(byte); at += 1; continue }
            at += 1
            guard at < bytes.count else { return nil }
            let escape = bytes[at]
            at += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                guard var scalar = hex4() else { return nil }
                if (0xD800...0xDBFF).contains(scalar) {
                    guard word("\\u"), let low = hex4(), (0xDC00...0xDFFF).contains(low) else { return nil }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    return nil
                }
                guard let unicode = Unicode.Scalar(scalar) else { return nil }
                out.append(contentsOf: String(Character(unicode)).utf8)
            default:
                return nil
            }
        }
        return nil
    }

    mutating func hex4() -> UInt32? {
        guard bytes.count - at >= 4 else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[at]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
            at += 1
        }
        return value
    }
}

extension JSONNode {
    /// Whether every number is plain decimal text (no exponent) of under 300 characters: one
    /// any decoder reads as a finite Double, so a reader that says yes where `JSONDecoder`
    /// would refuse a number it never looks at cannot happen.
    package var numbersArePlain: Bool {
        switch self {
        case .null, .bool, .string: true
        case .number(let text):
            text.utf8.count < 300 && !text.utf8.contains(where: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") })
        case .array(let items): items.allSatisfy(\.numbersArePlain)
        case .object(let fields): fields.values.allSatisfy(\.numbersArePlain)
        }
    }
}
