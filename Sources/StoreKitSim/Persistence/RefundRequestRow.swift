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
        guard requests != before else { return }
        let old = Dictionary(before.map { ($0.transactionID, $0) }, uniquingKeysWith: { $1 })
        let kept = Set(requests.map(\.transactionID))
        for id in old.keys where !kept.contains(id) {
            try db.cachedStatement(sql: "DELETE FROM refundRequests WHERE transactionID = ?").execute(arguments: [id])
        }
        for r in requests where old[r.transactionID] != r {
            try db.cachedStatement(sql: """
                INSERT INTO refundRequests (\(columns.joined(separator: ", "))) VALUES (?, ?, ?, ?, ?, ?, ?) \
                ON CONFLICT (transactionID) DO UPDATE SET account = excluded.account, productID = excluded.productID, \
                reason = excluded.reason, date = excluded.date, status = excluded.status, answerDate = excluded.answerDate
                """).execute(arguments: [r.transactionID, r.account, r.productID, r.reason.rawValue, TransactionRow.milliseconds(r.date),
                                         r.status.rawValue, r.answerDate.map(TransactionRow.milliseconds)])
        }
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
