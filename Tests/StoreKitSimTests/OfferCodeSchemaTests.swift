import DataFiles
import Foundation
import GRDB
import Testing
@testable import AppStoreCore
@testable import AppStorePersistence

/// What store.sqlite keeps of an offer code a subscriber redeemed (schema v15): the code that
/// waits for the renewal and when the offer began, read back as written; a store from before
/// opens with every status it holds, none waiting.
@Suite struct OfferCodeSchemaTests {
    @Test func aWaitingCodeAndItsOffersStartReadBack() throws {
        let directory = TemporaryDirectory()
        var status = FullRecords.status
        status.offerCodeAtRenewal = "LOYAL3"
        status.offerStartDate = FullRecords.start + 86_400
        try storeDatabase(directory).update {
            $0.transactions = FullRecords.transactions
            $0.nextTransactionNumber = 1_000_000_003
            $0.subscriptions = [status]
        }
        #expect(try storeDatabase(directory).load().subscriptions == [status])
    }

    @Test func aVersion14StoreOpensWithItsStatuses() throws {
        let directory = TemporaryDirectory()
        try FullRecords.write(into: try storeDatabase(directory))
        let database = try DatabaseQueue(path: directory.dataDirectory.storeDatabaseURL.path)
        try database.write { db in
            try db.execute(sql: """
                ALTER TABLE subscriptions DROP COLUMN offerCodeAtRenewal;
                ALTER TABLE subscriptions DROP COLUMN offerStartDate;
                DROP TABLE device;
                DROP TABLE promotionalOfferRedemptions;
                ALTER TABLE transactions DROP COLUMN billingPlanType;
                ALTER TABLE transactions DROP COLUMN commitment;
                ALTER TABLE subscriptions DROP COLUMN commitmentExpiresDate;
                DELETE FROM grdb_migrations WHERE identifier IN ('v15', 'v16', 'v17', 'v18');
                """)
        }
        try database.close()
        let reopened = try storeDatabase(directory)
        #expect(try reopened.load().subscriptions == [FullRecords.status])
        #expect(try StoreDatabase.problems(directory.dataDirectory, limit: 10).isEmpty)
    }
}
