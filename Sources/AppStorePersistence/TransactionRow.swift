import AppStoreCore
import DataFiles
import Foundation
import GRDB

/// A transaction as a row of the `transactions` table. Dates are whole milliseconds since 1970,
/// so due dates and expiries compare and index as integers.
struct TransactionRow: PersistableRecord {
    static let databaseTableName = "transactions"

    /// The table's columns (`seq`, the order rows were made in, is SQLite's own).
    enum Columns: String, ColumnExpression, CaseIterable {
        case id, productID, quantity, state, date, error, applicationUsername
        case originalTransactionID, expiresDate, isTrialPeriod, finished, dueDate, phase
        case account, reason, requestDate
        case purchaseDate, originalPurchaseDate, price, currency, storefront, offer, webOrderLineItemID, isUpgraded
        case revocationDate, revocationReason, revocationType, revocationPercentage
        case ownershipType, sharedTransactionID
        case billingPlanType, commitment
    }

    let transaction: Transaction

    init(_ transaction: Transaction) {
        self.transaction = transaction
    }

    func encode(to container: inout PersistenceContainer) throws {
        let t = transaction
        container[Columns.id] = t.id
        container[Columns.productID] = t.productID
        container[Columns.quantity] = t.purchasedQuantity
        container[Columns.state] = t.queueState.state.rawValue
        container[Columns.date] = Self.milliseconds(t.queueState.transactionDate)
        container[Columns.error] = try t.queueState.error.map { try JSONCoding.line($0) }
        container[Columns.applicationUsername] = t.applicationUsername
        container[Columns.originalTransactionID] = t.originalID
        container[Columns.expiresDate] = t.expirationDate.map(Self.milliseconds)
        container[Columns.isTrialPeriod] = t.isTrialPeriod
        container[Columns.finished] = t.queueState.finished
        container[Columns.dueDate] = t.queueState.dueDate.map(Self.milliseconds)
        container[Columns.phase] = t.queueState.phase?.rawValue
        container[Columns.account] = t.account
        container[Columns.reason] = t.reason?.rawValue
        container[Columns.requestDate] = t.queueState.requestDate.map(Self.milliseconds)
        container[Columns.purchaseDate] = t.purchaseDate.map(Self.milliseconds)
        container[Columns.originalPurchaseDate] = t.originalPurchaseDate.map(Self.milliseconds)
        container[Columns.price] = t.price.map(RowReader.amountText)
        container[Columns.currency] = t.currency
        container[Columns.storefront] = t.storefront
        container[Columns.offer] = try t.offer.map { try JSONCoding.line($0) }
        container[Columns.webOrderLineItemID] = t.webOrderLineItemID
        container[Columns.isUpgraded] = t.isUpgraded
        container[Columns.revocationDate] = t.revocation.map { Self.milliseconds($0.date) }
        container[Columns.revocationReason] = t.revocation?.reason.rawValue
        container[Columns.revocationType] = t.revocation?.type.rawValue
        container[Columns.revocationPercentage] = t.revocation?.percentage
        container[Columns.ownershipType] = t.ownershipType?.rawValue
        container[Columns.sharedTransactionID] = t.sharedTransactionID
        container[Columns.billingPlanType] = t.billingPlanType
        container[Columns.commitment] = try t.commitment.map { try JSONCoding.line($0) }
    }

    /// By id (the table's key is `seq`): every column but the id; the arguments are
    /// `updateArguments`.
    private static let updateSQL = """
        UPDATE transactions SET \(Columns.allCases.dropFirst().map { "\($0.name) = ?" }.joined(separator: ", ")) WHERE id = ?
        """

    /// Appends `t`, and lists its account among those whose purchases the store reads.
    static func insert(_ t: Transaction, _ db: Database) throws {
        try TransactionRow(t).insert(db)
        if let account = t.account {
            try db.cachedStatement(sql: "INSERT OR IGNORE INTO accounts (name) VALUES (?)").execute(arguments: [account])
        }
    }

    /// Writes `t` over the row of its id.
    static func update(_ t: Transaction, _ db: Database) throws {
        let values = try TransactionRow(t).databaseDictionary
        let arguments = Columns.allCases.dropFirst().map { values[$0.name] ?? .null } + [t.id.databaseValue]
        try db.cachedStatement(sql: updateSQL).execute(arguments: StatementArguments(arguments))
    }

