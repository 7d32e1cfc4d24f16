import Foundation
import GRDB
import SampleApp
import Testing
@testable import AppStoreCore
@testable import AppStorePersistence

/// Family Sharing over both storages: a shareable purchase reaches the purchaser's family as
/// family-shared transactions of their own, restored and owned by them, and is revoked for
/// them (never their own purchases) when refunded, no longer shared, or the family changes.
@Suite struct FamilySharingTests {
    static let premium = "com.storefront.premium"
    static let credits = "com.storefront.credits.5"
    static let parent = Settings.defaultAccount
    static let kid = "kid@example.com"

    /// The signed-in account (the parent) organizes a family with the kid in it.
    static func family(_ kind: StorageKind) throws -> Harness {
        let directory = TemporaryDirectory()
        let t = try Harness(storage: try kind.make(directory), directory: directory)
        t.app.receive(try t.hear { try $0.createFamily(organizer: parent) })
        t.app.receive(try t.hear { try $0.addFamilyMember(kid, organizer: t.signedIn) })
        return t
    }

    func shared(_ t: Harness, of account: String = kid) throws -> [Transaction] {
        try t.storage.history(last: nil, finishedOnly: false).filter { $0.account == account && $0.isFamilyShared }
    }

    @Test(arguments: StorageKind.allCases)
    func aPurchaseReachesTheFamilyAsItsOwnFamilySharedTransaction(kind: StorageKind) throws {
        let t = try Self.family(kind)
        let bought = try t.buy(Self.premium)
        #expect(bought.ownershipType == nil && !bought.isFamilyShared)
        let shared = try #require(try shared(t).first)
        #expect(shared.id != bought.id && shared.sharedTransactionID == bought.id && shared.queueState.state == .purchased)
        #expect(!shared.queueState.finished && shared.price == 0 && shared.originalPurchaseDate == bought.originalPurchaseDate)
        #expect(try t.storedEvents.contains { $0.kind == .familyShared && $0.account == Self.kid && $0.transactionID == shared.id })
        #expect(try t.records.completedPurchases(of: Self.kid).map(\.id) == [shared.id])

        // The kid signs in: the app hears it, unlocks the content and finishes it; a restore brings it back.
        try t.set { $0.account = Self.kid }
        try t.queue.tick()
        #expect(t.updates.contains { $0.id == shared.id && $0.isFamilyShared })
        #expect(t.app.defaults.values[Self.premium] == .bool(true))
        #expect(try t.transaction(shared.id).queueState.finished)
        #expect(try t.records.owns(Self.premium))
        try t.restore()
        let restored = try t.storage.history(last: nil, finishedOnly: false).filter { $0.queueState.state == .restored && $0.account == Self.kid }
        #expect(restored.map(\.originalID) == [shared.id] && restored.allSatisfy(\.isFamilyShared))
    }

    @Test(arguments: StorageKind.allCases)
    func aRefundRevokesItForTheFamilyAndTheMembersAppLocksItOnce(kind: StorageKind) throws {
        let t = try Self.family(kind)
        let bought = try t.buy(Self.premium)
        try t.set { $0.account = Self.kid }
        try t.queue.tick()
        #expect(t.app.defaults.values[Self.premium] == .bool(true))
        t.app.receive(try t.hear { try $0.refundTransaction(bought.id) })
        let shared = try #require(try shared(t).first)
        #expect(shared.isRevoked && shared.revocationType == .familyRevoke && shared.revocationPercentage == nil)
        #expect(t.app.defaults.values[Self.premium] == .bool(false))
        #expect(t.app.takenBack == [shared.id])
        #expect(try !t.records.owns(Self.premium))
        let revocations = t.app.events.filter { if case .revoked = $0 { true } else { false } }
        try t.queue.tick()
        let again = try t.relaunched()
        #expect(again.app.events.filter { if case .revoked = $0 { true } else { false } }.isEmpty, "never taken back twice")
        #expect(revocations.count == 1)
        #expect(try t.storedEvents.filter { $0.kind == .familyRevoked }.map(\.transactionID) == [shared.id])
    }

