import GRDB

/// Schema v15: what an offer code redeemed by an active subscriber leaves on its subscription
/// (`SubscriptionStatus.offerCodeAtRenewal`, `offerStartDate`). Rows written before have
/// neither: no code waits, and an offer began with the subscription.
enum OfferCodeColumns {
    static func add(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE subscriptions ADD COLUMN offerCodeAtRenewal TEXT;  -- the code the next renewal starts at
            ALTER TABLE subscriptions ADD COLUMN offerStartDate INTEGER;   -- milliseconds since 1970
            """)
    }
}
