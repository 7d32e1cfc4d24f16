import DataFiles
import Foundation
import GRDB
import Testing
import AppStoreCore
@testable import AppStorePersistence

/// The signed forms each storage keeps (`RecordsStorage.signedForm`, `keep`): one per kind,
/// id and digest, the first kept handed out ever after; store.sqlite's table since v14,
/// checked as every table is.
@Suite struct SignedFormStorageTests {
    static let digest = String(repeating: "ab", count: 32)

    static func form(_ jws: String, digest: String = digest, kind: SignedForm.Kind = .transaction, id: String = "1000000001") -> SignedForm {
        SignedForm(kind: kind, id: id, digest: digest, jws: jws, signedDate: Date(timeIntervalSince1970: 1_893_488_400))
    }

    @Test(arguments: StorageKind.allCases)
    func theFirstFormKeptForItsFactsIsTheOneFound(kind: StorageKind) throws {
        let directory = TemporaryDirectory()
        let storage = try kind.make(directory)
        // A store to keep them in: the first change makes store.sqlite.
        try storage.update { $0.settings.storefront = "JPN" }
        let first = Self.form("aaa.bbb.ccc")
        #expect(try storage.signedForm(.transaction, of: first.id, digest: Self.digest) == nil)
        #expect(try storage.keep([first]) == [first])
        let renewal = Self.form("ddd.eee.fff", kind: .renewalInfo)
        let other = Self.form("ggg.hhh.iii", digest: String(repeating: "cd", count: 32))
        #expect(try storage.keep([Self.form("xxx.yyy.zzz"), renewal, other]) == [first, renewal, other],
                "the same facts signed again by another process: the first one kept is handed back")
        #expect(try storage.signedForm(.transaction, of: first.id, digest: Self.digest) == first)
        #expect(try storage.signedForm(.renewalInfo, of: first.id, digest: Self.digest) == renewal)
        #expect(try storage.signedForm(.appTransaction, of: first.id, digest: Self.digest) == nil)
    }

    /// A v13 store opens with what it holds and gets the table; the check finds it whole.
    @Test func aVersion13StoreGetsSignedFormsAndKeepsItsRecords() throws {
        let directory = TemporaryDirectory()
        let database = try DatabaseQueue(path: directory.dataDirectory.storeDatabaseURL.path)
        try StoreSchema.migrator.migrate(database, upTo: "v13")
        try database.write { db in
            try db.execute(sql: """
                INSERT INTO events (date, kind, account, productID, details)
                VALUES (1800000000000, 'purchased', 'a@example.com', 'com.storefront.premium', '{}')
                """)
        }
        try database.close()
        let storage = try storeDatabase(directory)
        #expect(try storage.events(after: 0, limit: nil).map(\.kind) == [.purchased])
        #expect(try storage.signedForm(.transaction, of: "1000000001", digest: Self.digest) == nil)
        #expect(try storage.keep([Self.form("aaa.bbb.ccc")]).count == 1)
        #expect(try StoreDatabase.problems(directory.dataDirectory, limit: 10).isEmpty)
    }

    /// A form damaged by hand is refused by row and column, as every row is: handed out, it
    /// would pass for what the App Store signed.
    @Test(arguments: [
        ("kind", "'receipt'"), ("digest", "'not a digest'"), ("jws", "'no dots'"), ("jws", "'a.b.c=='"), ("signedDate", "'soon'"),
    ])
    func aDamagedFormIsRefused(column: String, value: String) throws {
        let directory = TemporaryDirectory()
        let storage = try storeDatabase(directory)
        try storage.update { $0.settings.storefront = "JPN" }
        _ = try storage.keep([Self.form("aaa.bbb.ccc")])
        let database = try DatabaseQueue(path: directory.dataDirectory.storeDatabaseURL.path)
        try database.write { try $0.execute(sql: "UPDATE signedForms SET \(column) = \(value)") }
        try database.close()
        let problems = try StoreDatabase.problems(directory.dataDirectory, limit: 10)
        let kind = column == "kind" ? "receipt" : "transaction"
        #expect(problems.map(\.location) == ["signedForms, \(kind) 1000000001, column \(column)"], "\(problems)")
    }
}