    /// A shared copy revoked before the member's app heard of it arrives revoked (StoreKit 2's
    /// update with a revocation date): the app finishes it and never unlocks, so there is
    /// nothing to lock again.
    @Test(arguments: StorageKind.allCases)
    func aCopyRevokedBeforeTheMembersAppSawItIsNeverUnlocked(kind: StorageKind) throws {
        let t = try Self.family(kind)
        let bought = try t.buy(Self.premium)
        t.app.receive(try t.hear { try $0.refundTransaction(bought.id) })
        let shared = try #require(try shared(t).first)
        try t.set { $0.account = Self.kid }
        let kid = try t.relaunched()
        #expect(kid.app.events.contains { if case .revokedBeforeDelivery(let r) = $0 { r.id == shared.id } else { false } })
        #expect(!kid.app.events.contains { if case .delivered = $0 { true } else { false } }, "never unlocked")
        #expect(!kid.app.events.contains { if case .revoked = $0 { true } else { false } }, "so never locked again")
        #expect(kid.app.defaults.values[Self.premium] == .bool(false), "locked since the parent's refund")
        #expect(try kid.transaction(shared.id).queueState.finished)
        #expect(try kid.relaunched().app.events.allSatisfy { if case .revoked = $0 { false } else { true } })
    }

    /// A member who buys the shared product again gets it again (a re-download of the shared
    /// copy), which is no purchase of its own: it goes with the shared copy.
    @Test(arguments: StorageKind.allCases)
    func aMembersRedownloadOfTheSharedCopyIsRevokedWithIt(kind: StorageKind) throws {
        let t = try Self.family(kind)
        let bought = try t.buy(Self.premium)
        try t.set { $0.account = Self.kid }
        try t.queue.tick()
        let again = try t.buy(Self.premium)
        #expect(again.reason == .redownload && again.price == 0)
        t.app.receive(try t.hear { try $0.refundTransaction(bought.id) })
        #expect(try t.transaction(again.id).revocationType == .familyRevoke)
        #expect(try !t.records.owns(Self.premium))
        #expect(t.app.defaults.values[Self.premium] == .bool(false))
        let shared = try #require(try shared(t).first { $0.reason == .purchase })
        #expect(try t.storedEvents.filter { $0.kind == .familyRevoked }.map(\.transactionID) == [shared.id], "heard once, as the copy's")
        #expect(t.app.events.filter { if case .revoked = $0 { true } else { false } }.count == 1)
        #expect(try t.relaunched().records.owns(Self.premium) == false)
        try t.restore()
        #expect(t.app.defaults.values[Self.premium] == .bool(false), "a restore brings nothing back")
    }

    /// A family revocation is a revocation of its own: the member's copy keeps its date and
    /// what it cost (nothing), and nothing was refunded.
    @Test(arguments: StorageKind.allCases)
    func aFamilyRevocationLeavesTheCopyAsItWas(kind: StorageKind) throws {
        let t = try Self.family(kind)
        try t.buy(Self.premium)
        let copy = try #require(try shared(t).first)
        t.clock.advance(by: 86_400)
        try t.hear { try $0.setFamilySharing(Self.premium, on: false, account: t.signedIn) }
        let revoked = try t.transaction(copy.id)
        #expect(revoked.revocation == .familyRevoke(at: t.clock.now) && revoked.revocationPercentage == nil)
        #expect(revoked.queueState.transactionDate == copy.queueState.transactionDate && revoked.purchaseDate == copy.purchaseDate && revoked.price == 0)
    }

    @Test(arguments: StorageKind.allCases)
    func stoppingSharingRevokesItAndSharingAgainGivesANewOne(kind: StorageKind) throws {
        let t = try Self.family(kind)
        try t.buy(Self.premium)
        let first = try #require(try shared(t).first)
        try t.hear { try $0.setFamilySharing(Self.premium, on: false, account: t.signedIn) }
        #expect(try t.transaction(first.id).revocationType == .familyRevoke)
        try t.hear { try $0.setFamilySharing(Self.premium, on: false, account: t.signedIn) }
        #expect(try t.storedEvents.filter { $0.kind == .familySharingOff }.count == 1, "turning it off twice does nothing more")
        try t.hear { try $0.setFamilySharing(Self.premium, on: true, account: t.signedIn) }
        let all = try shared(t)
        #expect(all.count == 2 && all.last?.isRevoked == false && all.last?.id != first.id)
    }

