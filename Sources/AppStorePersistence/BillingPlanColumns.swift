import GRDB

/// Schema v15: monthly plans with a commitment. A transaction keeps the billing plan its
/// period was paid on and, a month of a commitment, where it stands in it; a subscription the
/// end of the commitment its month belongs to. NULL is billed up front, as every purchase
/// before them was.
enum BillingPlanColumns {
    static func add(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE transactions ADD COLUMN billingPlanType TEXT;            -- NULL (billed up front) or MONTHLY
            ALTER TABLE transactions ADD COLUMN commitment TEXT;                 -- MONTHLY: JSON billingPeriodNumber, totalBillingPeriods, expiresDate, price
            ALTER TABLE subscriptions ADD COLUMN commitmentExpiresDate INTEGER;  -- milliseconds since 1970; NULL billed up front
            """)
    }
}
