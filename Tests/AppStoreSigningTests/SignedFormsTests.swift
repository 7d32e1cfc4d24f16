import AppStoreCore
import AppStoreJSON
import AppStorePersistence
import CatalogFiles
import DataFiles
import Foundation
import Testing
@testable import AppStoreSigning

/// Each signed form is signed once: read again, it is the same JWS; a fact that changed (a
/// refund, auto-renew turned off, the signing environment) gets a new one and the first stays;
/// two processes signing the same facts hand out the first one kept. Over both storages.
@Suite struct SignedFormsTests {
    enum Storage: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case inMemory, sqlite
        var testDescription: String { rawValue }
    }

    static let identity = try! SigningIdentity.make(label: "signed forms")
    static let other = try! SigningIdentity.make(label: "another process")
    static let premium = "com.storefront.premium"
    static let monthly = "com.storefront.pro.monthly"
    static let account = Settings.defaultAccount

    let directory = DataDirectory(url: FileManager.default.temporaryDirectory
        .appendingPathComponent("storefront-signed-forms-\(UUID().uuidString)"), durability: .scratch)
    let clock = ManualClock()

    func cleanUp() { try? FileManager.default.removeItem(at: directory.url) }

    func storage(_ kind: Storage, catalog: Catalog) throws -> any RecordsStorage {
        switch kind {
        case .inMemory: return InMemoryStorage()
        case .sqlite:
            try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
            return try StoreDatabase(directory: directory, productIDs: catalog.products.map(\.id))
        }
    }

    func forms(_ storage: any RecordsStorage, identity: SigningIdentity = Self.identity) throws -> SignedForms {
        let store = AppStore(catalog: try CatalogLoader.defaultCatalog(), storage: storage, wallClock: clock)
        return SignedForms(store: store, signer: JWSSigner(identity: identity), bundleID: "com.example.storefront", appVersion: "1.0")
    }

    func payload(_ jws: String) throws -> [String: Any] {
        let verified = try JWSVerifier(trustedRoot: Self.identity.root).verify(Data(jws.utf8))
        return try #require(try JSONSerialization.jsonObject(with: verified.payload) as? [String: Any])
    }

    @Test(arguments: Storage.allCases)
    func readingAgainHandsOutTheSameJWSEvenLater(storage kind: Storage) throws {
        defer { cleanUp() }
        let storage = try storage(kind, catalog: try CatalogLoader.defaultCatalog())
        let forms = try forms(storage)
        let bought = try StoreAdmin(store: forms.store).buyOutsideApp(Self.premium, account: Self.account)
        let t = try #require(try storage.transaction(bought.id))
        let first = try #require(try forms.transaction(t))
        let signedAt = try forms.store.now()
        clock.advance(by: 3600)
        #expect(try forms.transaction(t) == first, "not signed again")
        #expect(try forms.transactions([t]) == [t.id: first])
        let fields = try payload(first)
        #expect(fields["transactionId"] as? String == t.id)
        #expect(fields["signedDate"] as? Int64 == signedAt.millisecondsSince1970, "signed at the store clock's now")
        #expect(fields["bundleId"] as? String == "com.example.storefront")
    }

    @Test(arguments: Storage.allCases)
    func aRefundMakesANewSignedFormAndTheFirstStays(storage kind: Storage) throws {
        defer { cleanUp() }
        let storage = try storage(kind, catalog: try CatalogLoader.defaultCatalog())
        let forms = try forms(storage)
        let admin = StoreAdmin(store: forms.store)
        let bought = try admin.buyOutsideApp(Self.premium, account: Self.account)
        let before = try #require(try storage.transaction(bought.id))
        let first = try #require(try forms.transaction(before))
        clock.advance(by: 60)
        try admin.perform(.refund(transactionID: bought.id, Refund()), account: Self.account)
        let after = try #require(try storage.transaction(bought.id))
        let refunded = try #require(try forms.transaction(after))
        #expect(refunded != first)
        #expect(try payload(refunded)["revocationDate"] as? Int64 == after.revocationDate?.millisecondsSince1970)
        #expect(try payload(first)["revocationDate"] == nil)
        #expect(try forms.transaction(before) == first, "the form of the facts before the refund is kept as it was")
    }

    @Test(arguments: Storage.allCases)
    func renewalInfoAndTheEnvironmentEachGetTheirOwnForm(storage kind: Storage) throws {
        defer { cleanUp() }
        let storage = try storage(kind, catalog: try CatalogLoader.defaultCatalog())
        let forms = try forms(storage)
        let admin = StoreAdmin(store: forms.store)
        let bought = try admin.buyOutsideApp(Self.monthly, account: Self.account)
        func renewalInfo() throws -> String {
            let status = try #require(try storage.load().subscriptions.first { $0.originalTransactionID == bought.id })
            return try forms.renewalInfo(status, nextRenewal: nil, latest: try storage.transaction(status.latestTransactionID))
        }
        let on = try renewalInfo()
        #expect(try renewalInfo() == on)
        #expect(try payload(on)["autoRenewStatus"] as? Int == 1)
        try admin.perform(.autoRenew(originalTransactionID: bought.id, on: false), account: Self.account)
        let off = try renewalInfo()
        #expect(off != on)
        #expect(try payload(off)["autoRenewStatus"] as? Int == 0)

        let t = try #require(try storage.transaction(bought.id))
        let xcode = try #require(try forms.transaction(t))
        try forms.store.updateSettings { $0.signingEnvironment = .sandbox }
        let sandbox = try #require(try forms.transaction(t))
        #expect(sandbox != xcode)
        #expect(try payload(sandbox)["environment"] as? String == "Sandbox")
        #expect(try payload(xcode)["environment"] as? String == "Xcode")
    }

    @Test(arguments: Storage.allCases)
    func theFirstFormKeptIsTheOneEveryProcessHandsOut(storage kind: Storage) throws {
        defer { cleanUp() }
        let catalog = try CatalogLoader.defaultCatalog()
        let storage = try storage(kind, catalog: catalog)
        let forms = try forms(storage)
        let bought = try StoreAdmin(store: forms.store).buyOutsideApp(Self.premium, account: Self.account)
        let t = try #require(try storage.transaction(bought.id))
        let first = try #require(try forms.transaction(t))
        // Another process (its own connection), even one signing with another key, reads the one kept.
        let second = kind == .sqlite ? try StoreDatabase(directory: directory, productIDs: catalog.products.map(\.id)) : storage
        #expect(try self.forms(second, identity: Self.other).transaction(t) == first)
        let account = try forms.appTransaction(account: Self.account, transactions: [t])
        #expect(try self.forms(second, identity: Self.other).appTransaction(account: Self.account, transactions: [t]) == account)
        #expect(try payload(account)["originalPurchaseDate"] as? Int64 == t.purchaseDate?.millisecondsSince1970)
    }

    @Test(arguments: Storage.allCases)
    func onlyWhatTheAppStoreCompletedIsSigned(storage kind: Storage) throws {
        defer { cleanUp() }
        let storage = try storage(kind, catalog: try CatalogLoader.defaultCatalog())
        let forms = try forms(storage)
        var t = try StoreAdmin(store: forms.store).buyOutsideApp(Self.premium, account: Self.account)
        t.queueState.state = .deferred
        #expect(try forms.transaction(t) == nil)
        #expect(try forms.transactions([t]).isEmpty)
    }
}
