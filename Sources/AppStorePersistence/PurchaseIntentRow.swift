import AppStoreCore
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
        try table.write(intents, over: before, db)
    }

    private static let table = KeyedTable<PurchaseIntent>(name: "purchaseIntents", columns: columns, keyCount: 2) {
        [$0.account, $0.productID, TransactionRow.milliseconds($0.date)]
    }

    /// Reads a row back, refusing damage by row and column.
    static func intent(_ row: Row) throws -> PurchaseIntent {
        let account = (try? row.decode(String.self, forColumn: "account")) ?? "?"
        let product = (try? row.decode(String.self, forColumn: "productID")) ?? "?"
        let r = RowReader(row: row, location: "purchaseIntents, account \(account), product \(product)")
        return PurchaseIntent(account: try r.value("account"), productID: try r.value("productID"), date: try r.requiredTime("date"))
    }
}
