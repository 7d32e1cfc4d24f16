@testable import CatalogFiles
import DataFiles
import Foundation
import SampleApp
import Testing
@testable import AppStoreCore
@testable import AppStorePersistence
@testable import StoreKitSim

/// The default catalog's product identifiers.
enum ID {
    static let premium = "com.storefront.premium"
    static let credits5 = "com.storefront.credits.5"
    static let credits10 = "com.storefront.credits.10"
    static let monthly = "com.storefront.pro.monthly"
    /// The other plans of the monthly's group: the same level a year (crossgrade at the next
    /// renewal), the same level and period for less (crossgrade at once), the level below
    /// (downgrade; upgrade from it).
    static let proYearly = "com.storefront.pro.yearly"
    static let proStudent = "com.storefront.pro.student"
    static let liteMonthly = "com.storefront.lite.monthly"
    /// The non-renewing pass.
    static let yearly = "com.storefront.pass.yearly"
    /// Asked for by the app, unknown to the store.
    static let credits50 = "com.storefront.credits.50"
    static let retiredTheme = "com.storefront.theme.retired"
}

/// A fresh directory under the system's temporary directory, removed when this goes away.
final class TemporaryDirectory {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("storekitsim-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    var dataDirectory: DataDirectory { DataDirectory(url: url) }

    func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// The names in the directory, hidden ones included.
    func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }
}

/// One launch of the sample app: a store, its payment queue and the app observing it, over
/// `storage` and the UserDefaults.json in `directory`. The clock is manual, so every latency
/// is crossed by advancing it and ticking the queue: tests are instant and deterministic.
final class Harness {
    let clock: ManualClock
    let storage: any RecordsStorage
    let store: AppStore
    /// The queue as the app uses it: every call's events go to the app.
    let queue: AppQueue
    let app: SampleApp
    let directory: TemporaryDirectory

    /// The purchase latency every harness uses, in seconds.
    static let latency: TimeInterval = 1

    /// `settings` is applied to the store before the app launches.
    init(storage: (any RecordsStorage)? = nil, directory: TemporaryDirectory = TemporaryDirectory(),
         clock: ManualClock = ManualClock(), catalog: Catalog? = nil, appDescription: AppDescription = .builtIn,
         launch: Bool = true, settings: (inout Settings) -> Void = { _ in }) throws {
        self.clock = clock
        self.directory = directory
        self.storage = storage ?? InMemoryStorage()
        store = AppStore(catalog: try catalog ?? CatalogLoader.defaultCatalog(), storage: self.storage, wallClock: clock)
        try store.updateSettings {
            $0.latencyMilliseconds = Int(Self.latency * 1000)
            settings(&$0)
        }
        let queue = PaymentQueue(store: store)
        let defaults = try UserDefaultsFile(url: directory.file("UserDefaults.json"))
        app = SampleApp(catalog: store.catalog, appDescription: appDescription, defaults: defaults, queue: queue)
        self.queue = AppQueue(app: app)
        if launch { _ = try app.launch() }
    }

    /// Over store.sqlite in a temporary directory (UserDefaults.json beside it), as the binary runs.
    static func onDisk(_ directory: TemporaryDirectory = TemporaryDirectory(), clock: ManualClock = ManualClock(),
                       settings: (inout Settings) -> Void = { _ in }) throws -> Harness {
        try Harness(storage: try storeDatabase(directory), directory: directory, clock: clock, settings: settings)
    }

    /// The app launched again over the same store records and UserDefaults.json: a new queue,
    /// a new app, a new UserDefaults read from disk. On disk, a new connection too (a restart).
    func relaunched() throws -> Harness {
        let next: any RecordsStorage = storage is StoreDatabase ? try storeDatabase(directory) : storage
        return try Harness(storage: next, directory: directory, clock: clock)
    }

    func set(_ change: (inout Settings) -> Void) throws {
        try store.updateSettings(change)
    }

    /// Adds a payment, taps Buy on the sheet and lets the store answer. Returns the
    /// transaction as the store holds it afterwards; a plan-change request, which the store
    /// answers with no transaction (`planChange(answering:)`), as it was added, or as the app
    /// last heard of it (a failure it finished).
    @discardableResult
    func buy(_ id: String, quantity: Int = 1) throws -> Transaction {
        let started = try queue.add(Payment(productID: id, quantity: quantity))
        if started.queueState.state == .purchasing { try queue.confirm(started) }
        clock.advance(by: Self.latency)
        try queue.tick()
        if started.isPlanChangeRequest, try storage.transaction(started.id) == nil {
            return updates.last(where: { $0.id == started.id }) ?? started
        }
        return try transaction(started.id)
    }

    /// The store's answers to plan-change requests the app heard, in order.
    var planChanges: [ScheduledPlanChange] {
        app.events.compactMap { if case .planChanged(let change) = $0 { change } else { nil } }
    }

    /// The store's answer to the plan-change request `id`, as the app heard it.
    func planChange(answering id: String) -> ScheduledPlanChange? {
        planChanges.last { $0.requestID == id }
    }

    /// Starts a restore and lets the store answer.
    func restore() throws {
        try queue.restoreCompletedTransactions()
        clock.advance(by: Self.latency)
        try queue.tick()
    }

    /// The transaction as the store holds it now.
    func transaction(_ id: String) throws -> Transaction {
        guard let t = try storage.transaction(id) else {
            throw TestFailure("no transaction \(id) in the store")
        }
        return t
    }

    var records: StoreWorkingSet { get throws { try storage.load() } }

