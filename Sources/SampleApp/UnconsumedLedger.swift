import DataFiles
import Foundation

/// The unconsumed purchases and the balances they make up, over UserDefaults.json's values:
/// the one place that keeps the two coherent. A balance (the app's credits, or a consumable's
/// own units) is its purchases' remaining units plus an earlier part no listed purchase
/// accounts for: a balance from before the app kept the list (migrated as it was, since the
/// app never noted which transactions made it), or one raised by hand. A balance lowered by
/// hand below its purchases' units is taken as spending: the shortfall comes off the oldest.
struct UnconsumedLedger {
    /// Oldest first (by purchase date, then delivery order); none with nothing left.
    private(set) var purchases: [UnconsumedPurchase]
    private var values: [String: JSONValue]
    private let app: AppDescription
    /// The balances changed, written with the list.
    private var touched: Set<String> = []

    /// The list's entries as written, each with the value it was read from: written back
    /// as that same value while it is unchanged (`changes`).
    private let stored: [Entry]

    struct Entry {
        var purchase: UnconsumedPurchase
        var json: JSONValue
    }

    /// `stored`: the list's entries as written (`SampleApp.storedUnconsumed`).
    init(values: [String: JSONValue], stored entries: [Entry], app: AppDescription) {
        self.values = values
        self.app = app
        self.stored = entries
        let stored = entries.map(\.purchase)
        // As the app writes it, the list is in order already.
        let inOrder = zip(stored, stored.dropFirst()).allSatisfy { $0.purchaseDate <= $1.purchaseDate }
        purchases = inOrder ? stored
            : stored.indices.sorted { (stored[$0].purchaseDate, $0) < (stored[$1].purchaseDate, $1) }.map { stored[$0] }
        for key in Set(purchases.map { balanceKey(of: $0.productID) }) {
            var short = units(inPurchasesOf: key).subtractingSaturating(max(balance(key), 0))
            for i in purchases.indices where short > 0 && balanceKey(of: purchases[i].productID) == key {
                let taken = min(short, purchases[i].remaining)
                purchases[i].remaining -= taken
                short -= taken
            }
        }
        purchases.removeAll { $0.remaining == 0 }
    }

    func balanceKey(of productID: String) -> String {
        app.balanceKey(of: productID)
    }

    func balance(_ key: String) -> Int { values[key]?.intValue ?? 0 }

    func units(inPurchasesOf key: String) -> Int {
        purchases.filter { balanceKey(of: $0.productID) == key }.reduce(0) { $0.addingSaturating($1.remaining) }
    }

    /// The part of the balance no listed purchase accounts for.
    func earlier(_ key: String) -> Int {
        max(0, balance(key).subtractingSaturating(units(inPurchasesOf: key)))
    }

    /// What the ledger changed, for one write: the list (oldest first) and the balances.
    var changes: [String: JSONValue] {
        // An entry unchanged since it was read is written back as the value it was read
        // from, found where it was (the list keeps its order) or one place on.
        var list: [JSONValue] = []
        list.reserveCapacity(purchases.count)
        var next = 0
        for purchase in purchases {
            if next < stored.count, stored[next].purchase == purchase {
                list.append(stored[next].json)
                next += 1
            } else if next + 1 < stored.count, stored[next + 1].purchase == purchase {
                list.append(stored[next + 1].json)
                next += 2
            } else {
                list.append(purchase.json)
            }
        }
        var changes = [SampleApp.unconsumedKey: JSONValue.array(list)]
        for key in touched { changes[key] = values[key] }
        return changes
    }

    private mutating func setBalance(_ key: String, _ value: Int) {
        values[key] = .int(value)
        touched.insert(key)
    }

    /// A delivery: its units join the list and its balance, which the caller summed (and
    /// refused past the largest number).
    mutating func add(_ purchase: UnconsumedPurchase, balance: Int) {
        setBalance(balanceKey(of: purchase.productID), balance)
        purchases.removeAll { $0.transactionID == purchase.transactionID }
        if purchase.remaining > 0 { purchases.append(purchase) }
    }

    /// Consumes `quantity` units of `target` (a purchase: all it has left when nil; a product:
    /// one), oldest first, or nothing when there are not that many.
    mutating func consume(_ target: ConsumeTarget, quantity: Int?) throws(ConsumeRefusal) -> [Consumption] {
        if let quantity, quantity < 1 { throw .invalidQuantity(quantity) }
        switch target {
        case .transaction(let id):
            guard let purchase = purchases.first(where: { $0.transactionID == id }) else { throw .notUnconsumed(id) }
            let asked = quantity ?? purchase.remaining
            guard asked <= purchase.remaining else { throw .notEnough(id, available: purchase.remaining, asked: asked) }
            return take(asked, from: balanceKey(of: purchase.productID), earlierFirst: false) { $0.transactionID == id }
        case .product(let id):
            let key = balanceKey(of: id)
            // The credit balance as a whole, or a consumable's own, starts with its earlier
            // part (the oldest there is); a credit pack has only its own purchases.
            let whole = key == id
            let asked = quantity ?? 1
            let available = purchases.filter { whole ? balanceKey(of: $0.productID) == key : $0.productID == id }
                .reduce(whole ? earlier(key) : 0) { $0.addingSaturating($1.remaining) }
            guard asked <= available else { throw .notEnough(id, available: available, asked: asked) }
            return take(asked, from: key, earlierFirst: whole) { whole || $0.productID == id }
        }
    }

    /// A refund of `transactionID`, which gave `given` units: its own unconsumed units go
    /// first, then, for what was already used, as much as the rest of the balance allows,
    /// oldest first. Returns how many were taken and the balance after.
    mutating func takeBack(_ transactionID: String, productID: String, given: Int) -> (taken: Int, balance: Int) {
        let key = balanceKey(of: productID)
        var taken = 0
        if let own = purchases.firstIndex(where: { $0.transactionID == transactionID }) {
            taken = min(purchases[own].remaining, given)
            setBalance(key, balance(key).subtractingSaturating(taken))
            purchases.remove(at: own)
        }
        let available = purchases.filter { balanceKey(of: $0.productID) == key }
            .reduce(earlier(key)) { $0.addingSaturating($1.remaining) }
        let rest = min(given - taken, available)
        if rest > 0 {
            _ = take(rest, from: key, earlierFirst: true) { _ in true }
            taken += rest
        }
        return (taken, balance(key))
    }

    /// Takes `units` (no more than there are) from the earlier part of `key`'s balance when
    /// asked, then from its purchases that match, oldest first.
    private mutating func take(_ units: Int, from key: String, earlierFirst: Bool,
                               where matches: (UnconsumedPurchase) -> Bool) -> [Consumption] {
        var left = units
        var taken: [Consumption] = []
        if earlierFirst, left > 0 {
            let earlier = earlier(key)
            let part = min(left, earlier)
            if part > 0 {
                setBalance(key, balance(key).subtractingSaturating(part))
                taken.append(Consumption(transactionID: nil, balanceKey: key, units: part, left: earlier - part, balance: balance(key)))
                left -= part
            }
        }
        for i in purchases.indices where left > 0 && balanceKey(of: purchases[i].productID) == key && matches(purchases[i]) {
            let part = min(left, purchases[i].remaining)
            guard part > 0 else { continue }
            purchases[i].remaining -= part
            setBalance(key, balance(key).subtractingSaturating(part))
            taken.append(Consumption(transactionID: purchases[i].transactionID, balanceKey: key, units: part,
                                     left: purchases[i].remaining, balance: balance(key)))
            left -= part
        }
        purchases.removeAll { $0.remaining == 0 }
        return taken
    }
}
