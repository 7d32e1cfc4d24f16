import AppStoreCore
import DataFiles
import Foundation
import GRDB

/// The tables of store.sqlite, as migrations: a database made by an older storefront is
/// brought up to date when opened, one made by a newer one is refused.
enum StoreSchema {
    /// What a store whose migrations this storefront does not know is (`hasBeenSuperseded`).
    static let newerProblem = "was written by a newer storefront"

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            // One value per setting, so a change to one never rewrites another that a
            // different process changed meanwhile.
            try db.execute(sql: """
                CREATE TABLE settings (
                    name TEXT PRIMARY KEY NOT NULL,
                    value TEXT NOT NULL  -- JSON
                ) WITHOUT ROWID;
                CREATE TABLE store (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    nextTransactionNumber INTEGER NOT NULL,
                    restoreDueDate INTEGER,  -- milliseconds since 1970
                    migratedFrom TEXT        -- the store.json this was made from (size and hash)
                );
                INSERT INTO store (id, nextTransactionNumber) VALUES (1, \(StoreWorkingSet.firstTransactionNumber));
                CREATE TABLE transactions (
                    seq INTEGER PRIMARY KEY,  -- the order transactions were made in
                    id TEXT NOT NULL UNIQUE,
                    productID TEXT NOT NULL,
                    quantity INTEGER NOT NULL,
                    state TEXT NOT NULL,
                    date INTEGER NOT NULL,
                    error TEXT,               -- JSON: domain, code, name, message
                    applicationUsername TEXT,
                    originalTransactionID TEXT,
                    expiresDate INTEGER,
                    isTrialPeriod INTEGER,
                    finished INTEGER NOT NULL,
                    dueDate INTEGER,
                    awaitingResolution INTEGER
                );
                -- The queue (SKPaymentQueue.transactions) and the interrupted purchases: what
                -- every launch and every change reads.
                CREATE INDEX transactions_open ON transactions (seq)
                    WHERE finished = 0 OR awaitingResolution = 1;
                -- Each product's first and latest purchase: ownership, restore, renewals.
                CREATE INDEX transactions_purchases ON transactions (productID, seq)
                    WHERE state = 'purchased';
                -- Each subscription's latest expiry.
                CREATE INDEX transactions_expiries ON transactions (productID, expiresDate)
                    WHERE state = 'purchased';
                -- The storefront's history pages read the newest finished transactions.
                CREATE INDEX transactions_finished ON transactions (seq) WHERE finished = 1;
                """)
        }
        migrator.registerMigration("v2") { db in
            // Purchases belong to the Apple Account that made them. Rows of a v1 store were
            // made by the account signed in when it is migrated (the default sandbox account
            // when signed out): v1 knew one account's purchases only.
            let setting = try String.fetchOne(db, sql: "SELECT value FROM settings WHERE name = 'account'")
            let signedIn = setting.flatMap { try? JSONCoding.decoder().decode(String?.self, from: Data($0.utf8)) }
            try db.execute(sql: """
                ALTER TABLE transactions ADD COLUMN account TEXT;
                ALTER TABLE transactions ADD COLUMN reason TEXT;         -- purchase, renewal, redownload, resolution
                ALTER TABLE transactions ADD COLUMN requestDate INTEGER; -- Ask to Buy: when last asked
                UPDATE transactions SET account = ?;
                -- v1 told a renewal (of a purchase) from a resolution (of a failed purchase)
                -- only by what its original transaction was.
                UPDATE transactions SET reason = CASE
                    WHEN state = 'restored' THEN NULL
                    WHEN originalTransactionID IS NULL THEN 'purchase'
                    WHEN (SELECT o.state FROM transactions o WHERE o.id = transactions.originalTransactionID) = 'failed'
                        THEN 'resolution'
                    ELSE 'renewal' END;
                UPDATE transactions SET requestDate = date WHERE state = 'deferred';
                -- The accounts with transactions: whose purchases each commit reads, so that
                -- finding them never scans the history.
                CREATE TABLE accounts (name TEXT PRIMARY KEY NOT NULL) WITHOUT ROWID;
                INSERT INTO accounts (name) VALUES (?);
                DROP INDEX transactions_purchases;
                DROP INDEX transactions_expiries;
                -- Each account's first and latest purchase of each product: ownership, restore, renewals.
                CREATE INDEX transactions_purchases ON transactions (account, productID, seq)
                    WHERE state = 'purchased';
                -- Each account's latest expiry of each subscription.
                CREATE INDEX transactions_expiries ON transactions (account, productID, expiresDate)
                    WHERE state = 'purchased';
                """, arguments: [signedIn ?? Settings.defaultAccount, signedIn ?? Settings.defaultAccount])
        }
        migrator.registerMigration("v3") { db in
            // The store's clock (see StoreClockState): both NULL until time is first advanced
            // or its rate changed, store time being real time until then.
            try db.execute(sql: """
                ALTER TABLE store ADD COLUMN clockRealAnchor INTEGER;   -- milliseconds since 1970
                ALTER TABLE store ADD COLUMN clockStoreAnchor INTEGER;  -- milliseconds since 1970
                """)
        }
        migrator.registerMigration("v4") { db in
            // Subscriptions as records of the store, the events of every change (the outbox),
            // each transaction's purchase facts, and the store-side prices of plans.
            try db.execute(sql: """
                ALTER TABLE transactions ADD COLUMN purchaseDate INTEGER;          -- milliseconds since 1970
                ALTER TABLE transactions ADD COLUMN originalPurchaseDate INTEGER;  -- milliseconds since 1970
                ALTER TABLE transactions ADD COLUMN price TEXT;                    -- an exact decimal, "4.99"
                ALTER TABLE transactions ADD COLUMN currency TEXT;
                ALTER TABLE transactions ADD COLUMN storefront TEXT;
                ALTER TABLE transactions ADD COLUMN offer TEXT;                    -- JSON: type, id, paymentMode, period
                ALTER TABLE transactions ADD COLUMN webOrderLineItemID TEXT;
                ALTER TABLE transactions ADD COLUMN isUpgraded INTEGER;
                -- A purchase made before v4 was completed when its row last changed; a renewal's
                -- original purchase is the one it names; a restored transaction has the dates of
                -- the purchase it restored.
                UPDATE transactions SET purchaseDate = date WHERE state = 'purchased';
                UPDATE transactions SET originalPurchaseDate = coalesce(
                    (SELECT o.date FROM transactions o WHERE o.id = transactions.originalTransactionID AND o.state = 'purchased'),
                    date) WHERE state = 'purchased';
                UPDATE transactions SET
                    purchaseDate = (SELECT o.purchaseDate FROM transactions o WHERE o.id = transactions.originalTransactionID),
                    originalPurchaseDate = (SELECT o.originalPurchaseDate FROM transactions o
                                            WHERE o.id = transactions.originalTransactionID)
                    WHERE state = 'restored';
                -- One row per account and subscription group (SubscriptionStatus); the rowid keeps
                -- the order statuses were first made in, as the records list them.
                CREATE TABLE subscriptions (
                    account TEXT NOT NULL,
                    groupID TEXT NOT NULL,
                    productID TEXT NOT NULL,
                    state TEXT NOT NULL,
                    originalTransactionID TEXT NOT NULL,
                    latestTransactionID TEXT NOT NULL,
                    expiresDate INTEGER NOT NULL,              -- milliseconds since 1970
                    willAutoRenew INTEGER NOT NULL,
                    autoRenewProductID TEXT NOT NULL,
                    expirationReason TEXT,
                    billingRetryStartDate INTEGER,             -- milliseconds since 1970
                    gracePeriodExpiresDate INTEGER,            -- milliseconds since 1970
                    priceIncreaseStatus TEXT NOT NULL,
                    recentSubscriptionStartDate INTEGER NOT NULL,  -- milliseconds since 1970
                    PRIMARY KEY (account, groupID)
                );
                -- What the store's rules did, in order: written with the change they tell of.
                -- AUTOINCREMENT: an id is never given twice, a reset included, so a reader's
                -- cursor never skips a new event.
                CREATE TABLE events (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    date INTEGER NOT NULL,                     -- milliseconds since 1970
                    kind TEXT NOT NULL,
                    account TEXT,
                    productID TEXT,
                    transactionID TEXT,
                    originalTransactionID TEXT,
                    details TEXT NOT NULL                      -- JSON (StoreEventDetails)
                );
                -- A plan's price raised by the store in one storefront.
                CREATE TABLE priceChanges (
                    productID TEXT NOT NULL,
                    storefront TEXT NOT NULL,
                    price TEXT NOT NULL,                       -- an exact decimal, "5.99"
                    consentNeeded INTEGER NOT NULL,
                    date INTEGER NOT NULL,                     -- milliseconds since 1970
                    PRIMARY KEY (productID, storefront)
                ) WITHOUT ROWID;
                """)
        }
        migrator.registerMigration("v5") { db in
            // The queue's phase, a column of its own: before, which columns were set told it
            // (`QueuePhase.inferred`). Only the queue and interrupted purchases can have one, and
            // the index of them finds them. A due date is kept only by a purchase waiting for the store.
            try db.execute(sql: "ALTER TABLE transactions ADD COLUMN phase TEXT; -- QueuePhase")
            let open = try Row.fetchAll(db, sql: """
                SELECT id, state, finished, dueDate, awaitingResolution FROM transactions
                WHERE finished = 0 OR awaitingResolution = 1
                """)
            for row in open {
                // A value the store cannot read is left for the check to refuse, by row and column.
                guard let id = try? row.decode(String.self, forColumn: "id"),
                      let state = (try? row.decode(String.self, forColumn: "state")).flatMap(TransactionState.init(rawValue:)),
                      let finished = try? row.decode(Bool.self, forColumn: "finished") else { continue }
                let due: DatabaseValue = row["dueDate"]
                let awaiting = (try? row.decode(Bool?.self, forColumn: "awaitingResolution")) ?? nil
                let phase = QueuePhase.inferred(state: state, finished: finished, hasDueDate: !due.isNull,
                                                awaitingResolution: awaiting)
                try db.execute(sql: "UPDATE transactions SET phase = ? WHERE id = ?", arguments: [phase?.rawValue, id])
            }
            try db.execute(sql: """
                UPDATE transactions SET dueDate = NULL WHERE phase IS NOT 'waitingForStore' AND dueDate IS NOT NULL;
                DROP INDEX transactions_open;
                ALTER TABLE transactions DROP COLUMN awaitingResolution;
                -- The queue (SKPaymentQueue.transactions) and the interrupted purchases: what
                -- every launch and every change reads.
                CREATE INDEX transactions_open ON transactions (seq)
                    WHERE finished = 0 OR phase = 'interrupted';
                """)
        }
        migrator.registerMigration("v6") { db in
            // Refunds (App Store Server API's revocation fields): a revoked purchase keeps its
            // row and leaves the receipt.
            try db.execute(sql: """
                ALTER TABLE transactions ADD COLUMN revocationDate INTEGER;        -- milliseconds since 1970
                ALTER TABLE transactions ADD COLUMN revocationReason TEXT;         -- developerIssue, other
                ALTER TABLE transactions ADD COLUMN revocationType TEXT;           -- refundFull, refundProrated, familyRevoke
                ALTER TABLE transactions ADD COLUMN revocationPercentage INTEGER;  -- thousandths of a percent, 1...100000
                """)
        }
        migrator.registerMigration("v7") { db in
            // Purchases App Store product pages started (promoted In-App Purchases), waiting for the app.
            try db.execute(sql: """
                CREATE TABLE purchaseIntents (
                    account TEXT NOT NULL,
                    productID TEXT NOT NULL,
                    date INTEGER NOT NULL,                     -- milliseconds since 1970
                    PRIMARY KEY (account, productID)
                ) WITHOUT ROWID;
                """)
        }
        migrator.registerMigration("v8") { db in
            // Refunds asked for from within the app (the refund request sheet), one per
            // transaction, and the App Store's answer.
            try db.execute(sql: """
                CREATE TABLE refundRequests (
                    transactionID TEXT PRIMARY KEY NOT NULL,
                    account TEXT NOT NULL,
                    productID TEXT NOT NULL,
                    reason TEXT NOT NULL,                      -- RefundRequestReason
                    date INTEGER NOT NULL,                     -- milliseconds since 1970
                    status TEXT NOT NULL,                      -- pending, approved, declined
                    answerDate INTEGER                         -- milliseconds since 1970
                ) WITHOUT ROWID;
                """)
        }
        migrator.registerMigration("v9") { db in
            // Family Sharing: who is in which family, what purchasers do not share, and each
            // transaction's ownership (a member's family-shared transaction names the purchase).
            try db.execute(sql: """
                ALTER TABLE transactions ADD COLUMN ownershipType TEXT;        -- NULL (purchased) or familyShared
                ALTER TABLE transactions ADD COLUMN sharedTransactionID TEXT;  -- familyShared: the purchase it shares
                -- The family-shared transactions still given: what every change reads.
                CREATE INDEX transactions_shared ON transactions (seq)
                    WHERE ownershipType = 'familyShared' AND revocationDate IS NULL;
                CREATE TABLE familyMembers (
                    account TEXT PRIMARY KEY NOT NULL,
                    organizer TEXT NOT NULL,                   -- the family's organizer (itself for the organizer)
                    position INTEGER NOT NULL                  -- the order accounts joined in
                ) WITHOUT ROWID;
                CREATE TABLE familySharingStops (
                    account TEXT NOT NULL,
                    productID TEXT NOT NULL,
                    PRIMARY KEY (account, productID)
                ) WITHOUT ROWID;
                """)
        }
        migrator.registerMigration("v10") { db in
            // The outbox's readers (the app, the storefront's log, `events --reader`): how far
            // each has read, moved in the same transaction as what it did with what it read.
            // Kept by a reset: event ids are never given twice, so a cursor never skips a new event.
            try db.execute(sql: """
                CREATE TABLE readers (
                    name TEXT PRIMARY KEY NOT NULL,
                    eventID INTEGER NOT NULL                   -- the last event it read (events.id)
                ) WITHOUT ROWID;
                -- What each event names as it was (EventRow.Facts): the transaction, the subscription's status.
                ALTER TABLE events ADD COLUMN facts TEXT;  -- JSON: transaction, subscription
                """)
            try EventRow.fillFacts(db)
        }
        migrator.registerMigration("v11") { db in
            // The app hears of its account's refunds and family revocations at every launch and
            // purchase (`EventRow.revocations`): found by this index, not by reading every event
            // since the last one (a store of years of renewals holds hundreds of thousands).
            try db.execute(sql: """
                CREATE INDEX events_revocations ON events (account, id) WHERE kind IN ('familyRevoked', 'refunded');
                """)
        }
        migrator.registerMigration("v12") { db in
            // Whether an account may have an introductory offer (`isEligibleForIntroOffer`): the
            // purchases made with one, however old, found by this index (`StoreDatabase.introductoryPurchases`)
            // rather than by reading every renewal since.
            try db.execute(sql: """
                CREATE INDEX transactions_introductory ON transactions (seq)
                    WHERE state = 'purchased' AND (isTrialPeriod = 1 OR offer LIKE '%"type":"introductory"%');
                """)
        }
        migrator.registerMigration("v13") { db in
            // The app hears of its account's transactions deleted (Xcode's Transaction Manager)
            // as it hears of its refunds (`EventRow.revocations`): found by an index of their own,
            // the revocations' left as v11 made it.
            try db.execute(sql: """
                CREATE INDEX events_deletions ON events (account, id) WHERE kind = 'transactionDeleted';
                """)
        }
        migrator.registerMigration("v14") { db in
            // What the App Store signed, each once (`SignedForm`): a transaction, a renewal info
            // or an app transaction, by the id it is of and the digest of the facts it signed, so
            // reading it again hands out the same JWS and changed facts get one of their own.
            try db.execute(sql: """
                CREATE TABLE signedForms (
                    kind TEXT NOT NULL,                        -- transaction, renewalInfo, appTransaction
                    id TEXT NOT NULL,                          -- transaction id, original transaction id, account
                    digest TEXT NOT NULL,                      -- SHA-256 (hex) of the payload without signedDate
                    jws TEXT NOT NULL,                         -- the compact JWS
                    signedDate INTEGER NOT NULL,               -- milliseconds since 1970
                    PRIMARY KEY (kind, id, digest)
                ) WITHOUT ROWID;
                """)
        }
        migrator.registerMigration("v15") { db in
            try OfferCodeColumns.add(db)
        }
        migrator.registerMigration("v16") { db in
            // The device the data directory stands for (`StoreDatabase.deviceIdentifier`).
            try DeviceRow.addDeviceTable(db)
        }
        migrator.registerMigration("v17") { db in
            // Promotional offers redeemed: each signature's nonce used up, and the offer kept
            // for the transaction until the store completes it.
            try PromotionalOfferRedemptionRow.create(db)
        }
        migrator.registerMigration("v18") { db in
            // Billing plans: a transaction's plan and commitment, a subscription's commitment end.
            try BillingPlanColumns.add(db)
        }
        return migrator
    }
}
