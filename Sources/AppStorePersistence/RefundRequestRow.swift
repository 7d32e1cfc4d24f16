import AppStoreCore
import DataFiles
import Foundation
import GRDB

/// A refund request as a row of the `refundRequests` table, one per transaction.
enum RefundRequestRow {
    static let columns = ["transactionID", "account", "productID", "reason", "date", "status", "answerDate"]

    /// Every one, in the order they were made. They are few: each is a person's request.
    static func readAll(_ db: Database) throws -> [RefundRequest] {
        try Row.fetchAll(db.cachedStatement(sql: "SELECT * FROM refundRequests ORDER BY date, transactionID")).map(request)
    }

    /// Writes what changed between `before` and `requests`: new and changed ones by
    /// transaction, gone ones (their transaction deleted) deleted.
    static func write(_ requests: [RefundRequest], over before: [RefundRequest], _ db: Database) throws {
        try table.write(requests, over: before, db)
    }

    private static let table = KeyedTable<RefundRequest>(name: "refundRequests", columns: columns, keyCount: 1) {
        [$0.transactionID, $0.account, $0.productID, $0.reason.rawValue, TransactionRow.milliseconds($0.date),
         $0.status.rawValue, $0.answerDate.map(TransactionRow.milliseconds)]
    }

    /// Reads a row back, refusing damage by row and column.
    static func request(_ row: Row) throws -> RefundRequest {
        let id = (try? row.decode(String.self, forColumn: "transactionID")) ?? "?"
        let r = RowReader(row: row, location: "refundRequests, transaction \(id)")
        let request = RefundRequest(
            transactionID: try r.value("transactionID"), account: try r.value("account"), productID: try r.value("productID"),
            reason: try r.requiredNamed("reason", "a refund request reason"), date: try r.requiredTime("date"),
            status: try r.requiredNamed("status", "a refund request status"), answerDate: try r.time("answerDate"))
        // Answered or not, as its status says: an approval without its date is a hand edit's mistake.
        guard (request.status == .pending) == (request.answerDate == nil) else {
            throw r.problem("answerDate", request.status == .pending ? "is set on a pending request" : "holds NULL on an answered request")
        }
        return request
    }
}
