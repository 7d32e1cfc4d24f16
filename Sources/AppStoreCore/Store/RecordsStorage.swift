import Foundation

/// Where the store's records live. The payment queue reads and changes them only through
/// `update`, so changes made by another process (an approval from another terminal) are
/// seen rather than overwritten.
public protocol RecordsStorage: AnyObject {
    /// The records the store's rules work on (see `StoreWorkingSet`).
    func load() throws -> StoreWorkingSet
    /// The settings alone (a products request, a command's checks): no transaction is read.
    func settings() throws -> Settings
    /// The settings and the store's clock: what store time is worked out from.
    func timeBase() throws -> (Settings, StoreClockState)
    /// The settings and the prices the store changed: what a products request answers from,
    /// with no transaction read.
    func priceBase() throws -> (Settings, [PriceChange])
    /// Reads the latest records (and the transactions `ids`, wherever they are in the
    /// history), lets `body` change them and saves what it changed, as one transaction.
    func update<T>(including ids: Set<String>, _ body: (inout StoreWorkingSet) throws -> T) throws -> T
    /// Changes whenever the stored records may have changed; cheap to ask.
    func changeToken() -> String
    /// One transaction, wherever it is in the history.
    func transaction(_ id: String) throws -> Transaction?
    /// The newest `count` transactions (all when nil), oldest first; `finishedOnly`: only
    /// those the app finished.
    func history(last count: Int?, finishedOnly: Bool) throws -> [Transaction]
    func transactionCount() throws -> Int
    /// The completed purchases (renewals included) of `account` of the products `productIDs`,
    /// in the order they were made, wherever they are in the history: what a restore brings
    /// back. A query of its own, so that no change ever reads the whole history.
    func purchases(of account: String, productIDs: Set<String>) throws -> [Transaction]
    /// A page of every account's transactions, newest first (the Transaction Manager's list).
    func transactions(matching query: TransactionQuery) throws -> TransactionPage
    /// The stored events after `id` (0: from the first), in order, at most `limit` (all when nil).
    func events(after id: Int64, limit: Int?) throws -> [StoreEvent]
    /// The id of the newest stored event (0: none): a reader's cursor for what comes next.
    func lastEventID() throws -> Int64
    /// `account`'s revocations (refunds, family revocations, transactions deleted) stored after
    /// `id`, in order, and the id of the newest stored event, read together: what the app hears of the outbox at
    /// every launch and purchase, so no other event is decoded.
    func revocations(of account: String, after id: Int64) throws -> (events: [StoreEvent], last: Int64)
    /// Where `reader` stopped reading the events, kept in the store (nil: it never read).
    func cursor(of reader: String) throws -> Int64?
    /// Hands `reader` the events after its cursor (after `start` when it never read), at most
    /// `limit`, and moves its cursor past them (a first read: to `start` at least) in the same
    /// write transaction, when `body` returns: a body that throws (or a process killed first) leaves the cursor where it was,
    /// so the next read hands the same events again, and none is skipped. `body` must not use
    /// the storage itself.
    func consume<T>(_ reader: String, from start: Int64, limit: Int?, _ body: ([StoreEvent]) throws -> T) throws -> T
    /// Moves `reader`'s cursor to `id` (never back), for a reader whose own change is kept
    /// elsewhere and made first (the app's, in UserDefaults.json).
    func advance(_ reader: String, to id: Int64) throws
    /// The form kept for these facts (`SignedForm.digest`), or nil when they were never signed.
    func signedForm(_ kind: SignedForm.Kind, of id: String, digest: String) throws -> SignedForm?
    /// The form kept for each of `keys`, in order (nil: never signed), read at once: a batch
    /// the app checks is one read, however many transactions it holds.
    func keptForms(_ keys: [SignedForm.Key]) throws -> [SignedForm?]
    /// Keeps each form unless one is kept for its kind, id and digest already (another process
    /// signed the same facts first), in one write transaction; returns the ones kept, in order,
    /// so every process hands out the same JWS.
    func keep(_ forms: [SignedForm]) throws -> [SignedForm]
}

extension RecordsStorage {
    public func keptForms(_ keys: [SignedForm.Key]) throws -> [SignedForm?] {
        try keys.map { try signedForm($0.kind, of: $0.id, digest: $0.digest) }
    }

    public func update<T>(_ body: (inout StoreWorkingSet) throws -> T) throws -> T {
        try update(including: [], body)
    }

