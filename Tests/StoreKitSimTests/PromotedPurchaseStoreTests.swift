import Foundation
import GRDB
import Testing
@testable import AppStoreCore
@testable import StoreKitSim

/// A purchase started on an App Store product page waits in the store, over both storages,
/// until the app adds the payment.
@Suite struct PromotedPurchaseStoreTests {
    @Test(arguments: StorageKind.allCases)
    func itWaitsForTheAppWhichHearsOfItOnce(kind: StorageKind) throws {
        let t = try Harness(kind)
        let (intent, events) = try t.hearing { try $0.promote(ID.premium, account: t.signedIn) }
        #expect(intent == PurchaseIntent(account: Settings.defaultAccount, productID: ID.premium, date: t.queue.now))
        #expect(events == [.shouldAddStorePayment(intent)])
        #expect(try t.records.purchaseIntents == [intent] && t.storedEvents.map(\.kind) == [.purchaseIntent])
        #expect(try t.queue.raw.tick().isEmpty, "told once")
        // Started again on the page: one per product, the newer.
        t.clock.advance(by: 5)
        let (again, _) = try t.hearing { try $0.promote(ID.premium, account: t.signedIn) }
        #expect(try t.records.purchaseIntents == [again])
    }

    @Test(arguments: StorageKind.allCases)
    func addingThePaymentContinuesItAndTheStoreForgetsIt(kind: StorageKind) throws {
        let t = try Harness(kind)
        try t.hearing { try $0.promote(ID.premium, account: t.signedIn) }
        try t.hearing { try $0.promote(ID.credits5, account: t.signedIn) }
        try t.buy(ID.premium)
        #expect(try t.records.purchaseIntents.map(\.productID) == [ID.credits5])
        #expect(t.app.isPurchased(ID.premium))
    }

    @Test(arguments: StorageKind.allCases)
    func aClosedAppHearsOfItAtItsNextLaunch(kind: StorageKind) throws {
        let directory = TemporaryDirectory()
        let t = try Harness(storage: try kind.make(directory), directory: directory, launch: false)
        let intent = try StoreAdmin(store: t.store).promote(ID.yearly, account: try t.store.settings().account)
        #expect(try t.app.launch() == [.promoted(intent)])
    }

    @Test(arguments: StorageKind.allCases)
    func itIsAnotherAccountsUntilThatAccountSignsIn(kind: StorageKind) throws {
        let t = try Harness(kind)
        try t.hearing { try $0.promote(ID.premium, account: t.signedIn) }
        try t.set { $0.account = "kid@example.com" }
        #expect(try t.queue.raw.tick().isEmpty && t.queue.raw.purchaseIntents.isEmpty)
        #expect(throws: StoreError.notSignedIn) {
            try t.set { $0.account = nil }
            try t.hearing { try $0.promote(ID.premium, account: t.signedIn) }
        }
        #expect(throws: StoreAdminError.noSuchProduct("nope")) {
            try t.set { $0.account = Settings.defaultAccount }
            try t.hearing { try $0.promote("nope", account: t.signedIn) }
        }
    }

    @Test func aDamagedRowIsRefusedByTableRowAndColumn() throws {
        let directory = TemporaryDirectory()
        let t = try Harness.onDisk(directory)
        try t.hearing { try $0.promote(ID.premium, account: t.signedIn) }
        let queue = try DatabaseQueue(path: directory.file("store.sqlite").path)
        try queue.write { try $0.execute(sql: "UPDATE purchaseIntents SET date = 'soon'") }
        try queue.close()
        let problem = try #require(throws: (any Error).self) { _ = try storeDatabase(directory).load() }
        #expect("\(problem)".contains("purchaseIntents, account \(Settings.defaultAccount), product \(ID.premium)") && "\(problem)".contains("date"),
                "\(problem)")
    }
}
