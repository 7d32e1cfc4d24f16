import AppStoreCore

/// `expect event …`: the store's event log (its outbox, as `storefront events` lists it), read
/// through the run's `EventWindow`.
extension StepRun {
    func checkEvent(_ kind: StoreEventKind, productID: String?, present: Bool, line: Int) -> (expected: String, saw: String)? {
        let logged = (try? storefront.store.storage.events(after: events.after, limit: nil)) ?? []
        let since = events.since.map { " since line \($0)" } ?? ""
        events.didRead(logged, line: line)
        let matching = logged.filter { $0.kind == kind && productID.map($0.concerns) ?? true }
        let what = "\(kind.rawValue)" + (productID.map { " for \($0)" } ?? "")
        if present, matching.isEmpty {
            return ("an event \(what)\(since)", logged.isEmpty ? "no events\(since)" : "only " + Self.list(logged))
        }
        if !present, let event = matching.first {
            return ("no event \(what)\(since)", "\(Self.list([event])) (event \(event.id), \(CalendarDay(event.date)))")
        }
        return nil
    }

    /// Events as a failure lists them: kind and product, at most the last `limit`.
    private static func list(_ events: [StoreEvent], limit: Int = 12) -> String {
        let shown = events.suffix(limit).map { e in [e.kind.rawValue, e.productID].compactMap { $0 }.joined(separator: " ") }
        let earlier = events.count > limit ? "\(events.count - limit) earlier, then " : ""
        return earlier + shown.joined(separator: ", ")
    }
}

extension StoreEvent {
    /// Whether the event is of `productID`: its own, or either plan of a plan change.
    func concerns(_ productID: String) -> Bool {
        self.productID == productID || details.fromProductID == productID || details.toProductID == productID
    }
}