    /// Reads a row back. A value of the wrong type or out of range (a hand edit with the
    /// sqlite3 shell) is a refusal naming the row and column, never a crash.
    static func transaction(_ row: Row) throws -> Transaction {
        let id = (try? row.decode(String.self, forColumn: Columns.id.name)) ?? "?"
        let r = RowReader(row: row, location: "transactions, id \(id)")
        let stateText: String = try r.value(Columns.state)
        guard let state = TransactionState(rawValue: stateText) else {
            throw r.problem(Columns.state.name, "\"\(stateText)\" is not a transaction state")
        }
        // Purchase facts (columns since v4: a store not yet brought up to date has none).
        let facts = PurchaseFacts(
            purchaseDate: try r.time(Columns.purchaseDate), originalPurchaseDate: try r.time(Columns.originalPurchaseDate),
            price: try r.amount(Columns.price), currency: try r.value(Columns.currency),
            storefront: try r.value(Columns.storefront), offer: try r.json(Columns.offer, "an offer (type, paymentMode, period)"),
            expiresDate: try r.time(Columns.expiresDate), isTrialPeriod: try r.value(Columns.isTrialPeriod),
            webOrderLineItemID: try r.value(Columns.webOrderLineItemID),
            // A column since v15.
            commitment: row.hasColumn(Columns.commitment.name)
                ? try r.json(Columns.commitment, "a commitment (billingPeriodNumber, totalBillingPeriods, expiresDate, price)") : nil)
        // Family Sharing (columns since v9: a store not yet brought up to date has none).
        let hasSharing = row.hasColumn(Columns.ownershipType.name)
        let ownershipType: OwnershipType? = hasSharing ? try r.named(Columns.ownershipType, "an ownership type") : nil
        let sharedTransactionID: String? = hasSharing ? try r.value(Columns.sharedTransactionID) : nil
        // Billing plans (a column since v15).
        let billingPlanType: String? = row.hasColumn(Columns.billingPlanType.name) ? try r.value(Columns.billingPlanType) : nil
        var t = Transaction(id: try r.value(Columns.id),
                            payment: Payment(productID: try r.value(Columns.productID), quantity: try r.value(Columns.quantity),
                                             applicationUsername: try r.value(Columns.applicationUsername, String?.self),
                                             billingPlanType: billingPlanType),
                            state: state, date: try r.requiredTime(Columns.date),
                            account: try r.value(Columns.account), reason: try r.named(Columns.reason, "a transaction reason"),
                            originalTransactionID: try r.value(Columns.originalTransactionID),
                            ownershipType: ownershipType, sharedTransactionID: sharedTransactionID,
                            purchaseFacts: facts, isUpgraded: try r.value(Columns.isUpgraded))
        t.queueState.error = try r.json(Columns.error, "a StoreKit error")
        t.queueState.finished = try r.value(Columns.finished)
        t.queueState.dueDate = try r.time(Columns.dueDate)
        let phaseColumn = row.hasColumn(Columns.phase.name) ? Columns.phase.name : Columns.state.name
        if row.hasColumn(Columns.phase.name) {
            t.queueState.phase = try r.named(Columns.phase, "a queue phase")
        } else {
            // A store before v5, checked before it is brought up to date, read as v5 brings it.
            t.queueState.phase = QueuePhase.inferred(state: t.queueState.state, finished: t.queueState.finished, hasDueDate: t.queueState.dueDate != nil,
                                          awaitingResolution: try r.value("awaitingResolution"))
            if t.queueState.phase != .waitingForStore { t.queueState.dueDate = nil }
        }
        t.queueState.requestDate = try r.time(Columns.requestDate)
        // Revocation (columns since v6).
        let revocationDate = try r.time(Columns.revocationDate)
        let revocationReason: RevocationReason? = try r.named(Columns.revocationReason, "a revocation reason")
        let revocationType: RevocationType? = try r.named(Columns.revocationType, "a revocation type")
        let revocationPercentage: Int? = try r.value(Columns.revocationPercentage)
        if let revocationDate, let revocationReason, let revocationType {
            t.revoke(Revocation(date: revocationDate, reason: revocationReason, type: revocationType, percentage: revocationPercentage))
        }
        // Some revocation columns set and not others: half a refund.
        let isHalfRevocation = t.revocation == nil
            && (revocationDate != nil || revocationReason != nil || revocationType != nil || revocationPercentage != nil)
        guard t.hasPossibleSharing else {
            throw r.problem(Columns.sharedTransactionID.name, t.isFamilyShared
                ? "holds NULL, but a family-shared transaction names the purchase it shares"
                : "holds \(shown(row, Columns.sharedTransactionID.name)), but only a family-shared transaction names a purchase it shares")
        }
        guard t.hasPossibleQuantity else {
            throw r.problem(Columns.quantity.name, "holds \(t.purchasedQuantity), not a quantity from 1 to \(Product.largestQuantity)")
        }
        guard t.hasPossiblePhase else {
            throw r.problem(phaseColumn, "holds \(shown(row, phaseColumn)), which a \(t.queueState.state.rawValue) transaction "
                            + "(\(t.queueState.finished ? "finished" : "not finished")) cannot be in")
        }
        guard t.hasPossibleRevocation, !isHalfRevocation else {
            let column = revocationPercentage.map { (1...Refund.fullPercentage).contains($0) } == false ? Columns.revocationPercentage.name
                : revocationDate == nil ? Columns.revocationDate.name : revocationReason == nil ? Columns.revocationReason.name
                : revocationType == nil ? Columns.revocationType.name : Columns.revocationPercentage.name
            throw r.problem(column, "holds \(shown(row, column)), which does not agree with the other revocation columns "
                            + "(all set, a percentage from 1 to \(Refund.fullPercentage), or none; "
                            + "a family-shared one's familyRevoke with no percentage)")
        }
        guard t.hasPossibleDueDate else {
            throw r.problem(Columns.dueDate.name, t.queueState.dueDate == nil ? "holds NULL, but a purchase waiting for the store has the time it answers"
                            : "holds \(shown(row, Columns.dueDate.name)), but only a purchase waiting for the store has a due date")
        }
        return t
    }

    /// A value as a refusal quotes it; a column the row lacks is said to be missing (the
    /// schema check refuses such a store first: this never traps).
    static func shown(_ row: Row, _ column: String) -> String {
        row.hasColumn(column) ? "\(row[column] as DatabaseValue)" : "nothing (there is no such column)"
    }

    /// A time as a column holds it (`StoreTimes.milliseconds`).
    static func milliseconds(_ date: Date) -> Int64 { StoreTimes.milliseconds(date) }

    /// The time a column holds.
    static func date(_ milliseconds: Int64) -> Date { StoreTimes.date(milliseconds: milliseconds) }

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
