import AppStoreCore
import DataFiles
import Foundation
import GRDB

/// A subscription's status as a row of the `subscriptions` table, one per account and group.
enum SubscriptionRow {
    static let columns = [
        "account", "groupID", "productID", "state", "originalTransactionID", "latestTransactionID", "expiresDate",
        "willAutoRenew", "autoRenewProductID", "expirationReason", "billingRetryStartDate", "gracePeriodExpiresDate",
        "priceIncreaseStatus", "recentSubscriptionStartDate", "offerCodeAtRenewal", "offerStartDate", "commitmentExpiresDate",
    ]

    /// Every status, in the order each was first made.
    static func readAll(_ db: Database) throws -> [SubscriptionStatus] {
        try Row.fetchAll(db.cachedStatement(sql: "SELECT * FROM subscriptions ORDER BY rowid")).map(status)
    }

    /// Writes what changed between `before` and `statuses`: new and changed ones by their
    /// account and group (keeping their place in the order), gone ones deleted.
    static func write(_ statuses: [SubscriptionStatus], over before: [SubscriptionStatus], _ db: Database) throws {
        try table.write(statuses, over: before, db)
    }

    private static let table = KeyedTable<SubscriptionStatus>(name: "subscriptions", columns: columns, keyCount: 2) { values($0) }

    /// The values of `columns`, in their order.
    static func values(_ s: SubscriptionStatus) -> [DatabaseValue] {
        let values: [(any DatabaseValueConvertible)?] = [
            s.account, s.groupID, s.productID, s.state.rawValue, s.originalTransactionID, s.latestTransactionID,
            TransactionRow.milliseconds(s.expiresDate), s.willAutoRenew, s.autoRenewProductID, s.expirationReason?.rawValue,
            s.billingRetryStartDate.map(TransactionRow.milliseconds), s.gracePeriodExpiresDate.map(TransactionRow.milliseconds),
            s.priceIncreaseStatus.rawValue, TransactionRow.milliseconds(s.recentSubscriptionStartDate),
            s.offerCodeAtRenewal, s.offerStartDate.map(TransactionRow.milliseconds),
            s.commitmentExpiresDate.map(TransactionRow.milliseconds),
        ]
        return values.map { $0?.databaseValue ?? .null }
    }

    /// Where a refusal says the row is.
    static func location(_ account: String, _ groupID: String) -> String {
        "subscriptions, account \(account), group \(groupID)"
    }

    /// Reads a row back, refusing damage by row and column.
    static func status(_ row: Row) throws -> SubscriptionStatus {
        let account = (try? row.decode(String.self, forColumn: "account")) ?? "?"
        let group = (try? row.decode(String.self, forColumn: "groupID")) ?? "?"
        let r = RowReader(row: row, location: location(account, group))
        var status = SubscriptionStatus(
            account: try r.value("account"), groupID: try r.value("groupID"), productID: try r.value("productID"),
            state: try r.requiredNamed("state", "a renewal state"),
            originalTransactionID: try r.value("originalTransactionID"), latestTransactionID: try r.value("latestTransactionID"),
            expiresDate: try r.requiredTime("expiresDate"), willAutoRenew: try r.value("willAutoRenew"),
            autoRenewProductID: try r.value("autoRenewProductID", String.self),
            expirationReason: try r.named("expirationReason", "an expiration reason"),
            billingRetryStartDate: try r.time("billingRetryStartDate"), gracePeriodExpiresDate: try r.time("gracePeriodExpiresDate"),
            priceIncreaseStatus: try r.requiredNamed("priceIncreaseStatus", "a price increase status"),
            recentSubscriptionStartDate: try r.requiredTime("recentSubscriptionStartDate"),
            // A column since v18: a store checked before it is brought up to date has none.
            commitmentExpiresDate: row.hasColumn("commitmentExpiresDate") ? try r.time("commitmentExpiresDate") : nil)
        status.offerCodeAtRenewal = try r.value("offerCodeAtRenewal", String?.self)
        status.offerStartDate = try r.time("offerStartDate")
        try refuseInconsistency(status, r)
        return status
    }

    /// Refuses what the lifecycle never writes and a hand edit can leave: a billing problem
    /// with no date it began, a grace with no end, a reason to expire on a subscription that
    /// has not, or an expiry without one.
    private static func refuseInconsistency(_ s: SubscriptionStatus, _ r: RowReader) throws {
        let state = "the state is \(s.state.rawValue)"
        if s.isInBillingRetry, s.billingRetryStartDate == nil {
            throw r.problem("billingRetryStartDate", "holds NULL, yet \(state)")
        }
        if s.state == .inGracePeriod, s.gracePeriodExpiresDate == nil {
            throw r.problem("gracePeriodExpiresDate", "holds NULL, yet \(state)")
        }
        if s.state == .subscribed, let reason = s.expirationReason {
            throw r.problem("expirationReason", "holds \"\(reason.rawValue)\", yet \(state)")
        }
        if s.state == .expired, s.expirationReason == nil {
            throw r.problem("expirationReason", "holds NULL, yet \(state)")
        }
    }
}
