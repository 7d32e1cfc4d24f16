import AppStoreCore
import DataFiles
import Foundation
import GRDB

extension EventRow {
    /// Schema v10: the events stored before it get the facts they name, once, from the rows as
    /// they are (what an earlier storefront kept of them), and a subscription's start its
    /// subtype. A row the store cannot read is left as it was, for the check to refuse.
    static func fillFacts(_ db: Database) throws {
        let rows = try Row.fetchAll(db, sql: """
            SELECT id, kind, account, transactionID, originalTransactionID, details FROM events
            WHERE transactionID IS NOT NULL OR originalTransactionID IS NOT NULL ORDER BY id
            """)
        for row in rows {
            guard let id = try? row.decode(Int64.self, forColumn: "id") else { continue }
            let transactionID = (try? row.decode(String?.self, forColumn: "transactionID")) ?? nil
            let account = (try? row.decode(String?.self, forColumn: "account")) ?? nil
            let original = (try? row.decode(String?.self, forColumn: "originalTransactionID")) ?? nil
            let transaction = try transactionID.flatMap {
                try Row.fetchOne(db, sql: "SELECT * FROM transactions WHERE id = ?", arguments: [$0])
            }.flatMap { try? TransactionRow.transaction($0) }
            let status = try Row.fetchOne(db, sql: "SELECT * FROM subscriptions WHERE account = ? AND originalTransactionID = ?",
                                          arguments: [account, original])
                .flatMap { try? SubscriptionRow.status($0) }
            var details: String?
            if (try? row.decode(String.self, forColumn: "kind")) == StoreEventKind.subscribed.rawValue,
               let text = try? row.decode(String.self, forColumn: "details"),
               var decoded = try? JSONCoding.decoder().decode(StoreEventDetails.self, from: Data(text.utf8)) {
                decoded.subtype = .subscribed(transactionID: transactionID, originalTransactionID: original)
                details = try JSONCoding.line(decoded)
            }
            try db.execute(sql: "UPDATE events SET facts = ?, details = coalesce(?, details) WHERE id = ?",
                           arguments: [try Facts(transaction: transaction, subscription: status).stored, details, id])
        }
    }
}
