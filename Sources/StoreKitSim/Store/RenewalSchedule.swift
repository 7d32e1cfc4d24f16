import Foundation

/// Each account's auto-renewable subscriptions and when each renews next: the purchase that
/// expires last renews at its expiry, while the period can go on (`SubscriptionPeriod.endsAfter`).
/// Every account's, not only the signed-in one's: the App Store renews them whichever account
/// this device has signed in, and another account's renewals wait in its queue until it signs
/// in again. Worked out in one pass over the records and kept up to date as it renews, so a
/// store far behind catches up at the same cost per renewal however many are due.
struct RenewalSchedule {
    private struct Subscription {
        var account: String
        var period: SubscriptionPeriod
        /// The purchase that renews next: the one that expires last (the last made, of equals).
        var latest: Transaction
        var expiry: Date
    }

    /// Accounts in the order they first bought, each one's products in the catalog's order:
    /// who renews first when two are due at once.
    private var subscriptions: [Subscription]

    init(_ records: StoreRecords, catalog: Catalog) {
        var accounts: [String] = []
        var seen = Set<String>()
        var latest: [String: [String: Transaction]] = [:]
        for t in records.transactions where t.state == .purchased {
            guard let account = t.account else { continue }
            if seen.insert(account).inserted { accounts.append(account) }
            guard let expiry = t.expiresDate else { continue }
            if let current = latest[account]?[t.productID]?.expiresDate, current > expiry { continue }
            latest[account, default: [:]][t.productID] = t
        }
        subscriptions = accounts.flatMap { account in
            catalog.products.compactMap { product -> Subscription? in
                guard product.type == .autoRenewable, let period = product.subscription?.period,
                      let t = latest[account]?[product.id], let expiry = t.expiresDate else { return nil }
                return Subscription(account: account, period: period, latest: t, expiry: expiry)
            }
        }
    }

    /// The subscription that renews first, and when; nil when none renews.
    var next: (index: Int, date: Date)? {
        var first: (index: Int, date: Date)?
        for (i, s) in subscriptions.enumerated() where s.period.endsAfter(s.expiry) && s.expiry < first?.date ?? .distantFuture {
            first = (i, s.expiry)
        }
        return first
    }

    /// Renews subscription `index` at its expiry: the new transaction, `id`, which renews next.
    mutating func renew(_ index: Int, id: String) -> Transaction {
        let s = subscriptions[index]
        var renewal = Transaction(id: id, payment: s.latest.payment, state: .purchased, date: s.expiry)
        renewal.originalTransactionID = s.latest.originalTransactionID ?? s.latest.id
        let expiry = s.period.added(to: s.expiry)
        renewal.expiresDate = expiry
        renewal.isTrialPeriod = false
        renewal.account = s.account
        renewal.reason = .renewal
        subscriptions[index].latest = renewal
        subscriptions[index].expiry = expiry
        return renewal
    }
}
