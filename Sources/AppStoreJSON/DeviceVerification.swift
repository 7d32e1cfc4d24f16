import Foundation

/// StoreKit's device verification of an app transaction (`deviceVerification`,
/// `deviceVerificationNonce`): a nonce, and the base64 SHA-384 of the nonce's lowercased UUID
/// string followed by the device identifier's, which an app works out again to check the app
/// transaction was signed for its device. Made by the signer (it needs SHA-384).
package struct DeviceVerification: Equatable, Sendable {
    package var nonce: UUID
    package var value: String

    package init(nonce: UUID, value: String) {
        self.nonce = nonce
        self.value = value
    }
}
