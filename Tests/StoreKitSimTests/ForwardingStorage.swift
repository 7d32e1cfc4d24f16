import Foundation
@testable import AppStoreCore

/// Storage that hands every call to `inner`: a test's storage overrides only the calls it
/// counts or changes.
class ForwardingStorage: RecordsStorage {
    let inner: any RecordsStorage

    init(_ inner: any RecordsStorage) { self.inner = inner }

    func load() throws -> StoreWorkingSet { try inner.load() }
    func settings() throws -> Settings { try inner.settings() }
    func timeBase() throws -> (Settings, StoreClockState) { try inner.timeBase() }
    func priceBase() throws -> (Settings, [PriceChange]) { try inner.priceBase() }
    func update<T>(including ids: Set<String>, _ body: (inout StoreWorkingSet) throws -> T) throws -> T {
        try inner.update(including: ids, body)
    }
    func changeToken() -> String { inner.changeToken() }
    func transaction(_ id: String) throws -> Transaction? { try inner.transaction(id) }
    func history(last count: Int?, finishedOnly: Bool) throws -> [Transaction] { try inner.history(last: count, finishedOnly: finishedOnly) }
    func transactionCount() throws -> Int { try inner.transactionCount() }
    func purchases(of account: String, productIDs: Set<String>) throws -> [Transaction] { try inner.purchases(of: account, productIDs: productIDs) }
    func transactions(matching query: TransactionQuery) throws -> TransactionPage { try inner.transactions(matching: query) }
    func events(after id: Int64, limit: Int?) throws -> [StoreEvent] { try inner.events(after: id, limit: limit) }
    func lastEventID() throws -> Int64 { try inner.lastEventID() }
    func revocations(of account: String, after id: Int64) throws -> (events: [StoreEvent], last: Int64) {
        try inner.revocations(of: account, after: id)
    }
    func cursor(of reader: String) throws -> Int64? { try inner.cursor(of: reader) }
    func consume<T>(_ reader: String, from start: Int64, limit: Int?, _ body: ([StoreEvent]) throws -> T) throws -> T {
        try inner.consume(reader, from: start, limit: limit, body)
    }
    func advance(_ reader: String, to id: Int64) throws { try inner.advance(reader, to: id) }
    func signedForm(_ kind: SignedForm.Kind, of id: String, digest: String) throws -> SignedForm? {
        try inner.signedForm(kind, of: id, digest: digest)
    }
    func keep(_ forms: [SignedForm]) throws -> [SignedForm] { try inner.keep(forms) }
}
