import AppStoreJSON
import Crypto
import Foundation

extension DeviceVerification {
    /// The verification of what `subject` names (an app transaction's id) for `device`. Its
    /// nonce is drawn from both rather than at random, so the same facts make the same payload
    /// and a signed form is kept once (`SignedForms`).
    package static func of(device: UUID, subject: String) -> DeviceVerification {
        var bytes = Array(SHA256.hash(data: Data("deviceVerificationNonce \(device.uuidString) \(subject)".utf8)).prefix(16))
        // A version 4 UUID, as StoreKit's are.
        bytes[6] = (bytes[6] & 0x0f) | 0x40
        bytes[8] = (bytes[8] & 0x3f) | 0x80
        let nonce = UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
        return DeviceVerification(nonce: nonce, value: value(nonce: nonce, device: device))
    }

    /// Base64 of SHA-384 over the nonce's lowercased UUID string followed by the device
    /// identifier's: what an app computes to check the app transaction is its device's.
    package static func value(nonce: UUID, device: UUID) -> String {
        Data(SHA384.hash(data: Data((nonce.uuidString.lowercased() + device.uuidString.lowercased()).utf8))).base64EncodedString()
    }
}
