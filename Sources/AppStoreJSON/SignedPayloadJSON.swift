import Foundation

/// The JSON the App Store signs: keys sorted, no nulls (an absent field is left out), slashes
/// as they are. The one encoder of every signed payload.
package enum SignedPayloadJSON {
    package static func data(_ payload: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(payload)
    }
}
