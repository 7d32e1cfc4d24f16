import Foundation
import SampleApp

/// The consumables the app delivered and has not consumed yet (`u`): the earlier balances
/// first (used first), then the purchases oldest first.
public struct UnconsumedPanel: Equatable, Sendable {
    public var selection = 0

    public init(selection: Int = 0) {
        self.selection = selection
    }
}

/// A row of the unconsumed purchases panel.
public enum UnconsumedRow: Equatable, Sendable {
    /// The part of a balance (`SampleApp.creditsKey` or a consumable's own) no listed purchase
    /// accounts for.
    case earlier(balanceKey: String, units: Int)
    case purchase(UnconsumedPurchase)

    /// The balance it is part of, which "use 1" takes from, oldest first.
    func balanceKey(_ app: AppDescription) -> String {
        switch self {
        case .earlier(let key, _): key
        case .purchase(let p): app.balanceKey(of: p.productID)
        }
    }

    /// Consuming the row: all a purchase has left, or the earlier balance as a whole.
    var consumeAll: Effect {
        switch self {
        case .earlier(let key, let units): .consume(.product(key), quantity: units)
        case .purchase(let p): .consume(.transaction(p.transactionID), quantity: nil)
        }
    }
}

extension AppState {
    /// The panel's rows: earlier balances (credits first), then the purchases oldest first.
    public var unconsumedRows: [UnconsumedRow] {
        let order = { (key: String) in (key == SampleApp.creditsKey ? 0 : 1, key) }
        let earlier = snapshot.earlierUnits.sorted { order($0.key) < order($1.key) }
        return earlier.map { .earlier(balanceKey: $0.key, units: $0.value) } + snapshot.unconsumed.map(UnconsumedRow.purchase)
    }
}
