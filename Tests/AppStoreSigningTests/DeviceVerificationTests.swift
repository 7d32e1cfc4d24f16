import AppStoreCore
import AppStoreJSON
import AppStorePersistence
import CatalogFiles
import Crypto
import DataFiles
import Foundation
import Testing
@testable import AppStoreSigning

/// An app transaction carries StoreKit's device verification: `deviceVerificationNonce` a UUID,
/// `deviceVerification` the base64 SHA-384 of the nonce's lowercased UUID string followed by the
/// device identifier's, the device being the data directory's, kept in store.sqlite (v15).
@Suite struct DeviceVerificationTests {
    static let identity = try! SigningIdentity.make(label: "device verification")
    let directory = DataDirectory(url: FileManager.default.temporaryDirectory
        .appendingPathComponent("storefront-device-\(UUID().uuidString)"), durability: .scratch)

    func cleanUp() { try? FileManager.default.removeItem(at: directory.url) }

    @Test func theValueIsTheSHA384OfTheNonceAndTheDeviceAsAnAppWorksItOut() throws {
        let device = try #require(UUID(uuidString: "0F1E2D3C-4B5A-4968-8776-A5B4C3D2E1F0"))
        let verification = DeviceVerification.of(device: device, subject: "app transaction 1")
        let text = verification.nonce.uuidString.lowercased() + "0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0"
        #expect(verification.value == Data(SHA384.hash(data: Data(text.utf8))).base64EncodedString())
        #expect(Data(base64Encoded: verification.value)?.count == 48)
        #expect(verification.nonce.uuidString.dropFirst(14).first == "4", "a version 4 UUID: \(verification.nonce)")
        #expect(DeviceVerification.of(device: device, subject: "app transaction 1") == verification, "the same facts, the same nonce")
        #expect(DeviceVerification.of(device: device, subject: "app transaction 2").nonce != verification.nonce)
        #expect(DeviceVerification.of(device: UUID(), subject: "app transaction 1").nonce != verification.nonce)
    }

    @Test func theAppTransactionNamesTheDataDirectorysDevice() throws {
        defer { cleanUp() }
        try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
        let catalog = try CatalogLoader.defaultCatalog()
        let database = try StoreDatabase(directory: directory, productIDs: catalog.products.map(\.id))
        let store = AppStore(catalog: catalog, storage: database, wallClock: ManualClock())
        _ = try StoreAdmin(store: store).buyOutsideApp("com.storefront.premium", account: Settings.defaultAccount)
        let device = try database.deviceIdentifier()
        let reopened = try StoreDatabase(directory: directory, productIDs: catalog.products.map(\.id))
        #expect(try reopened.deviceIdentifier() == device, "kept in store.sqlite")
        try reopened.erase()
        #expect(try reopened.deviceIdentifier() == device, "a reset erases the records, not the device")

        let forms = SignedForms(store: store, signer: JWSSigner(identity: Self.identity), bundleID: "com.example.storefront",
                                appVersion: "1.0", deviceIdentifier: device)
        let jws = try forms.appTransaction(account: Settings.defaultAccount, transactions: [])
        let verified = try JWSVerifier(trustedRoot: Self.identity.root).verify(Data(jws.utf8))
        let payload = try #require(try JSONSerialization.jsonObject(with: verified.payload) as? [String: Any])
        let nonceText = try #require(payload["deviceVerificationNonce"] as? String)
        let nonce = try #require(UUID(uuidString: nonceText))
        #expect(payload["deviceVerificationNonce"] as? String == nonce.uuidString.lowercased())
        #expect(payload["deviceVerification"] as? String == DeviceVerification.value(nonce: nonce, device: device))
        #expect(try forms.appTransaction(account: Settings.defaultAccount, transactions: []) == jws, "signed once")

        let unverified = SignedForms(store: store, signer: JWSSigner(identity: Self.identity), bundleID: "com.example.storefront", appVersion: "1.0")
        let plain = try JWSVerifier(trustedRoot: Self.identity.root).verify(Data(try unverified.appTransaction(account: Settings.defaultAccount, transactions: []).utf8))
        #expect(try (JSONSerialization.jsonObject(with: plain.payload) as? [String: Any])?["deviceVerification"] == nil, "no device, no verification")
    }

    @Test func aFreshDirectoryKeepsNoDevice() throws {
        defer { cleanUp() }
        try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
        let database = try StoreDatabase(directory: directory, productIDs: [])
        _ = try database.deviceIdentifier()
        #expect(!FileManager.default.fileExists(atPath: directory.storeDatabaseURL.path), "looking makes no store")
    }
}
