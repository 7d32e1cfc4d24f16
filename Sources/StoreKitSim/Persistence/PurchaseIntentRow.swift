import DataFiles
import Foundation
import GRDB

/// A promoted purchase waiting for the app as a row of the `purchaseIntents` table, one per
/// account and product.
enum PurchaseIntentRow {
    static let columns = ["account", "productID", "date"]

    /// Every one waiting, oldest first.
    static func readAll(_ db: Database) throws -> [PurchaseIntent] {
        try Row.fetchAll(db.cachedStatement(sql: "SELECT * FROM purchaseIntents ORDER BY date, account, productID")).map(intent)
    }

    /// Writes what changed between `before` and `intents`: new and changed ones by account and
    /// product, gone ones deleted.
    static func write(_ intents: [PurchaseIntent], over before: [PurchaseIntent], _ db: Database) throws {
        guard intents != before else { return }
        let old = Dictionary(before.map { ([$0.account, $0.productID], $0) }, uniquingKeysWith: { $1 })
        let kept = Set(intents.map { [$0.account, $0.productID] })
        for key in old.keys where !kept.contains(key) {
            try db.cachedStatement(sql: "DELETE FROM purchaseIntents WHERE account = ? AND productID = ?").execute(arguments: [key[0], key[1]])
        }
        for intent in intents where old[[intent.account, intent.productID]] != intent {
            try db.cachedStatement(sql: """
                INSERT INTO purchaseIntents (\(columns.joined(separator: ", "))) VALUES (?, ?, ?) \
                ON CONFLICT (account, productID) DO UPDATE SET date = excluded.date
                """).execute(arguments: [intent.account, intent.productID, TransactionRow.milliseconds(intent.date)])
        }
    }

    /// Reads a row back, refusing damage by row and column.
    static func intent(_ row: Row) throws -> PurchaseIntent {
        let account = (try? row.decode(String.self, forColumn: "account")) ?? "?"
        let product = (try? row.decode(String.self, forColumn: "productID")) ?? "?"
        let r = RowReader(row: row, location: "purchaseIntents, account \(account), product \(product)")
        return PurchaseIntent(account: try r.value("account"), productID: try r.value("productID"), date: try r.requiredTime("date"))
    }
}
