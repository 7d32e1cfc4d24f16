import DataFiles
import Foundation
import GRDB
import Testing
@testable import AppStoreCore
@testable import AppStorePersistence

/// Records with every field of a subscription's status, an event and a transaction's purchase
/// facts set, on whole milliseconds (what store.sqlite keeps).
enum FullRecords {
    static let start = Date(timeIntervalSince1970: 1_900_000_000.123)
    static let group = "pro"

    /// A monthly plan's first purchase and its renewal, with every field set.
    static var transactions: [Transaction] {
        var first = Transaction(id: "1000000001", payment: Payment(productID: ID.monthly, quantity: 1, applicationUsername: "user-1"),
                                state: .purchased, date: start, account: Settings.defaultAccount, reason: .purchase,
                                originalTransactionID: nil, purchaseFacts: PurchaseFacts(
                                    purchaseDate: start, originalPurchaseDate: start, price: 0, currency: "USD", storefront: "USA",
                                    offer: TransactionOffer(type: .introductory, paymentMode: .freeTrial,
                                                            period: SubscriptionPeriod(value: 1, unit: .week)),
                                    expiresDate: start + 7 * 86_400, isTrialPeriod: true, webOrderLineItemID: "1000000001.1"),
                                isUpgraded: false)
        first.queueState.error = StoreError(.paymentCancelled, message: "once cancelled")
        first.queueState.finished = true
        first.queueState.requestDate = start - 2
        let renewed = start + 7 * 86_400
        var renewal = Transaction(id: "1000000002", payment: first.payment, state: .purchased, date: renewed,
                                  account: Settings.defaultAccount, reason: .renewal, originalTransactionID: first.id,
                                  purchaseFacts: PurchaseFacts(
                                    purchaseDate: renewed, originalPurchaseDate: start, price: Decimal(string: "1234567.891")!,
                                    currency: "USD", storefront: "USA",
                                    offer: TransactionOffer(type: .promotional, id: "back", paymentMode: .payUpFront,
                                                            period: SubscriptionPeriod(value: 3, unit: .month)),
                                    expiresDate: start + 38 * 86_400, isTrialPeriod: false, webOrderLineItemID: "1000000001.2"),
                                  isUpgraded: true)
        renewal.queueState.finished = true
        renewal.queueState.requestDate = start - 2
        return [first, renewal]
    }

    static var status: SubscriptionStatus {
        SubscriptionStatus(account: Settings.defaultAccount, groupID: group, productID: ID.monthly, state: .inGracePeriod,
                           originalTransactionID: "1000000001", latestTransactionID: "1000000002",
                           expiresDate: start + 38 * 86_400, willAutoRenew: false, autoRenewProductID: ID.yearly,
                           expirationReason: .billingError, billingRetryStartDate: start + 38 * 86_400,
                           gracePeriodExpiresDate: start + 54 * 86_400, priceIncreaseStatus: .pending,
                           recentSubscriptionStartDate: start)
    }

    static var priceChanges: [PriceChange] {
        [PriceChange(productID: ID.monthly, storefront: "USA", price: Decimal(string: "5.99")!, consentNeeded: true,
                     date: start + 86_400),
         PriceChange(productID: ID.monthly, storefront: "JPN", price: 1_200, consentNeeded: false, date: start + 2 * 86_400)]
    }

    static func event(_ kind: StoreEventKind, at offset: TimeInterval = 0) -> StoreEvent {
        StoreEvent(date: start + offset, kind: kind, account: Settings.defaultAccount, productID: ID.monthly,
                   transactionID: "1000000002", originalTransactionID: "1000000001",
                   details: StoreEventDetails(expirationReason: .didNotConsentToPriceIncrease, fromProductID: ID.monthly,
                                              toProductID: ID.yearly, planChange: .crossgrade,
                                              gracePeriodExpiresDate: start + 54 * 86_400, expiresDate: start + 38 * 86_400,
                                              price: Decimal(string: "12.99")!, currency: "JPY", storefront: "JPN",
                                              refundedAmount: Decimal(string: "3.47")!, error: StoreError.notConnected))
    }

    /// Writes the transactions, the status, the price changes and `events` into `storage`, in one change.
    static func write(into storage: any RecordsStorage, events: [StoreEvent] = [event(.renewalFailed)]) throws {
        try storage.update {
            $0.transactions += transactions
            $0.nextTransactionNumber = 1_000_000_003
            $0.subscriptions = [status]
            $0.priceChanges = priceChanges
            $0.newEvents = events
        }
    }
}

