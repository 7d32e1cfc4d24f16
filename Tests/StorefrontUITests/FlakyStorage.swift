import Foundation
import AppStoreCore

/// Storage whose reads of the outbox or of history pages fail while asked to (a busy or
/// unreadable file); everything else is `base`'s.
final class FlakyStorage: RecordsStorage {
    struct Unreadable: Error {}
    let base: InMemoryStorage
    var failingEvents = false
    var failingPages = false

    init(_ base: InMemoryStorage) { self.base = base }

    func load() throws -> StoreWorkingSet { try base.load() }
    func settings() throws -> Settings { try base.settings() }
    func timeBase() throws -> (Settings, StoreClockState) { try base.timeBase() }
    func priceBase() throws -> (Settings, [PriceChange]) { try base.priceBase() }
    func update<T>(including ids: Set<String>, _ body: (inout StoreWorkingSet) throws -> T) throws -> T {
        try base.update(including: ids, body)
    }
    func changeToken() -> String { base.changeToken() }
    func transaction(_ id: String) throws -> Transaction? { try base.transaction(id) }
    func history(last count: Int?, finishedOnly: Bool) throws -> [Transaction] {
        if failingPages { throw Unreadable() }
        return try base.history(last: count, finishedOnly: finishedOnly)
    }
    func transactionCount() throws -> Int { try base.transactionCount() }
    func purchases(of account: String, productIDs: Set<String>) throws -> [Transaction] {
        try base.purchases(of: account, productIDs: productIDs)
    }
    func transactions(matching query: TransactionQuery) throws -> TransactionPage {
        if failingPages { throw Unreadable() }
        return try base.transactions(matching: query)
    }
    func events(after id: Int64, limit: Int?) throws -> [StoreEvent] {
        if failingEvents { throw Unreadable() }
        return try base.events(after: id, limit: limit)
    }
    func lastEventID() throws -> Int64 { try base.lastEventID() }
    func cursor(of reader: String) throws -> Int64? {
        if failingEvents { throw Unreadable() }
        return try base.cursor(of: reader)
    }
    func consume<T>(_ reader: String, from start: Int64, limit: Int?, _ body: ([StoreEvent]) throws -> T) throws -> T {
        if failingEvents { throw Unreadable() }
        return try base.consume(reader, from: start, limit: limit, body)
    }
    func advance(_ reader: String, to id: Int64) throws { try base.advance(reader, to: id) }
    func signedForm(_ kind: SignedForm.Kind, of id: String, digest: String) throws -> SignedForm? {
        try base.signedForm(kind, of: id, digest: digest)
    }
    func keep(_ forms: [SignedForm]) throws -> [SignedForm] { try base.keep(forms) }
}
