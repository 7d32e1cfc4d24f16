import Foundation
import AppStoreCore

/// A row of the Transaction Manager's list, as Xcode's manager nests them: a transaction, or a
/// subscription's original purchase heading its renewals (every later period of the same
/// original transaction), which show indented under it while it is unfolded.
public struct OutlineRow: Equatable, Sendable {
    public let transaction: Transaction
    /// For an original purchase: the periods after it, newest first; empty for the rest.
    public let renewals: [Transaction]
    /// Shown under its original purchase.
    public let isRenewal: Bool
    public let isUnfolded: Bool

    /// The period that says where the subscription stands: the newest.
    public var latest: Transaction { renewals.first ?? transaction }

    /// The transaction its status tells of: folded, the group's newest period; unfolded (its
    /// renewals in rows of their own under it) and alone, its own.
    public var standing: Transaction { isUnfolded ? transaction : latest }

    /// The rows for `transactions` (newest first): each renewal whose original purchase is
    /// among them goes under it, and the group takes the place of its newest period, so the
    /// list stays ordered by what happened last. A renewal whose original is not loaded (an
    /// older page, or deleted) stands alone.
    static func outline(_ transactions: [Transaction], unfolded: Set<String>) -> [OutlineRow] {
        let byID = Dictionary(transactions.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        // A subscription's period (it expires) names the transaction it follows: the first of
        // the chain that is loaded, the same account's, heads it (a restore of a renewal goes
        // under the purchase too).
        func original(of t: Transaction) -> String? {
            guard t.expirationDate != nil else { return nil }
            var id = t.id
            var seen: Set<String> = [id]
            while let next = byID[id]?.originalID, byID[next]?.account == t.account, seen.insert(next).inserted { id = next }
            return id == t.id ? nil : id
        }
        var renewals: [String: [Transaction]] = [:]
        for t in transactions {
            if let id = original(of: t) { renewals[id, default: []].append(t) }
        }
        var placed: Set<String> = []
        var rows: [OutlineRow] = []
        for t in transactions {
            let head = original(of: t) ?? t.id
            guard placed.insert(head).inserted, let first = byID[head] else { continue }
            let under = renewals[head] ?? []
            let open = !under.isEmpty && unfolded.contains(head)
            rows.append(OutlineRow(transaction: first, renewals: under, isRenewal: false, isUnfolded: open))
            if open { rows += under.map { OutlineRow(transaction: $0, renewals: [], isRenewal: true, isUnfolded: false) } }
        }
        return rows
    }
}
