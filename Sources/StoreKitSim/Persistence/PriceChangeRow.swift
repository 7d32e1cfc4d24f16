import DataFiles
import Foundation
import GRDB

/// A plan's price changed by the store as a row of the `priceChanges` table, one per product
/// and storefront.
enum PriceChangeRow {
    static let columns = ["productID", "storefront", "price", "consentNeeded", "date"]

    /// Every change, oldest first (a later change of a product and storefront replaces the earlier).
    static func readAll(_ db: Database) throws -> [PriceChange] {
        try Row.fetchAll(db.cachedStatement(sql: "SELECT * FROM priceChanges ORDER BY date, productID, storefront")).map(priceChange)
    }

    /// Writes what changed between `before` and `changes`: new and changed ones by product and
    /// storefront, gone ones deleted.
    static func write(_ changes: [PriceChange], over before: [PriceChange], _ db: Database) throws {
        guard changes != before else { return }
        let old = Dictionary(before.map { ([$0.productID, $0.storefront], $0) }, uniquingKeysWith: { $1 })
        let kept = Set(changes.map { [$0.productID, $0.storefront] })
        for key in old.keys where !kept.contains(key) {
            try db.cachedStatement(sql: "DELETE FROM priceChanges WHERE productID = ? AND storefront = ?")
                .execute(arguments: [key[0], key[1]])
        }
        for change in changes where old[[change.productID, change.storefront]] != change {
            try db.cachedStatement(sql: upsertSQL).execute(arguments: [
                change.productID, change.storefront, RowReader.amountText(change.price), change.consentNeeded,
                TransactionRow.milliseconds(change.date),
            ])
        }
    }

    private static let upsertSQL = """
        INSERT INTO priceChanges (\(columns.joined(separator: ", "))) VALUES (?, ?, ?, ?, ?) \
        ON CONFLICT (productID, storefront) DO UPDATE SET price = excluded.price, \
        consentNeeded = excluded.consentNeeded, date = excluded.date
        """

    /// Reads a row back, refusing damage by row and column.
    static func priceChange(_ row: Row) throws -> PriceChange {
        let product = (try? row.decode(String.self, forColumn: "productID")) ?? "?"
        let storefront = (try? row.decode(String.self, forColumn: "storefront")) ?? "?"
        let r = RowReader(row: row, location: "priceChanges, product \(product), storefront \(storefront)")
        guard let price = try r.amount("price") else { throw r.problem("price", "holds NULL, not an amount such as 4.99") }
        return PriceChange(productID: try r.value("productID"), storefront: try r.value("storefront"), price: price,
                           consentNeeded: try r.value("consentNeeded"), date: try r.requiredTime("date"))
    }
}
