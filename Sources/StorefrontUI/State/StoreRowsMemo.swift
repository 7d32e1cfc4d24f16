import Foundation
import SampleApp
import AppStoreCore

/// The store list kept for the inputs it was made from: update and the views ask for the rows
/// many times a key or a tick, and they change only with the catalog, the app, the words'
/// language, premium, the promotional offers presented and the products request's unknown identifiers. A cache, not state:
/// two states are equal whatever their memos hold, and copies of a state share one.
final class StoreRowsMemo: @unchecked Sendable {
    /// Everything `AppState.rows` reads.
    struct Inputs: Equatable {
        var catalog: Catalog
        var appDescription: AppDescription
        var locale: String
        var ascii: Bool
        var premiumUnlocked: Bool
        var presentedOffers: [AppDescription.PromotionalOffer]
        var invalid: [String]
    }

    private let lock = NSLock()
    private var inputs: Inputs?
    private var rows: [StoreRow] = []

    /// The rows made for `inputs` last time, or `make`'s when the inputs differ.
    func rows(for inputs: Inputs, make: () -> [StoreRow]) -> [StoreRow] {
        if let rows = lock.withLock({ self.inputs == inputs ? self.rows : nil }) { return rows }
        let rows = make()
        lock.withLock { (self.inputs, self.rows) = (inputs, rows) }
        return rows
    }
}

extension StoreRowsMemo: Equatable {
    static func == (_: StoreRowsMemo, _: StoreRowsMemo) -> Bool { true }
}
