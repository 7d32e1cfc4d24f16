import AppStoreCore
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
        try table.write(changes, over: before, db)
    }

    private static let table = KeyedTable<PriceChange>(name: "priceChanges", columns: columns, keyCount: 2) {
        [$0.productID, $0.storefront, RowReader.amountText($0.price), $0.consentNeeded, TransactionRow.milliseconds($0.date)]
    }

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
