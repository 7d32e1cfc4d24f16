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
        guard text.utf8.allSatisfy(isAlphabet), text.utf8.count % 4 != 1 else { return nil }
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        standard += String(repeating: "=", count: (4 - standard.utf8.count % 4) % 4)
        guard let data = Data(base64Encoded: standard), encode(data) == text else { return nil }
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
