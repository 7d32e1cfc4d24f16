import Foundation

extension AppStore {
    /// What one change of the store's records left: `body`'s value, the records as the change
    /// left them (its events stored, so none kept here), and, when asked for, the events it
    /// wrote with their facts.
    package struct Change<T> {
        package var value: T
        package var records: StoreWorkingSet
        package var events: [StoreEvent]
    }

    /// Changes the store's records in the storage's one transaction, as every change of the
    /// store's is made, whoever asks (the app's queue, the App Store's side): purchases without
    /// a status adopted, store time read under the store's lock, `body` (given that time), then
    /// what the family now shares. `withEvents`: hand back the events the change wrote.
    /// `dueFirst`: before `body`, what is due by store time is done (`StoreWorkingSet.process`,
    /// as `processDue` does it, a restore in flight left due for the queue that asked for it)
    /// and the family shares what that made, so `body` finds (and changes) a member's copy of
    /// a renewal made in the same change, its events after those of what was due.
    package func change<T>(including ids: Set<String> = [], withEvents: Bool = false, dueFirst: Bool = false,
                           _ body: (inout StoreWorkingSet, Date) throws -> T) throws -> Change<T> {
        try storage.update(including: ids) { records -> Change<T> in
            records.adoptPurchasesWithoutStatus(catalog: catalog)
            // Real time read under the store's lock: the moment of the change. An anchor later
            // than it would hold store time still, and what this change makes due with it.
            records.clock.anchorAgain(ifAheadOf: wallClock.now)
            let now = records.time(at: wallClock.now)
            if dueFirst {
                _ = try records.process(account: nil, catalog: catalog, now: now, restoresInFlight: false)
                try records.shareWithFamilies(catalog: catalog, now: now)
            }
            let value = try body(&records, now)
            // Whatever changed, the family shares (and stops sharing) what it now should, at
            // the store time the change left (an advance moves it).
            try records.shareWithFamilies(catalog: catalog, now: records.time(at: wallClock.now))
            records.keepEventFacts(catalog: catalog)
            var latest = records
            // The storage keeps this change's events; the copy handed back reads what was stored.
            latest.newEvents = []
            latest.clearedHistories = []
            return Change(value: value, records: latest, events: withEvents ? records.newEventsWithFacts : [])
        }
    }
}
