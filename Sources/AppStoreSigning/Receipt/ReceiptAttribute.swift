import Foundation
import SwiftASN1

/// One attribute of the receipt: SEQUENCE { type INTEGER, version INTEGER, value OCTET STRING },
/// the value holding the DER of a UTF8String, an IA5String date, an INTEGER, raw bytes or a SET
/// of further attributes (an in-app purchase).
struct ReceiptAttribute: DERImplicitlyTaggable, Hashable {
    static var defaultIdentifier: ASN1Identifier { .sequence }

    var type: Int
    var version: Int = 1
    var value: [UInt8]

    init(type: Int, value: [UInt8]) {
        self.type = type
        self.value = value
    }

    init(derEncoded node: ASN1Node, withIdentifier identifier: ASN1Identifier) throws {
        (type, version, value) = try DER.sequence(node, identifier: identifier) { nodes in
            let type = try Int(derEncoded: &nodes)
            let version = try Int(derEncoded: &nodes)
            let value = try ASN1OctetString(derEncoded: &nodes)
            return (type, version, Array(value.bytes))
        }
    }

    func serialize(into coder: inout DER.Serializer, withIdentifier identifier: ASN1Identifier) throws {
        try coder.appendConstructedNode(identifier: identifier) { coder in
            try coder.serialize(type)
            try coder.serialize(version)
            try coder.serialize(ASN1OctetString(contentBytes: value[...]))
        }
    }
}

/// The values an attribute holds, written and read as the receipt's field types say.
enum ReceiptValue {
    static func der(_ node: some DERSerializable) throws -> [UInt8] {
        var coder = DER.Serializer()
        try coder.serialize(node)
        return coder.serializedBytes
    }

    static func string(_ text: String) throws -> [UInt8] { try der(ASN1UTF8String(text)) }
    static func integer(_ number: Int64) throws -> [UInt8] { try der(number) }
    static func date(_ date: Date) throws -> [UInt8] { try der(ASN1IA5String(rfc3339(date))) }

    /// A SET of attributes, in DER's order.
    static func set(_ attributes: [ReceiptAttribute]) throws -> [UInt8] {
        var coder = DER.Serializer()
        try coder.serializeSetOf(attributes)
        return coder.serializedBytes
    }

    static func string(from bytes: [UInt8]) throws -> String {
        let node = try DER.parse(bytes)
        let text = try ASN1UTF8String(derEncoded: node)
        guard let string = String(bytes: text.bytes, encoding: .utf8) else { throw ReceiptDecodingError("a string is not UTF-8") }
        return string
    }

    static func integer(from bytes: [UInt8]) throws -> Int64 { try Int64(derEncoded: DER.parse(bytes)) }

    static func date(from bytes: [UInt8]) throws -> Date {
        let text = try ASN1IA5String(derEncoded: DER.parse(bytes))
        let string = String(decoding: text.bytes, as: UTF8.self)
        guard let date = parseRFC3339(string) else { throw ReceiptDecodingError("\"\(string)\" is not an RFC 3339 date") }
        return date
    }

    static func set(from bytes: [UInt8]) throws -> [ReceiptAttribute] {
        try DER.set(of: ReceiptAttribute.self, identifier: .set, rootNode: DER.parse(bytes))
    }

    /// "2030-01-01T09:00:00Z": whole seconds in UTC, as Apple's receipts write them.
    static func rfc3339(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }

    static func parseRFC3339(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)
    }
}

/// Bytes that are not an App Store receipt: what is wrong with them.
public struct ReceiptDecodingError: Error, Equatable, CustomStringConvertible {
    public var description: String

    init(_ description: String) { self.description = description }
}