    @Test(arguments: StorageKind.allCases)
    func leavingRevokesWhatWasSharedButNeverAMembersOwnPurchase(kind: StorageKind) throws {
        let t = try Self.family(kind)
        let bought = try t.buy(Self.premium)
        // The kid's own purchase, which the parent then gets shared.
        try t.set { $0.account = Self.kid }
        let own = try t.buy("com.storefront.pass.yearly")
        try t.set { $0.account = Self.parent }
        t.app.receive(try t.hear { try $0.removeFamilyMember(Self.kid) })
        #expect(try shared(t).allSatisfy(\.isRevoked))
        #expect(try !t.transaction(own.id).isRevoked && !t.transaction(bought.id).isRevoked)
        #expect(try t.records.family(of: Self.kid) == nil && t.records.family(of: Self.parent)?.members == [])
        #expect(try t.records.completedPurchases(of: Self.kid).map(\.id) == [own.id])
    }

    @Test(arguments: StorageKind.allCases)
    func aMemberWhoOwnsItGetsNoShareAndTheOrganizerLeavingEndsTheFamily(kind: StorageKind) throws {
        let t = try Self.family(kind)
        try t.set { $0.account = Self.kid }
        let own = try t.buy(Self.premium)
        try t.set { $0.account = Self.parent }
        let shared = try #require(try shared(t, of: Self.parent).first)
        #expect(shared.sharedTransactionID == own.id)
        try t.hear { try $0.removeFamilyMember(Self.parent) }
        #expect(try t.records.families.isEmpty)
        #expect(try t.transaction(shared.id).isRevoked && !t.transaction(own.id).isRevoked)
        #expect(try t.storedEvents.filter { $0.kind == .familyLeft }.compactMap(\.account).sorted() == [Self.kid, Self.parent])
    }

    @Test(arguments: StorageKind.allCases)
    func aFamilyMemberBuyingOnTheirOwnDeviceSharesWithTheSignedInAccountLive(kind: StorageKind) throws {
        let t = try Self.family(kind)
        let (bought, events) = try t.hearing { try $0.buyAsFamilyMember(Self.kid, productID: Self.premium) }
        t.app.receive(events)
        #expect(bought.account == Self.kid && bought.queueState.finished, "the kid's own device finished it")
        let shared = try #require(try shared(t, of: Self.parent).first)
        #expect(t.updates.contains { $0.id == shared.id }, "heard at once")
        #expect(t.app.defaults.values[Self.premium] == .bool(true))
    }

