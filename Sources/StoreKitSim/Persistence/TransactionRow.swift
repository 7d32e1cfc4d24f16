import Foundation
import GRDB

/// A transaction as a row of the `transactions` table. Dates are whole milliseconds since 1970,
/// so due dates and expiries compare and index as integers.
enum TransactionRow {
    static let columns = [
        "id", "productID", "quantity", "state", "date", "error", "applicationUsername",
        "originalTransactionID", "expiresDate", "isTrialPeriod", "finished", "dueDate", "awaitingResolution",
    ]

    /// The values of `columns`, in their order.
    static func values(_ t: Transaction) throws -> [DatabaseValue] {
        let error = try t.error.map { String(decoding: try JSONCoding.encode($0), as: UTF8.self) }
        let values: [(any DatabaseValueConvertible)?] = [
            t.id, t.productID, t.quantity, t.state.rawValue, milliseconds(t.date), error, t.applicationUsername,
            t.originalTransactionID, t.expiresDate.map(milliseconds), t.isTrialPeriod, t.finished,
            t.dueDate.map(milliseconds), t.awaitingResolution,
        ]
        return values.map { $0?.databaseValue ?? .null }
    }

    /// Reads a row back. `location` names the row in a refusal ("transaction 1000000004").
    static func transaction(_ row: Row) throws -> Transaction {
        let id: String = row["id"]
        func bad(_ column: String, _ problem: String) -> RowProblem {
            RowProblem(location: "transactions, id \(id), column \(column)", problem: problem)
        }
        let stateText: String = row["state"]
        guard let state = TransactionState(rawValue: stateText) else {
            throw bad("state", "\"\(stateText)\" is not a transaction state")
        }
        var t = Transaction(id: id, payment: Payment(productID: row["productID"], quantity: row["quantity"],
                                                      applicationUsername: row["applicationUsername"]),
                            state: state, date: date(row["date"]))
        if let text: String = row["error"] {
            do { t.error = try JSONCoding.decoder().decode(StoreError.self, from: Data(text.utf8)) } catch {
                throw bad("error", "not a StoreKit error in JSON")
            }
        }
        t.originalTransactionID = row["originalTransactionID"]
        t.expiresDate = (row["expiresDate"] as Int64?).map(date)
        t.isTrialPeriod = row["isTrialPeriod"]
        t.finished = row["finished"]
        t.dueDate = (row["dueDate"] as Int64?).map(date)
        t.awaitingResolution = row["awaitingResolution"]
        return t
    }

    static func milliseconds(_ date: Date) -> Int64 {
        let value = (date.timeIntervalSince1970 * 1000).rounded()
        // Dates come from the clock and from parsed ISO 8601 text, never this far out; a
        // value that is cannot crash a write.
        return Int64(exactly: value) ?? (value < 0 ? Int64.min / 2 : Int64.max / 2)
    }

    static func date(_ milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }
}

/// A row the store cannot use, and where it is.
struct RowProblem: Error {
    var location: String
    var problem: String
}
