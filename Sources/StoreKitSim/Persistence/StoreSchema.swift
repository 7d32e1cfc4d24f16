import GRDB

/// The tables of store.sqlite, as migrations: a database made by an older storefront is
/// brought up to date when opened, one made by a newer one is refused.
enum StoreSchema {
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
                INSERT INTO store (id, nextTransactionNumber) VALUES (1, \(StoreRecords.firstTransactionNumber));
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
        return migrator
    }
}
