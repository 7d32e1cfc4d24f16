import Foundation

/// Every subscription's next timer (a renewal, an expiry with auto-renew off, a grace's end,
/// billing retry giving up), read from the statuses: every account's, not only the signed-in
/// one's (the App Store renews them whichever account this device has signed in, and another
/// account's renewals wait in its queue until it signs in again). One pass over the statuses
/// (one per account and group, few), kept up to date as they change, so a store far behind
/// catches up at the same cost per renewal however many are due.
struct RenewalSchedule {
    /// Each status's timer, by its index in `StoreWorkingSet.subscriptions`.
    private var timers: [(date: Date, input: SubscriptionInput)?]

    init(_ records: StoreWorkingSet, catalog: Catalog) {
        timers = records.subscriptions.map { SubscriptionLifecycle.nextTimer(of: $0, catalog: catalog) }
    }

    /// The timer that falls due first (of two at once, the status kept first), and when; nil
    /// when nothing is to happen.
    var next: (index: Int, date: Date, input: SubscriptionInput)? {
        var first: (index: Int, date: Date, input: SubscriptionInput)?
        for (i, timer) in timers.enumerated() {
            // No sentinel date: timers run to the year 9999, past Date.distantFuture.
            if let timer, first.map({ timer.date < $0.date }) ?? true { first = (i, timer.date, timer.input) }
        }
        return first
    }

    /// The status at `index` changed (or was added): its timer again.
    mutating func update(_ index: Int, in records: StoreWorkingSet, catalog: Catalog) {
        while timers.count < records.subscriptions.count { timers.append(nil) }
        timers[index] = SubscriptionLifecycle.nextTimer(of: records.subscriptions[index], catalog: catalog)
    }
}
