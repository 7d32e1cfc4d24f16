import DataFiles
import Foundation
import AppStoreCore

/// JSON laid out as Xcode writes a .storekit file: two spaces a level, `"key" : value`, keys
/// in alphabetical order whatever their case, an empty array or object as an opening
/// bracket, a blank line and the closing one, and a line break at the end. A file written
/// so reads the same in a diff against one Xcode saved.
enum StoreKitFileLayout {
    static func text(of value: JSONValue) -> String {
        var out = ""
        write(value, indent: 0, into: &out)
        return out + "\n"
    }

    /// `value` encoded, then laid out.
    static func data(of value: some Encodable) throws -> Data {
        let json = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(value))
        return Data(text(of: json).utf8)
    }

    private static func write(_ value: JSONValue, indent: Int, into out: inout String) {
        let inner = String(repeating: "  ", count: indent + 1)
        let closing = String(repeating: "  ", count: indent)
        switch value {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .double(let d): out += d.isFinite ? "\(d)" : "null"
        case .string(let s): out += quoted(s)
        case .array(let items):
            guard !items.isEmpty else { return out += "[\n\n\(closing)]" }
            out += "[\n"
            for (i, item) in items.enumerated() {
                out += inner
                write(item, indent: indent + 1, into: &out)
                out += i == items.count - 1 ? "\n" : ",\n"
            }
            out += closing + "]"
        case .object(let members):
            guard !members.isEmpty else { return out += "{\n\n\(closing)}" }
            out += "{\n"
            let keys = members.keys.sorted(by: ordered)
            for (i, key) in keys.enumerated() {
                out += inner + quoted(key) + " : "
                write(members[key] ?? .null, indent: indent + 1, into: &out)
                out += i == keys.count - 1 ? "\n" : ",\n"
            }
            out += closing + "}"
        }
    }

    /// Alphabetical ignoring case (`_storefront` before `_storeKitErrors`), then by code point.
    private static func ordered(_ a: String, _ b: String) -> Bool {
        let (la, lb) = (a.lowercased(), b.lowercased())
        return la != lb ? la < lb : a < b
    }

    private static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