    /// Failed before: sharing turned off by a member who never bought the product, and on by
    /// an account in no family, were taken, with an event and a stop `family show` listed.
    @Test(arguments: StorageKind.allCases)
    func onlyAPurchaserInAFamilyTurnsSharingOnOrOff(kind: StorageKind) throws {
        let t = try Self.family(kind)
        let events = try t.storedEvents.count
        #expect(throws: FamilyError.notPurchased(Self.kid, productID: Self.premium)) {
            try t.hear { try $0.setFamilySharing(Self.premium, on: false, account: Self.kid) }
        }
        #expect(throws: FamilyError.notPurchased(Self.kid, productID: "com.storefront.pro.monthly")) {
            try t.hear { try $0.setFamilySharing("com.storefront.pro.monthly", on: false, account: Self.kid) }
        }
        #expect(throws: FamilyError.notInFamily("nobody@example.com")) {
            try t.hear { try $0.setFamilySharing(Self.premium, on: true, account: "nobody@example.com") }
        }
        #expect(try t.storedEvents.count == events && t.records.sharingStops.isEmpty, "nothing written")
        try t.buy(Self.premium)
        try t.hear { try $0.setFamilySharing(Self.premium, on: false, account: t.signedIn) }
        #expect(try t.storedEvents.contains { $0.kind == .familySharingOff }, "the purchaser turns it off")
    }

    @Test(arguments: StorageKind.allCases)
    func requestsThatCannotApplyAreRefused(kind: StorageKind) throws {
        let t = try Self.family(kind)
        #expect(throws: FamilyError.alreadyInFamily(Self.kid, organizer: Self.parent)) { try t.hear { try $0.createFamily(organizer: Self.kid) } }
        #expect(throws: FamilyError.alreadyInFamily(Self.kid, organizer: Self.parent)) { try t.hear { try $0.addFamilyMember(Self.kid, organizer: t.signedIn) } }
        for i in 2...Family.maximumMembers { try t.hear { try $0.addFamilyMember("member\(i)@example.com", organizer: t.signedIn) } }
        #expect(throws: FamilyError.familyFull(organizer: Self.parent)) { try t.hear { try $0.addFamilyMember("one.too.many@example.com", organizer: t.signedIn) } }
        #expect(throws: FamilyError.notInFamily("nobody@example.com")) { try t.hear { try $0.removeFamilyMember("nobody@example.com") } }
        #expect(throws: FamilyError.notShareable(Self.credits)) { try t.hear { try $0.setFamilySharing(Self.credits, on: false, account: t.signedIn) } }
        #expect(throws: FamilyError.notInFamily("nobody@example.com")) {
            try t.hearing { try $0.buyAsFamilyMember("nobody@example.com", productID: Self.premium) }
        }
        try t.buy(Self.premium)
        let shared = try #require(try shared(t).first)
        try t.set { $0.account = Self.kid }
        try t.queue.tick()
        #expect(throws: FamilyError.sharedNotRefundable(shared.id)) { try t.hear { try $0.refundTransaction(shared.id) } }
        // Nor can the member ask for one: the purchaser paid.
        #expect(throws: FamilyError.sharedNotRefundable(shared.id)) { try t.hearing { try $0.requestRefund(shared.id, reason: .other, account: t.signedIn) } }
        #expect(try t.records.refundRequests.isEmpty)
    }

    /// A damaged family row or ownership column is refused by table, row and column.
    @Test(arguments: [
        ("UPDATE transactions SET ownershipType = 'borrowed' WHERE account = 'kid@example.com'", "ownershipType"),
        ("UPDATE transactions SET sharedTransactionID = NULL WHERE account = 'kid@example.com'", "sharedTransactionID"),
        ("UPDATE transactions SET sharedTransactionID = '1' WHERE ownershipType IS NULL", "sharedTransactionID"),
        ("INSERT INTO familyMembers (account, organizer, position) VALUES ('x@example.com', 'ghost@example.com', 9)",
         "familyMembers, account x@example.com, column organizer"),
        ("UPDATE familyMembers SET position = 'first'", "position"),
    ] as [(String, String)])
    func aDamagedRowIsRefusedByTableRowAndColumn(sql: String, names: String) throws {
        let directory = TemporaryDirectory()
        let t = try Harness(storage: try StorageKind.sqlite.make(directory), directory: directory)
        try t.hear { try $0.createFamily(organizer: Self.parent) }
        try t.hear { try $0.addFamilyMember(Self.kid, organizer: t.signedIn) }
        try t.buy(Self.premium)
        let queue = try DatabaseQueue(path: directory.file("store.sqlite").path)
        try queue.write { try $0.execute(sql: sql) }
        try queue.close()
        let problem = try #require(throws: (any Error).self) { _ = try storeDatabase(directory).load() }
        #expect("\(problem)".contains(names), "\(problem)")
    }

    /// A v7 store.sqlite is brought up to v9 (through v8, the refund requests): its purchases are the purchaser's own, nobody is
    /// in a family, and a family made then shares what was bought before.
    @Test func aVersion7StoreIsBroughtUpToDate() throws {
        let directory = TemporaryDirectory()
        let database = try DatabaseQueue(path: directory.dataDirectory.storeDatabaseURL.path)
        try StoreSchema.migrator.migrate(database, upTo: "v7")
        try database.write { db in
            try db.execute(sql: """
                INSERT INTO transactions (id, productID, quantity, state, date, finished, account, reason, purchaseDate, originalPurchaseDate)
                VALUES ('1000000001', ?, 1, 'purchased', 1800000000000, 1, ?, 'purchase', 1800000000000, 1800000000000)
                """, arguments: [Self.premium, Self.parent])
            try db.execute(sql: "INSERT OR IGNORE INTO accounts (name) VALUES (?)", arguments: [Self.parent])
            try db.execute(sql: "UPDATE store SET nextTransactionNumber = 1000000002")
        }
        try database.close()
        let t = try Harness(storage: try storeDatabase(directory), directory: directory)
        #expect(try t.records.families.isEmpty && t.transaction("1000000001").ownershipType == nil)
        let migrated = try DatabaseQueue(path: directory.dataDirectory.storeDatabaseURL.path)
        #expect(try migrated.read { try StoreSchema.migrator.appliedIdentifiers($0) }.contains("v9"))
        try migrated.close()
        try t.hear { try $0.createFamily(organizer: Self.parent) }
        try t.hear { try $0.addFamilyMember(Self.kid, organizer: t.signedIn) }
        #expect(try shared(t).map(\.sharedTransactionID) == ["1000000001"])
        #expect(try StoreDatabase.problems(directory.dataDirectory, limit: 10).isEmpty, "a v9 store as storefront makes them")
    }
}
