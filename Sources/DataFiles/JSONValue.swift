import Foundation

/// Any JSON value, kept as written: UserDefaults.json holds whatever the app (or a person
/// tampering with it) put there, and it is shown back exactly.
public enum JSONValue: Codable, Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Each kind is tried in turn, the commonest in storefront's files first (strings, objects,
    /// arrays): every wrong guess is an error thrown and caught. Int before Double, so that
    /// a whole number stays whole.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let v = try? c.decode(String.self) { self = .string(v) }
        else if let v = try? c.decode([String: JSONValue].self) { self = .object(v) }
        else if let v = try? c.decode([JSONValue].self) { self = .array(v) }
        else if let v = try? c.decode(Bool.self) { self = .bool(v) }
        else if let v = try? c.decode(Int.self) { self = .int(v) }
        else { self = .double(try c.decode(Double.self)) }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .null: try c.encodeNil()
        case .bool(let v): try c.encode(v)
        case .int(let v): try c.encode(v)
        case .double(let v): try c.encode(v)
        case .string(let v): try c.encode(v)
        case .array(let v): try c.encode(v)
        case .object(let v): try c.encode(v)
        }
    }

    public var boolValue: Bool? {
        switch self {
        case .bool(let v): v
        case .int(let v): v != 0
        default: nil
        }
    }

    public var intValue: Int? {
        switch self {
        case .int(let v): v
        case .double(let v) where v.rounded() == v: Int(exactly: v)
        default: nil
        }
    }

    public var stringValue: String? {
        if case .string(let v) = self { return v }
        return nil
    }
}