    /// Over every event after `id`: a storage that keeps them decoded already (in memory).
    public func revocations(of account: String, after id: Int64) throws -> (events: [StoreEvent], last: Int64) {
        let revocations = try events(after: id, limit: nil).filter { StoreEventKind.revocations.contains($0.kind) && $0.account == account }
        return (revocations, try lastEventID())
    }
}

/// Records in memory, for tests and previews: the whole history is the working set.
public final class InMemoryStorage: RecordsStorage {
    public private(set) var records: StoreWorkingSet
    /// The outbox: every event stored, numbered from 1.
    public private(set) var events: [StoreEvent] = []
    private var generation = 0

    public init(_ records: StoreWorkingSet = StoreWorkingSet()) {
        self.records = records
    }

    public func load() throws -> StoreWorkingSet { records }

    public func settings() throws -> Settings { records.settings }

    public func timeBase() throws -> (Settings, StoreClockState) { (records.settings, records.clock) }

    public func priceBase() throws -> (Settings, [PriceChange]) { (records.settings, records.priceChanges) }

    public func update<T>(including ids: Set<String>, _ body: (inout StoreWorkingSet) throws -> T) throws -> T {
        var copy = records
        let result = try body(&copy)
        let added = copy.newEventsWithFacts
        for var event in added {
            event.id = Int64(events.count + 1)
            events.append(event)
        }
        copy.newEvents = []
        copy.clearedHistories = []
        // Events alone are a change too: a reader watching the token reads them.
        if copy != records || !added.isEmpty {
            records = copy
            generation += 1
        }
        return result
    }

    public func changeToken() -> String { String(generation) }

    public func transaction(_ id: String) throws -> Transaction? {
        records.transactions.first { $0.id == id }
    }

    public func history(last count: Int?, finishedOnly: Bool) throws -> [Transaction] {
        let all = finishedOnly ? records.transactions.filter(\.queueState.finished) : records.transactions
        return count.map { Array(all.suffix(max(0, $0))) } ?? all
    }

    public func transactionCount() throws -> Int { records.transactions.count }

    public func purchases(of account: String, productIDs: Set<String>) throws -> [Transaction] {
        records.transactions.filter { $0.queueState.state == .purchased && !$0.isRevoked && $0.account == account && productIDs.contains($0.productID) }
    }

    public func transactions(matching query: TransactionQuery) throws -> TransactionPage {
        var older = records.transactions[...]
        if let before = query.before {
            guard let i = older.firstIndex(where: { $0.id == before }) else { return TransactionPage(transactions: [], hasMore: false) }
            older = older[..<i]
        }
        let found = older.reversed().lazy.filter(query.matches).prefix(max(0, query.limit) + 1)
        return TransactionPage(transactions: Array(found.prefix(max(0, query.limit))), hasMore: found.count > max(0, query.limit))
    }

    public func events(after id: Int64, limit: Int?) throws -> [StoreEvent] {
        let after = events.drop { $0.id <= id }
        return Array(limit.map { after.prefix(max(0, $0)) } ?? after)
    }

    public func lastEventID() throws -> Int64 { events.last?.id ?? 0 }

    /// Each reader's cursor.
    public private(set) var cursors: [String: Int64] = [:]

    public func cursor(of reader: String) throws -> Int64? { cursors[reader] }

    public func consume<T>(_ reader: String, from start: Int64, limit: Int?, _ body: ([StoreEvent]) throws -> T) throws -> T {
        let read = try events(after: cursors[reader] ?? start, limit: limit)
        let result = try body(read)
        if let last = read.last?.id ?? (cursors[reader] == nil ? start : nil) { cursors[reader] = max(cursors[reader] ?? 0, last) }
        return result
    }

    public func advance(_ reader: String, to id: Int64) throws {
        cursors[reader] = max(cursors[reader] ?? 0, id)
    }

    /// The signed forms, by kind, id and digest.
    public private(set) var signedForms: [String: SignedForm] = [:]

    private static func key(_ kind: SignedForm.Kind, _ id: String, _ digest: String) -> String {
        "\(kind.rawValue)\u{0}\(id)\u{0}\(digest)"
    }

    public func signedForm(_ kind: SignedForm.Kind, of id: String, digest: String) throws -> SignedForm? {
        signedForms[Self.key(kind, id, digest)]
    }

    public func keep(_ forms: [SignedForm]) throws -> [SignedForm] {
        forms.map { form in
            let key = Self.key(form.kind, form.id, form.digest)
            if let kept = signedForms[key] { return kept }
            signedForms[key] = form
            return form
        }
    }
}
