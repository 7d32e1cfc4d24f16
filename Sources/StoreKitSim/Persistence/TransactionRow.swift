import DataFiles
import Foundation
import GRDB

/// A transaction as a row of the `transactions` table. Dates are whole milliseconds since 1970,
/// so due dates and expiries compare and index as integers.
enum TransactionRow {
    static let columns = [
        "id", "productID", "quantity", "state", "date", "error", "applicationUsername",
        "originalTransactionID", "expiresDate", "isTrialPeriod", "finished", "dueDate", "phase",
        "account", "reason", "requestDate",
        "purchaseDate", "originalPurchaseDate", "price", "currency", "storefront", "offer", "webOrderLineItemID", "isUpgraded",
        "revocationDate", "revocationReason", "revocationType", "revocationPercentage",
        "ownershipType", "sharedTransactionID",
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
            t.dueDate.map(milliseconds), t.phase?.rawValue,
            t.account, t.reason?.rawValue, t.requestDate.map(milliseconds),
            t.purchaseDate.map(milliseconds), t.originalPurchaseDate.map(milliseconds), t.price.map(RowReader.amountText),
            t.currency, t.storefront, try t.offer.map { try JSONCoding.line($0) }, t.webOrderLineItemID, t.isUpgraded,
            t.revocationDate.map(milliseconds), t.revocationReason?.rawValue, t.revocationType?.rawValue, t.revocationPercentage,
            t.ownershipType?.rawValue, t.sharedTransactionID,
        ]
        return values.map { $0?.databaseValue ?? .null }
    }

    /// Reads a row back. A value of the wrong type or out of range (a hand edit with the
    /// sqlite3 shell) is a refusal naming the row and column, never a crash.
    static func transaction(_ row: Row) throws -> Transaction {
        let id = (try? row.decode(String.self, forColumn: "id")) ?? "?"
        let r = RowReader(row: row, location: "transactions, id \(id)")
        let stateText: String = try r.value("state")
        guard let state = TransactionState(rawValue: stateText) else {
            throw r.problem("state", "\"\(stateText)\" is not a transaction state")
        }
        var t = Transaction(id: try r.value("id"),
                            payment: Payment(productID: try r.value("productID"), quantity: try r.value("quantity"),
                                             applicationUsername: try r.value("applicationUsername", String?.self)),
                            state: state, date: try r.requiredTime("date"))
        t.error = try r.json("error", "a StoreKit error")
        t.originalTransactionID = try r.value("originalTransactionID")
        t.expiresDate = try r.time("expiresDate")
        t.isTrialPeriod = try r.value("isTrialPeriod")
        t.finished = try r.value("finished")
        t.dueDate = try r.time("dueDate")
        let phaseColumn = row.hasColumn("phase") ? "phase" : "state"
        if row.hasColumn("phase") {
            t.phase = try r.named("phase", "a queue phase")
        } else {
            // A store before v5, checked before it is brought up to date, read as v5 brings it.
            t.phase = QueuePhase.inferred(state: t.state, finished: t.finished, hasDueDate: t.dueDate != nil,
                                          awaitingResolution: try r.value("awaitingResolution"))
            if t.phase != .waitingForStore { t.dueDate = nil }
        }
        t.account = try r.value("account")
        t.reason = try r.named("reason", "a transaction reason")
        t.requestDate = try r.time("requestDate")
        // Purchase facts (columns since v4: a store not yet brought up to date has none).
        t.purchaseDate = try r.time("purchaseDate")
        t.originalPurchaseDate = try r.time("originalPurchaseDate")
        t.price = try r.amount("price")
        t.currency = try r.value("currency")
        t.storefront = try r.value("storefront")
        t.offer = try r.json("offer", "an offer (type, paymentMode, period)")
        t.webOrderLineItemID = try r.value("webOrderLineItemID")
        t.isUpgraded = try r.value("isUpgraded")
        // Revocation (columns since v6).
        let revocationDate = try r.time("revocationDate")
        let revocationReason: RevocationReason? = try r.named("revocationReason", "a revocation reason")
        let revocationType: RevocationType? = try r.named("revocationType", "a revocation type")
        let revocationPercentage: Int? = try r.value("revocationPercentage")
        if let revocationDate, let revocationReason, let revocationType {
            t.revoke(Revocation(date: revocationDate, reason: revocationReason, type: revocationType, percentage: revocationPercentage))
        }
        // Some revocation columns set and not others: half a refund.
        let isHalfRevocation = t.revocation == nil
            && (revocationDate != nil || revocationReason != nil || revocationType != nil || revocationPercentage != nil)
        // Family Sharing (columns since v9: a store not yet brought up to date has none).
        if row.hasColumn("ownershipType") {
            t.ownershipType = try r.named("ownershipType", "an ownership type")
            t.sharedTransactionID = try r.value("sharedTransactionID")
        }
        guard t.hasPossibleSharing else {
            throw r.problem("sharedTransactionID", t.isFamilyShared
                ? "holds NULL, but a family-shared transaction names the purchase it shares"
                : "holds \(shown(row, "sharedTransactionID")), but only a family-shared transaction names a purchase it shares")
        }
        guard t.hasPossibleQuantity else {
            throw r.problem("quantity", "holds \(t.quantity), not a quantity from 1 to \(Product.largestQuantity)")
        }
        guard t.hasPossiblePhase else {
            throw r.problem(phaseColumn, "holds \(shown(row, phaseColumn)), which a \(t.state.rawValue) transaction "
                            + "(\(t.finished ? "finished" : "not finished")) cannot be in")
        }
        guard t.hasPossibleRevocation, !isHalfRevocation else {
            let column = revocationPercentage.map { (1...Refund.fullPercentage).contains($0) } == false ? "revocationPercentage"
                : revocationDate == nil ? "revocationDate" : revocationReason == nil ? "revocationReason"
                : revocationType == nil ? "revocationType" : "revocationPercentage"
            throw r.problem(column, "holds \(shown(row, column)), which does not agree with the other revocation columns "
                            + "(all set, a percentage from 1 to \(Refund.fullPercentage), or none; "
                            + "a family-shared one's familyRevoke with no percentage)")
        }
        guard t.hasPossibleDueDate else {
            throw r.problem("dueDate", t.dueDate == nil ? "holds NULL, but a purchase waiting for the store has the time it answers"
                            : "holds \(shown(row, "dueDate")), but only a purchase waiting for the store has a due date")
        }
        return t
    }

    /// A value as a refusal quotes it; a column the row lacks is said to be missing (the
    /// schema check refuses such a store first: this never traps).
    static func shown(_ row: Row, _ column: String) -> String {
        row.hasColumn(column) ? "\(row[column] as DatabaseValue)" : "nothing (there is no such column)"
    }

    /// Whole milliseconds since 1970, the times the store can hold kept as they are: a write
    /// is always read back (the store's clock never leaves them; a date derived from it, an
    /// expiry a century on, is held at their end).
    static func milliseconds(_ date: Date) -> Int64 {
        let clamped = StoreTimes.clamped(date)
        return Int64((clamped.timeIntervalSince1970 * 1000).rounded())
    }

    /// The time of whole milliseconds since 1970.
    static func date(_ milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    /// A time read back, or nil when it is outside the times the store can hold: damage
    /// (Int64.max milliseconds, the year 1), which the caller refuses by name.
    static func storedDate(_ milliseconds: Int64) -> Date? {
        let date = date(milliseconds)
        return StoreTimes.range.contains(date) ? date : nil
    }

    /// What a refusal says of a time `storedDate` would not take.
    static func outOfRange(_ milliseconds: Int64) -> String {
        "holds \(milliseconds), a time outside \(StoreTimes.described) (milliseconds since 1970)"
    }
}

/// A row the store cannot use, and where it is.
struct RowProblem: Error {
    var location: String
    var problem: String
}
