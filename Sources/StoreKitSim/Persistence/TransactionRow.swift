import DataFiles
import Foundation
import GRDB

/// A transaction as a row of the `transactions` table. Dates are whole milliseconds since 1970,
/// so due dates and expiries compare and index as integers.
enum TransactionRow {
    static let columns = [
        "id", "productID", "quantity", "state", "date", "error", "applicationUsername",
        "originalTransactionID", "expiresDate", "isTrialPeriod", "finished", "dueDate", "awaitingResolution",
        "account", "reason", "requestDate",
    ]

    static let insertSQL = """
        INSERT INTO transactions (\(columns.joined(separator: ", "))) \
        VALUES (\(Array(repeating: "?", count: columns.count).joined(separator: ", ")))
        """
    /// By id, every column but the id; the arguments are `values` without the first, then the id.
    static let updateSQL = "UPDATE transactions SET \(columns.dropFirst().map { "\($0) = ?" }.joined(separator: ", ")) WHERE id = ?"

    /// Appends `t`, and lists its account among those whose purchases the store reads.
    static func insert(_ t: Transaction, _ db: Database) throws {
        try db.cachedStatement(sql: insertSQL).execute(arguments: StatementArguments(try values(t)))
        if let account = t.account {
            try db.cachedStatement(sql: "INSERT OR IGNORE INTO accounts (name) VALUES (?)").execute(arguments: [account])
        }
    }

    /// The values of `columns`, in their order.
    static func values(_ t: Transaction) throws -> [DatabaseValue] {
        let error = try t.error.map { try JSONCoding.line($0) }
        let values: [(any DatabaseValueConvertible)?] = [
            t.id, t.productID, t.quantity, t.state.rawValue, milliseconds(t.date), error, t.applicationUsername,
            t.originalTransactionID, t.expiresDate.map(milliseconds), t.isTrialPeriod, t.finished,
            t.dueDate.map(milliseconds), t.awaitingResolution,
            t.account, t.reason?.rawValue, t.requestDate.map(milliseconds),
        ]
        return values.map { $0?.databaseValue ?? .null }
    }

    /// Reads a row back. A value of the wrong type (a hand edit with the sqlite3 shell) is a
    /// refusal naming the row and column, never a crash.
    static func transaction(_ row: Row) throws -> Transaction {
        let id = (try? row.decode(String.self, forColumn: "id")) ?? "?"
        func bad(_ column: String, _ problem: String) -> RowProblem {
            RowProblem(location: "transactions, id \(id), column \(column)", problem: problem)
        }
        func value<T: DatabaseValueConvertible>(_ column: String, _ type: T.Type = T.self) throws -> T {
            do { return try row.decode(T.self, forColumn: column) } catch {
                throw bad(column, "holds \(row[column] as DatabaseValue), not a value of type \(T.self)")
            }
        }
        let stateText: String = try value("state")
        guard let state = TransactionState(rawValue: stateText) else {
            throw bad("state", "\"\(stateText)\" is not a transaction state")
        }
        var t = Transaction(id: try value("id"),
                            payment: Payment(productID: try value("productID"), quantity: try value("quantity"),
                                             applicationUsername: try value("applicationUsername", String?.self)),
                            state: state, date: date(try value("date")))
        if let text = try value("error", String?.self) {
            do { t.error = try JSONCoding.decoder().decode(StoreError.self, from: Data(text.utf8)) } catch {
                throw bad("error", "not a StoreKit error in JSON")
            }
        }
        t.originalTransactionID = try value("originalTransactionID")
        t.expiresDate = try value("expiresDate", Int64?.self).map(date)
        t.isTrialPeriod = try value("isTrialPeriod")
        t.finished = try value("finished")
        t.dueDate = try value("dueDate", Int64?.self).map(date)
        t.awaitingResolution = try value("awaitingResolution")
        t.account = try value("account")
        if let text = try value("reason", String?.self) {
            guard let reason = TransactionReason(rawValue: text) else {
                let names = TransactionReason.allCases.map(\.rawValue).joined(separator: ", ")
                throw bad("reason", "\"\(text)\" is not a transaction reason (\(names))")
            }
            t.reason = reason
        }
        t.requestDate = try value("requestDate", Int64?.self).map(date)
        return t
    }

    static func milliseconds(_ date: Date) -> Int64 {
        let value = (date.timeIntervalSince1970 * 1000).rounded()
        // Dates come from the clock and from parsed ISO 8601 text, never this far out; a
        // value that is cannot crash a write.
        return Int64(exactly: value) ?? (value < 0 ? Int64.min / 2 : Int64.max / 2)
    }

    static func date(_ milliseconds: Int64) -> Date {
        // Any Int64 of milliseconds is a finite Date; only display would look odd.
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }
}

/// A row the store cannot use, and where it is.
struct RowProblem: Error {
    var location: String
    var problem: String
}