/// What both storages keep of subscriptions, events and purchase facts, and the outbox's order.
@Suite struct SubscriptionStorageTests {
    @Test(arguments: StorageKind.allCases)
    func everyFieldOfAStatusAnEventAndAPurchaseReadsBackEqual(kind: StorageKind) throws {
        let directory = TemporaryDirectory()
        let written = try kind.make(directory)
        try FullRecords.write(into: written)
        // On disk, a new connection reads what the first wrote.
        let storage = kind == .sqlite ? try storeDatabase(directory) : written
        let records = try storage.load()
        #expect(records.subscriptions == [FullRecords.status])
        #expect(records.priceChanges == FullRecords.priceChanges)
        #expect(records.newEvents.isEmpty, "stored, no longer new")
        for t in FullRecords.transactions {
            #expect(try storage.transaction(t.id) == t)
            #expect(records.transactions.first { $0.id == t.id } == t)
        }
        var stored = FullRecords.event(.renewalFailed)
        stored.id = 1
        // With the facts it names, as the change left them, every field of them read back equal.
        stored.transaction = FullRecords.transactions.first { $0.id == stored.transactionID }
        stored.subscription = FullRecords.status
        #expect(stored.transaction != nil && stored.subscription?.originalTransactionID == stored.originalTransactionID)
        #expect(try storage.events(after: 0, limit: nil) == [stored])
    }