    /// The transactions the app was told about, with the state each was in then.
    var updates: [Transaction] {
        app.events.compactMap { if case .updated(let t, _, _) = $0 { t } else { nil } }
    }

    /// The states the app saw for one transaction, in order.
    func states(of id: String) -> [TransactionState] {
        updates.filter { $0.id == id }.map(\.queueState.state)
    }

    /// What the app delivered, in order.
    var deliveries: [Delivery] {
        app.events.compactMap { if case .delivered(_, let d) = $0 { d } else { nil } }
    }

    /// The transactions the app refused to deliver, by id, and why.
    var notDelivered: [String: StoreError] {
        Dictionary(app.events.compactMap { if case .notDelivered(let t, let error) = $0 { (t.id, error) } else { nil } },
                   uniquingKeysWith: { $1 })
    }

    /// The transactions the app finished, by id.
    var finishedIDs: [String] {
        app.events.compactMap { if case .finished(let t) = $0 { t.id } else { nil } }
    }
}

/// The payment queue as the sample app calls it: what each call causes is handed to the app
/// (as the storefront and the command line do), and the call answers as a test reads it.
final class AppQueue {
    let app: SampleApp
    var raw: PaymentQueue { app.queue }

    init(app: SampleApp) { self.app = app }

    /// Adds a payment through the app, its refusals first (one purchase or restore at a time).
    func add(_ payment: Payment) throws -> Transaction { try app.add(payment).0 }
    func confirm(_ t: Transaction) throws { app.receive(try raw.confirm(t)) }
    func cancel(_ t: Transaction) throws { app.receive(try raw.cancel(t)) }
    func confirmWithSideButton() throws { app.receive(try raw.confirmWithSideButton()) }
    func cancelSideButtonConfirmation() throws { app.receive(try raw.cancelSideButtonConfirmation()) }
    func finishTransaction(_ t: Transaction) throws { app.receive(try raw.finishTransaction(t)) }
    func restoreCompletedTransactions() throws { _ = try app.restore() }
    func approve(transactionID id: String) throws { app.receive(try raw.approve(transactionID: id)) }
    func decline(transactionID id: String) throws { app.receive(try raw.decline(transactionID: id)) }
    @discardableResult
    func resolve(transactionID id: String) throws -> Transaction {
        let (t, events) = try raw.resolve(transactionID: id)
        app.receive(events)
        return t
    }
    func tick() throws { app.receive(try raw.tick()) }
    func refresh() throws { app.receive(try raw.refresh()) }
    /// The transactions store time moving on made or changed.
    @discardableResult
    func advance(by duration: StoreDuration) throws -> [Transaction] {
        let advance = try raw.advance(by: duration)
        app.receive(advance.events)
        return advance.changes
    }

    var transactions: [Transaction] { raw.transactions }
    var records: StoreWorkingSet { raw.records }
    var settings: Settings { raw.settings }
    var nextDueDate: Date? { raw.nextDueDate }
    var now: Date { raw.now }
    var awaitingSideButton: PaymentQueue.SideButtonRequest? { raw.awaitingSideButton }
    func realInterval(until date: Date) -> TimeInterval { raw.realInterval(until: date) }
    func canMakePayments() throws -> Bool { try raw.canMakePayments() }

    /// Whether the app heard of `t` as redelivered at launch.
    func wasRedelivered(_ t: Transaction) -> Bool {
        app.events.contains { if case .updated(let seen, true, _) = $0 { seen.id == t.id } else { false } }
    }
}

/// The two storages of the store's records, which implement one contract: store tests run
/// over both (`@Test(arguments: StorageKind.allCases)`).
enum StorageKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case inMemory, sqlite

    var testDescription: String { rawValue }

    /// A new, empty storage; store.sqlite in `directory`, as the binary opens it for `catalog`
    /// (the default catalog when nil).
    func make(_ directory: TemporaryDirectory, catalog: Catalog? = nil) throws -> any RecordsStorage {
        switch self {
        case .inMemory:
            InMemoryStorage()
        case .sqlite:
            try StoreDatabase(directory: directory.dataDirectory,
                              productIDs: try (catalog ?? CatalogLoader.defaultCatalog()).products.map(\.id))
        }
    }
}

extension Harness {
    /// A harness over a new storage of `kind` (store.sqlite in `directory`).
    convenience init(_ kind: StorageKind, directory: TemporaryDirectory = TemporaryDirectory(), clock: ManualClock = ManualClock(),
                     catalog: Catalog? = nil, settings: (inout Settings) -> Void = { _ in }) throws {
        try self.init(storage: try kind.make(directory, catalog: catalog), directory: directory, clock: clock, catalog: catalog,
                      settings: settings)
    }
}

/// store.sqlite in `directory`, opened as the binary opens it for the default catalog.
func storeDatabase(_ directory: TemporaryDirectory) throws -> StoreDatabase {
    try StoreDatabase(directory: directory.dataDirectory, productIDs: try CatalogLoader.defaultCatalog().products.map(\.id))
}

struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// The default catalog as a JSON object, to be broken in one place by a test.
func defaultCatalogJSON(_ edit: (inout [String: Any]) throws -> Void) throws -> Data {
    var object = try #require(try JSONSerialization.jsonObject(with: Data(DefaultCatalog.json.utf8)) as? [String: Any])
    try edit(&object)
    return try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
}

/// Edits one product of a catalog JSON object.
func editProduct(_ index: Int, in object: inout [String: Any], _ edit: (inout [String: Any]) -> Void) throws {
    var products = try #require(object["products"] as? [[String: Any]])
    edit(&products[index])
    object["products"] = products
}

