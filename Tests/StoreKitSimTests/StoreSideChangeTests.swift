import Foundation
import Testing
@testable import AppStoreCore
@testable import StoreKitSim

/// An operation on the App Store's side is one change of the store's: what fell due by store
/// time first (its events, and what the family shares of it), then the operation, in one write
/// transaction.
@Suite struct StoreSideChangeTests {
    typealias Family = FamilySharedSubscriptionTests

    /// The parent's plan, shared with the kid, bought; store time then past its renewal with no
    /// app open to do it.
    private func renewalFallenDue(_ kind: StorageKind) throws -> (Harness, lastEvent: Int64) {
        let t = try Family.family(kind)
        let bought = try t.buy(Plans.proMonthly)
        let lastEvent = try t.storage.lastEventID()
        t.clock.advance(by: try #require(bought.expirationDate).timeIntervalSince(t.clock.now) + 60)
        return (t, lastEvent)
    }

    private func kidsCopies(_ t: Harness) throws -> [Transaction] {
        try Family().copies(t)
    }

    /// Expired while its renewal was due: the renewal is made and shared first, then the
    /// renewed period ends for the parent and, through it, for the kid.
    @Test(arguments: StorageKind.allCases)
    func anExpiryAfterADueRenewalEndsTheMembersRenewedPeriod(kind: StorageKind) throws {
        let (t, lastEvent) = try renewalFallenDue(kind)
        try t.admin.expireSubscription(Plans.proMonthly, account: t.signedIn)
        let parents = try #require(try t.records.status(of: Family.parent, group: Plans.group))
        let copies = try kidsCopies(t)
        #expect(copies.count == 2, "the renewal reached the kid before the expiry")
        let renewal = try #require(copies.last)
        #expect(renewal.reason == .renewal && renewal.sharedTransactionID == parents.latestTransactionID)
        let kids = try #require(try Family().kidsStatus(t))
        #expect(parents.state == .expired && kids.state == .expired && kids.latestTransactionID == renewal.id)
        #expect(kids.expiresDate == parents.expiresDate, "the kid's period ends with the parent's")
        let events = try t.storage.events(after: lastEvent, limit: nil)
        #expect(events.map(\.kind) == [.renewed, .familyShared, .expired], "what was due first, then the expiry")
        #expect(events.map(\.transactionID) == [parents.latestTransactionID, renewal.id, nil])
    }

    /// Sharing turned off while the renewal was due: the renewal reaches the kid first, and is
    /// taken back from the kid with the sharing.
    @Test(arguments: StorageKind.allCases)
    func sharingTurnedOffAfterADueRenewalRevokesTheMembersRenewedPeriod(kind: StorageKind) throws {
        let (t, lastEvent) = try renewalFallenDue(kind)
        try t.admin.setFamilySharing(Plans.proMonthly, on: false, account: t.signedIn)
        let parents = try #require(try t.records.status(of: Family.parent, group: Plans.group))
        let copies = try kidsCopies(t)
        #expect(copies.count == 2, "the renewal reached the kid before sharing stopped")
        let renewal = try #require(copies.last)
        #expect(renewal.sharedTransactionID == parents.latestTransactionID && renewal.revocationType == .familyRevoke)
        #expect(try Family().kidsStatus(t)?.givesAccess != true)
        let events = try t.storage.events(after: lastEvent, limit: nil)
        #expect(events.map(\.kind) == [.renewed, .familyShared, .familySharingOff, .familyRevoked])
        #expect(events.map(\.transactionID) == [parents.latestTransactionID, renewal.id, nil, renewal.id])
    }

    /// With nothing due, an operation reads the records and writes them once.
    @Test(arguments: StorageKind.allCases)
    func anOperationWithNothingDueIsOneWriteTransaction(kind: StorageKind) throws {
        let directory = TemporaryDirectory()
        let spy = CountingStorage(try kind.make(directory))
        let t = try Harness(storage: spy, directory: directory)
        let bought = try t.buy(ID.premium)
        var updates = spy.updates
        try t.admin.refundTransaction(bought.id)
        #expect(spy.updates == updates + 1, "a refund")
        updates = spy.updates
        try t.admin.buyOutsideApp(ID.credits5, account: t.signedIn)
        #expect(spy.updates == updates + 1, "a purchase outside the app")
        updates = spy.updates
        try t.admin.perform(.createFamily(organizer: try #require(t.signedIn)), account: t.signedIn)
        #expect(spy.updates == updates + 1, "a family created")
    }
}