    @Test func anAmountIsKeptAsItsExactDigits() throws {
        let directory = TemporaryDirectory()
        try FullRecords.write(into: try storeDatabase(directory))
        let prices = try DatabaseQueue(path: directory.dataDirectory.storeDatabaseURL.path).read { db in
            try String.fetchAll(db, sql: "SELECT price FROM transactions ORDER BY seq")
        }
        #expect(prices == ["0", "1234567.891"])
        #expect(RowReader.amount("4.99") == Decimal(string: "4.99"))
        for text in ["4,99", "4.99x", "", ".5", "1e3", "NaN", "--1"] { #expect(RowReader.amount(text) == nil, "\(text)") }
    }

    @Test(arguments: StorageKind.allCases)
    func aStatusChangedOrGoneIsWrittenSoOthersKeepTheirPlace(kind: StorageKind) throws {
        let directory = TemporaryDirectory()
        let storage = try kind.make(directory)
        try FullRecords.write(into: storage)
        var other = FullRecords.status
        other.groupID = "family"
        var third = FullRecords.status
        third.account = "kid@example.com"
        try storage.update { $0.subscriptions += [other, third] }
        try storage.update {
            $0.subscriptions[0].state = .expired
            $0.subscriptions[0].expirationReason = .autoRenewDisabled
            $0.subscriptions.remove(at: 1)
        }
        var changed = FullRecords.status
        changed.state = .expired
        changed.expirationReason = .autoRenewDisabled
        let reread = kind == .sqlite ? try storeDatabase(directory) : storage
        #expect(try reread.load().subscriptions == [changed, third])
    }

    /// A later price change of a product in a storefront replaces the earlier; one withdrawn is gone.
    @Test(arguments: StorageKind.allCases)
    func aPriceChangeReplacedOrWithdrawnIsWritten(kind: StorageKind) throws {
        let directory = TemporaryDirectory()
        let storage = try kind.make(directory)
        try FullRecords.write(into: storage)
        var raised = FullRecords.priceChanges[0]
        raised.price = Decimal(string: "6.49")!
        raised.consentNeeded = false
        raised.date = FullRecords.start + 3 * 86_400
        try storage.update {
            $0.priceChanges.removeAll { $0.storefront != "JPN" }
            $0.priceChanges.append(raised)
        }
        let reread = kind == .sqlite ? try storeDatabase(directory) : storage
        #expect(try reread.load().priceChanges == [FullRecords.priceChanges[1], raised])
        try storage.update { $0.priceChanges.removeAll { $0.storefront == "JPN" } }
        #expect(try (kind == .sqlite ? try storeDatabase(directory) : storage).load().priceChanges == [raised])
    }

    /// The working set reads every status and the transactions it names, wherever they are in
    /// the history (a plan no longer in the catalog included).
    @Test func theWorkingSetHoldsTheTransactionsEveryStatusNames() throws {
        let directory = TemporaryDirectory()
        let database = try storeDatabase(directory)
        var transactions = FullRecords.transactions
        for i in transactions.indices { transactions[i] = transactions[i].remade(productID: "com.example.retired") }
        var status = FullRecords.status
        status.productID = "com.example.retired"
        try database.update {
            $0.transactions = transactions
            $0.nextTransactionNumber = 1_000_000_003
            $0.subscriptions = [status]
        }
        let records = try storeDatabase(directory).load()
        #expect(records.transactions.map(\.id) == ["1000000001", "1000000002"])
    }

    @Test(arguments: StorageKind.allCases)
    func aChangeThatOnlyAddsEventsCommits(kind: StorageKind) throws {
        let directory = TemporaryDirectory()
        let storage = try kind.make(directory)
        try storage.update { $0.settings.askToBuy = true }
        let token = storage.changeToken()
        try storage.update { $0.newEvents = [FullRecords.event(.autoRenewDisabled)] }
        #expect(storage.changeToken() != token, "a reader watching the token reads the new event")
        let reread = kind == .sqlite ? try storeDatabase(directory) : storage
        #expect(try reread.events(after: 0, limit: nil).map(\.kind) == [.autoRenewDisabled])
        guard kind == .sqlite else { return }
        let none = TemporaryDirectory()
        try storeDatabase(none).update { $0.newEvents = [FullRecords.event(.purchased)] }
        #expect(try storeDatabase(none).events(after: 0, limit: nil).map(\.id) == [1], "the first event makes the store")
    }

    /// Two processes (the storefront and the command line) append to one outbox: numbered in
    /// the order they were stored, whichever wrote.
    @Test func theOutboxIsNumberedInOrderAcrossProcesses() throws {
        let directory = TemporaryDirectory()
        let storefront = try storeDatabase(directory)
        let commandLine = try storeDatabase(directory)
        try storefront.update { $0.newEvents = [FullRecords.event(.subscribed)] }
        try commandLine.update { $0.newEvents = [FullRecords.event(.autoRenewDisabled, at: 1), FullRecords.event(.expired, at: 2)] }
        try storefront.update { $0.newEvents = [FullRecords.event(.subscribed, at: 3)] }
        let events = try storefront.events(after: 0, limit: nil)
        #expect(events.map(\.id) == [1, 2, 3, 4])
        #expect(events.map(\.kind) == [.subscribed, .autoRenewDisabled, .expired, .subscribed])
        #expect(try commandLine.events(after: 2, limit: 1).map(\.kind) == [.expired])
    }

    /// The events are written in the change's own transaction: what another process sees (and a
    /// kill leaves) just before the commit holds neither, just after it both.
    @Test func eventsAreCommittedWithTheirChangeNeverApart() throws {
        let directory = TemporaryDirectory()
        let database = try storeDatabase(directory)
        try database.update { $0.settings.askToBuy = false; $0.settings.network = false }
        let path = directory.dataDirectory.storeDatabaseURL.path
        let seen = Observations()
        let thread = pthread_self()
        CrashPoint.handler = { what in
            // Other tests write meanwhile, on their own threads.
            guard pthread_equal(pthread_self(), thread) != 0 else { return }
            var configuration = Configuration()
            configuration.readonly = true
            let found = try? DatabaseQueue(path: path, configuration: configuration).read { db in
                [try String.fetchOne(db, sql: "SELECT value FROM settings WHERE name = 'askToBuy'") ?? "unset",
                 "\(try Int.fetchOne(db, sql: "SELECT count(*) FROM events") ?? -1) events"]
            }
            seen.add(what(), found ?? ["unreadable"])
        }
        defer { CrashPoint.handler = nil }
        try database.update {
            $0.settings.askToBuy = true
            $0.newEvents = [FullRecords.event(.askToBuyRequested)]
        }
        CrashPoint.handler = nil
        #expect(seen.all == [
            "before a commit to store.sqlite: unset, 0 events",
            "after a commit to store.sqlite: true, 1 events",
        ])
    }

    /// Both storages answer the outbox's query alike, whatever the cursor and the limit.
    @Test func bothStoragesAnswerTheEventsQueryAlike() throws {
        let directory = TemporaryDirectory()
        let storages = try StorageKind.allCases.map { try $0.make(directory) }
        #expect(try storages.map { try $0.lastEventID() } == [0, 0], "none yet")
        for storage in storages {
            try storage.update { $0.newEvents = [FullRecords.event(.subscribed), FullRecords.event(.renewed, at: 1)] }
            try storage.update { $0.settings.askToBuy = true }
            try storage.update { $0.newEvents = [FullRecords.event(.renewalFailed, at: 2)] }
            try storage.update { $0.newEvents = (3...6).map { FullRecords.event(.renewed, at: Double($0)) } }
        }
        for (after, limit) in [(0, nil), (0, 3), (2, 2), (5, 10), (7, nil), (-4, 1), (1, 0), (1, -1)] as [(Int64, Int?)] {
            let answers = try storages.map { try $0.events(after: after, limit: limit) }
            #expect(answers[0] == answers[1], "after \(after), limit \(String(describing: limit))")
            #expect(!answers[0].isEmpty || after >= 7 || limit ?? 1 <= 0)
        }
        #expect(try storages[1].events(after: 0, limit: nil).map(\.id) == Array(1...7))
        #expect(try storages.map { try $0.lastEventID() } == [7, 7], "the cursor of what comes next")
    }

    /// A reset empties the outbox; numbering goes on, so a reader's cursor never skips an event.
    @Test func resetEmptiesTheOutboxAndNumberingGoesOn() throws {
        let directory = TemporaryDirectory()
        let database = try storeDatabase(directory)
        try FullRecords.write(into: database, events: [FullRecords.event(.subscribed), FullRecords.event(.renewed)])
        try database.erase()
        #expect(try database.load() == StoreWorkingSet())
        #expect(try database.events(after: 0, limit: nil).isEmpty)
        try database.update { $0.newEvents = [FullRecords.event(.purchased)] }
        #expect(try database.events(after: 2, limit: nil).map(\.id) == [3])
        #expect(try database.lastEventID() == 3)
    }
}

/// What a write point's observer saw, in order (written from the writing thread).
private final class Observations: @unchecked Sendable {
    private let lock = NSLock()
    private var seen: [String] = []

    func add(_ what: String, _ found: [String]) {
        lock.withLock { seen.append("\(what): \(found.joined(separator: ", "))") }
    }

    var all: [String] { lock.withLock { seen } }
}
