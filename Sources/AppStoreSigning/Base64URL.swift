import Foundation

/// base64url without padding (RFC 7515 §2), the encoding of a compact JWS's three parts.
enum Base64URL {
    static func encode(_ data: some DataProtocol) -> String {
        // One pass over the base64 bytes: this runs for every JWS signed.
        var bytes = [UInt8](Data(data).base64EncodedData())
        while bytes.last == UInt8(ascii: "=") { bytes.removeLast() }
        for index in bytes.indices {
            if bytes[index] == UInt8(ascii: "+") { bytes[index] = UInt8(ascii: "-") }
            else if bytes[index] == UInt8(ascii: "/") { bytes[index] = UInt8(ascii: "_") }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// nil for anything but the alphabet's own characters, unpadded, of a length base64 can have.
    static func decode(_ text: Substring) -> Data? {
        // Byte by byte, into standard base64: this runs for every JWS verified.
        var standard: [UInt8] = []
        standard.reserveCapacity(text.utf8.count + 2)
        for byte in text.utf8 {
            guard isAlphabet(byte) else { return nil }
            standard.append(byte == UInt8(ascii: "-") ? UInt8(ascii: "+") : byte == UInt8(ascii: "_") ? UInt8(ascii: "/") : byte)
        }
        guard standard.count % 4 != 1 else { return nil }
        standard += repeatElement(UInt8(ascii: "="), count: (4 - standard.count % 4) % 4)
        guard let data = Data(base64Encoded: Data(standard)), encode(data) == text else { return nil }
        return data
    }

    private static func isAlphabet(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"): true
        default: false
        }
    }
}
