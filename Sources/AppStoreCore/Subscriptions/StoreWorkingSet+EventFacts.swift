import Foundation

extension StoreWorkingSet {
    /// This change's events, each naming a transaction with that transaction as the change
    /// left it, and each naming a subscription (by its original transaction) with its status
    /// then: the facts every reader is told, kept with the event (`StoreEvent.transaction`,
    /// `subscription`).
    package var newEventsWithFacts: [StoreEvent] {
        // Events already given their facts (`keepEventFacts`, then the storage and the change's
        // answer read them again) need no look through the transactions.
        guard newEvents.contains(where: { $0.transactionID != nil && $0.transaction == nil
                || $0.originalTransactionID != nil && $0.subscription == nil }) else { return newEvents }
        let named = Set(newEvents.compactMap(\.transactionID))
        let byID = Dictionary(transactions.filter { named.contains($0.id) }.map { ($0.id, $0) }, uniquingKeysWith: { $1 })
        return newEvents.map { event in
            var event = event
            if event.transaction == nil, let id = event.transactionID { event.transaction = byID[id] }
            if event.subscription == nil, let account = event.account, let original = event.originalTransactionID {
                event.subscription = subscriptions.first { $0.account == account && $0.originalTransactionID == original }
            }
            return event
        }
    }

    /// Keeps with this change's events their facts (`newEventsWithFacts`) and, for each
    /// subscription, its next renewal's terms as the change left them, which only the catalog
    /// tells (`StoreEvent.renewal`).
    package mutating func keepEventFacts(catalog: Catalog) {
        newEvents = newEventsWithFacts.map { event in
            var event = event
            if event.renewal == nil, let status = event.subscription { event.renewal = nextRenewal(of: status, catalog: catalog) }
            return event
        }
    }
}
