import AppStoreCore
import Foundation
import GRDB

/// A promotional offer redeemed as a row of the `promotionalOfferRedemptions` table (schema
/// v15), one per nonce: the nonce used up, and the transaction completed with the offer.
enum PromotionalOfferRedemptionRow {
    static let columns = ["nonce", "transactionID", "offerID", "signedAt"]

    /// The table, made by the migration that adds it.
    static func create(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE promotionalOfferRedemptions (
                nonce TEXT PRIMARY KEY NOT NULL,           -- lowercased UUID, good for one payment
                transactionID TEXT NOT NULL,               -- the transaction bought with the offer
                offerID TEXT NOT NULL,                     -- the promotional offer's identifier
                signedAt INTEGER NOT NULL                  -- milliseconds since 1970, store time
            ) WITHOUT ROWID;
            """)
    }

    /// Every one kept, oldest first.
    static func readAll(_ db: Database) throws -> [PromotionalOfferRedemption] {
        try Row.fetchAll(db.cachedStatement(sql: "SELECT * FROM promotionalOfferRedemptions ORDER BY signedAt, nonce")).map(redemption)
    }

    /// Writes what changed between `before` and `redemptions`: new ones by nonce, gone ones deleted.
    static func write(_ redemptions: [PromotionalOfferRedemption], over before: [PromotionalOfferRedemption], _ db: Database) throws {
        try table.write(redemptions, over: before, db)
    }

    private static let table = KeyedTable<PromotionalOfferRedemption>(name: "promotionalOfferRedemptions", columns: columns, keyCount: 1) {
        [$0.nonce, $0.transactionID, $0.offerID, TransactionRow.milliseconds($0.signedAt)]
    }

    /// Reads a row back, refusing damage by row and column.
    static func redemption(_ row: Row) throws -> PromotionalOfferRedemption {
        let nonce = (try? row.decode(String.self, forColumn: "nonce")) ?? "?"
        let r = RowReader(row: row, location: "promotionalOfferRedemptions, nonce \(nonce)")
        return PromotionalOfferRedemption(nonce: try r.value("nonce"), transactionID: try r.value("transactionID"),
                                          offerID: try r.value("offerID"), signedAt: try r.requiredTime("signedAt"))
    }
}
