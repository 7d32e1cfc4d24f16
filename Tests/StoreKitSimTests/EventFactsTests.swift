import DataFiles
import Foundation
import GRDB
import Testing
@testable import AppStoreCore
@testable import AppStorePersistence

/// Each event keeps the facts it names as they were when it happened: the transaction, and a
/// subscription's status and renewal info.
@Suite struct EventFactsTests {
    /// A first subscription and a resubscribe after it expired are told apart (SUBSCRIBED's
    /// INITIAL_BUY and RESUBSCRIBE), each with its transaction and the status it began.
    @Test(arguments: StorageKind.allCases)
    func aFirstSubscriptionAndAResubscribeAreToldApart(kind: StorageKind) throws {
        let t = try Harness.plans(kind)
        let first = try t.buy(Plans.proMonthly)
        t.clock.advance(by: 60)
        try t.hear { try $0.expireSubscription(Plans.proMonthly, account: t.signedIn) }
        t.clock.advance(by: 60)
        let again = try t.buy(Plans.proMonthly)
        let subscribed = try t.storedEvents.filter { $0.kind == .subscribed }
        #expect(subscribed.map(\.details.subtype) == [.initialBuy, .resubscribe])
        #expect(subscribed.map(\.transaction?.id) == [first.id, again.id])
        #expect(subscribed.first?.transaction?.price == first.price)
        // The status as each left it: the first subscribed, the expiry's expired, then again.
        #expect(subscribed.map(\.subscription?.state) == [.subscribed, .subscribed])
        #expect(subscribed.map(\.subscription?.latestTransactionID) == [first.id, again.id])
        let expired = try #require(try t.storedEvents.last { $0.kind == .expired })
        #expect(expired.subscription?.state == .expired && expired.subscription?.latestTransactionID == first.id)
    }

    /// A refund's event keeps the transaction as the refund left it: revoked, whatever happens to
    /// the row after (deleted from the history).
    @Test(arguments: StorageKind.allCases)
    func aRefundKeepsTheRevokedTransaction(kind: StorageKind) throws {
        let t = try RefundTests.harness(kind)
        let bought = try t.buy(ID.premium)
        try t.hear { try $0.refundTransaction(bought.id) }
        let refunded = try t.transaction(bought.id)
        try t.hear { try $0.deleteTransaction(bought.id) }
        let event = try #require(try t.storedEvents.last { $0.kind == .refunded })
        #expect(event.transaction == refunded && event.transaction?.isRevoked == true)
        #expect(event.subscription == nil, "not a subscription")
        #expect(try t.storage.transaction(bought.id) == nil)
    }

    /// A v9 store's events get the facts they name once, from the rows as they are, and a
    /// subscription's start its subtype; an event naming no transaction gets none.
    @Test func aVersion9StoresEventsGetTheirFactsFromItsRows() throws {
        let directory = TemporaryDirectory()
        let written = try storeDatabase(directory)
        try FullRecords.write(into: written, events: [
            StoreEvent(date: FullRecords.start, kind: .subscribed, account: Settings.defaultAccount, productID: ID.monthly,
                       transactionID: "1000000001", originalTransactionID: "1000000001"),
            StoreEvent(date: FullRecords.start, kind: .subscribed, account: Settings.defaultAccount, productID: ID.monthly,
                       transactionID: "1000000002", originalTransactionID: "1000000001"),
            StoreEvent(date: FullRecords.start, kind: .familyJoined, account: Settings.defaultAccount, productID: nil),
        ])
        let path = directory.dataDirectory.storeDatabaseURL.path
        // As v9 kept them: no facts, no subtype.
        let database = try DatabaseQueue(path: path)
        try database.write { db in
            try db.execute(sql: """
                ALTER TABLE events DROP COLUMN facts;
                DROP TABLE readers;
                UPDATE events SET details = '{}';
                DROP INDEX events_revocations;
                DROP INDEX transactions_introductory;
                DROP INDEX events_deletions;
                DROP TABLE signedForms;
                ALTER TABLE subscriptions DROP COLUMN offerCodeAtRenewal;
                ALTER TABLE subscriptions DROP COLUMN offerStartDate;
                DROP TABLE device;
                DROP TABLE promotionalOfferRedemptions;
                ALTER TABLE transactions DROP COLUMN billingPlanType;
                ALTER TABLE transactions DROP COLUMN commitment;
                ALTER TABLE subscriptions DROP COLUMN commitmentExpiresDate;
                DELETE FROM grdb_migrations WHERE identifier IN ('v10', 'v11', 'v12', 'v13', 'v14', 'v15', 'v16', 'v17', 'v18');
                """)
        }
        try database.close()
        let storage = try storeDatabase(directory)
        let events = try storage.events(after: 0, limit: nil)
        #expect(events.map(\.details.subtype) == [.initialBuy, .resubscribe, nil])
        #expect(try events.map(\.transaction) == [storage.transaction("1000000001"), storage.transaction("1000000002"), nil])
        #expect(events.map(\.subscription) == [FullRecords.status, FullRecords.status, nil])
        #expect(try StoreDatabase.problems(directory.dataDirectory, limit: 10).isEmpty)
    }
}
