import AppStoreCore
import DataFiles
import Foundation
import GRDB

/// The `store` table's one row: the next transaction number, when a running restore
/// completes, and the clock's anchors.
struct StoreRow: Equatable {
    var nextTransactionNumber: Int
    var restoreDueDate: Date?
    var clock: StoreClockState

    /// The row. A value of the wrong type or out of range (a hand edit) is refused by column,
    /// never trusted; so is a table without it (made with the table, it is never deleted): a
    /// store without its next transaction id would give ids in use again.
    static func read(_ db: Database) throws -> StoreRow {
        guard let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM store WHERE id = 1")) else {
            throw RowProblem(location: "store",
                             problem: "has no row (id 1): the next transaction id and the clock, which storefront makes with the table, are gone")
        }
        func time(_ column: String) throws -> Date? {
            let value: Int64?
            do { value = try row.decode(Int64?.self, forColumn: column) } catch {
                throw RowProblem(location: "store, column \(column)",
                                 problem: "holds \(TransactionRow.shown(row, column)), not a time in milliseconds")
            }
            guard let value else { return nil }
            guard let date = TransactionRow.storedDate(value) else {
                throw RowProblem(location: "store, column \(column)", problem: TransactionRow.outOfRange(value))
            }
            return date
        }
        let next: Int
        do { next = try row.decode(forColumn: "nextTransactionNumber") } catch {
            throw RowProblem(location: "store, column nextTransactionNumber",
                             problem: "holds \(TransactionRow.shown(row, "nextTransactionNumber")), not a transaction number")
        }
        guard next >= StoreWorkingSet.firstTransactionNumber else {
            throw RowProblem(location: "store, column nextTransactionNumber",
                             problem: "holds \(next), below the first transaction id (\(StoreWorkingSet.firstTransactionNumber))")
        }
        // The clock's anchors: both or neither.
        let columns = ["clockRealAnchor", "clockStoreAnchor"]
        let anchors = try columns.map(time)
        guard (anchors[0] == nil) == (anchors[1] == nil) else {
            throw RowProblem(location: "store, columns \(columns.joined(separator: " and "))",
                             problem: "hold one time without the other: both or neither")
        }
        return StoreRow(nextTransactionNumber: next, restoreDueDate: try time("restoreDueDate"),
                        clock: StoreClockState(realAnchor: anchors[0], storeAnchor: anchors[1]))
    }

    /// The refusal of a next transaction id the store has given already (a hand edit of
    /// `nextTransactionNumber`): a purchase made with it would take an earlier one's place.
    static func idInUse(_ next: Int, highest: Int) -> RowProblem {
        RowProblem(location: "store, column nextTransactionNumber",
                   problem: "holds \(next), but transaction \(highest) exists already: the next id must follow the highest in use")
    }

    /// Writes the row's values (the row is made with the table).
    func write(_ db: Database) throws {
        try db.cachedStatement(sql: """
            UPDATE store SET nextTransactionNumber = ?, restoreDueDate = ?, clockRealAnchor = ?, clockStoreAnchor = ?
            WHERE id = 1
            """).execute(arguments: [
                nextTransactionNumber, restoreDueDate.map(TransactionRow.milliseconds),
                clock.realAnchor.map(TransactionRow.milliseconds), clock.storeAnchor.map(TransactionRow.milliseconds),
            ])
    }
}
