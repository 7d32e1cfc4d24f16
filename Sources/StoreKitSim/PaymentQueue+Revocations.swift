import AppStoreCore
import Foundation

/// Revocations as the app hears them: read from the store's events with the app's cursor on
/// the outbox, kept in the store (`RecordsStorage.cursor(of:)`), so the app never reads the
/// store's records itself.
extension PaymentQueue {
    /// The app's name among the outbox's readers.
    public static let appReader = "app"

    /// What the app has not heard of yet: each revocation, and the last event read.
    public struct Revocations: Equatable, Sendable {
        /// `.revoked` and `.deleted`, one per transaction, in the order the store made them.
        public var events: [PaymentQueueEvent]
        /// The last event read (nil: none was new): where the app's cursor goes once it has
        /// taken back what they gave (`heardRevocations(through:)`).
        public var through: Int64?
    }

    /// The signed-in account's refunds, family revocations and deletions stored after the app's
    /// cursor, or after `seen` when that is further (what this run already read, or the cursor the
    /// app kept itself before the store kept it). Only they are read: the cursor moves only
    /// when the app took one back, and a store that never revoked anything would otherwise
    /// decode its whole outbox at every launch and purchase.
    public func unheardRevocations(after seen: Int64) throws -> Revocations {
        let storage = store.storage
        let after = max(try storage.cursor(of: Self.appReader) ?? 0, seen)
        // Signed out, none is the app's: read past all the same.
        let (events, last) = try settings.account.map { try storage.revocations(of: $0, after: after) } ?? ([], try storage.lastEventID())
        var named = Set<String>(), deleted = Set<String>()
        var revoked: [PaymentQueueEvent] = []
        for event in events {
            if event.kind == .transactionDeleted {
                guard let id = event.transactionID, let productID = event.productID, deleted.insert(id).inserted else { continue }
                revoked.append(.deleted(DeletedTransaction(id: id, productID: productID, date: event.date,
                                                            originalID: event.originalTransactionID)))
                continue
            }
            // The transaction as the revocation left it, which the event keeps (or, for an event
            // that kept none, as it is; a transaction deleted since has nothing left to tell).
            guard let id = event.transactionID, named.insert(id).inserted,
                  let t = try event.transaction ?? storage.transaction(id), t.isRevoked else { continue }
            revoked.append(.revoked(t))
        }
        return Revocations(events: revoked, through: last > after ? last : nil)
    }

    /// The app took back what the revocations up to event `id` gave: its cursor moves past them.
    public func heardRevocations(through id: Int64) throws {
        try store.storage.advance(Self.appReader, to: id)
    }
}
