import Foundation

extension AppStore {
    /// A restore in flight, as the queue that asked for it knows it: the account it brings
    /// purchases back for, and that account's purchases of what a restore brings back, read
    /// from the whole history (the records a change works on hold only a few of them).
    package struct DueRestore {
        package var account: String?
        package var purchases: [Transaction]

        package init(account: String?, purchases: [Transaction]) {
            self.account = account
            self.purchases = purchases
        }
    }

    /// The store does what is due by store time now (answers, renewals, expiries, lapses, and
    /// a restore in flight as `restore` tells it: nil leaves it due for the queue that asked for
    /// it), in one change (`AppStore.change`): the store's own work, whoever finds it due (the
    /// app's queue; the App Store's side does it first in each of its changes, `change(dueFirst:)`). A store far behind tells `progress` how far it has
    /// got every `progressEvery` things (and the store time it catches up to), and stops past
    /// `deadline` with the rest still due (`StoreWorkingSet.process`). The change's value: how
    /// a restore that completed ended.
    package func processDue(restore: DueRestore?, withEvents: Bool = false, deadline: ContinuousClock.Instant? = nil,
                            progressEvery: Int = 500,
                            progress: ((_ made: Int, _ reached: Date, _ now: Date) -> Void)? = nil) throws -> Change<StoreWorkingSet.RestoreOutcome?> {
        try change(withEvents: withEvents) { records, now in
            try records.process(account: restore?.account, catalog: catalog, now: now, purchases: restore?.purchases ?? [],
                                restoresInFlight: restore != nil,
                                deadline: deadline, progressEvery: progressEvery,
                                progress: progress.map { tell in { made, reached in tell(made, reached, now) } })
        }
    }
}
