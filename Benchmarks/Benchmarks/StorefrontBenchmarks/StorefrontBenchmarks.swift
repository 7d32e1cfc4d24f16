// The storefront's speed, measured in-process with ordo-one/benchmark.
// Idle CPU, start-up CPU against a floor and the command line's wall time need the real
// binary: see idle-cpu.sh, startup-cpu.sh and cli-wall.sh beside Package.swift.
//
//   cd Benchmarks && swift package benchmark
//   swift package benchmark --filter "Purchase commit.*"
import Benchmark
import CatalogFiles
import DataFiles
import Foundation
import GRDB
import SampleApp
import AppStoreCore
import AppStorePersistence
import StoreKitSim
import StorefrontUI

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident],
        maxDuration: .seconds(2),
        maxIterations: 10_000
    )

    startUpBenchmarks()
    keyPressBenchmarks()
    cellsChangedBenchmarks()
    purchaseCommitBenchmarks()
    catalogBenchmarks()
    walkthroughMatrixBenchmarks()
    walkthroughStepBenchmarks()
    subscriptionBenchmarks()
    transactionManagerBenchmarks()
}

/// The terminal size every screen benchmark renders at.
let screenWidth = 100
let screenHeight = 30

// MARK: - (1) Start-up to first frame

/// What `storefront` does before its first `terminal.draw`, as `Session` and `StorefrontApp`
/// do it: load the built-in catalog, open store.sqlite (StoreDatabase) and read its working
/// set, read UserDefaults.json, start the runtime (the earlier history for the log pane, the
/// app's launch, the products request) and render the first frame.
func startUpToFirstFrame(in directory: DataDirectory) throws -> (runtime: StorefrontRuntime, frame: Buffer) {
    let catalog = try CatalogLoader.defaultCatalog()
    let database = try StoreDatabase(directory: directory, productIDs: catalog.products.map(\.id))
    let store = AppStore(catalog: catalog, storage: database)
    blackHole(try database.load())  // Session refuses an unusable store before anything else
    let defaults = try UserDefaultsFile(url: directory.userDefaultsURL)
    let runtime = try StorefrontRuntime(store: store, appDescription: .builtIn, defaults: defaults, width: screenWidth, height: screenHeight)
    return (runtime, render(runtime.state))
}

func startUpBenchmarks() {
    // A first launch: the data directory is empty. Nothing is written: store.sqlite is made
    // by the first change, not by looking.
    Benchmark("Start-up to first frame (100×30, new data dir)") { benchmark in
        let directory = TemporaryDataDirectory()
        defer { directory.remove() }
        benchmark.startMeasurement()
        let started = try startUpToFirstFrame(in: directory.dataDirectory)
        blackHole(started.frame)
        benchmark.stopMeasurement()
    }

    // Every later launch: store.sqlite and UserDefaults.json exist (one purchase made, over
    // no earlier history or over 100 000 finished transactions).
    for history in [0, 100_000] {
        let existing = Holder<TemporaryDataDirectory>()
        let label = history == 0 ? "one purchase" : "history of \(thousands(history)) transactions"
        Benchmark("Start-up to first frame (100×30, existing data dir, \(label))") { benchmark in
            benchmark.startMeasurement()
            let started = try startUpToFirstFrame(in: existing.value.dataDirectory)
            blackHole(started.frame)
            benchmark.stopMeasurement()
        } setup: {
            let directory = try TemporaryDataDirectory(history: history)
            let purchase = try PurchaseFixture(directory: directory.dataDirectory)
            try purchase.purchase()
            existing.value = directory
        } teardown: {
            existing.take()?.remove()
        }
    }
}

// MARK: - (2) Key press to redrawn frame

/// A runtime over a data directory holding `history` finished transactions, as the app shows
/// it at launch.
final class ScreenFixture {
    let directory: TemporaryDataDirectory
    let runtime: StorefrontRuntime

    init(history: Int = 0) throws {
        directory = try TemporaryDataDirectory(history: history)
        let catalog = try CatalogLoader.defaultCatalog()
        let database = try StoreDatabase(directory: directory.dataDirectory, productIDs: catalog.products.map(\.id))
        let store = AppStore(catalog: catalog, storage: database, wallClock: ManualClock())
        let defaults = try UserDefaultsFile(url: directory.dataDirectory.userDefaultsURL)
        runtime = try StorefrontRuntime(store: store, appDescription: .builtIn, defaults: defaults, width: screenWidth, height: screenHeight)
    }

    /// ↓, or Home once the selection is on the last row: the list cycles.
    func pressDownCycling() {
        let before = runtime.state.selection
        runtime.send(.down)
        if runtime.state.selection == before { runtime.send(.home) }
    }

    /// Moves the selection to the row for `productID`.
    func select(product productID: String) {
        runtime.send(.home)
        while runtime.state.selectedRow != .product(productID) {
            let before = runtime.state.selection
            runtime.send(.down)
            precondition(runtime.state.selection != before, "no row for \(productID)")
        }
    }
}

func keyPressBenchmarks() {
    // The app's loop after a key: the runtime handles it, ticks (changes made elsewhere
    // picked up: the store's data_version, UserDefaults.json's stat) and the frame is rendered.
    for history in [0, 1_000, 100_000] {
        let fixture = Holder<ScreenFixture>()
        Benchmark("Key press to redrawn frame (↓ cycling the list, 100×30, history of \(thousands(history)))") { benchmark in
            let screen = fixture.value
            screen.pressDownCycling()
            screen.runtime.tick()
            blackHole(render(screen.runtime.state))
        } setup: {
            fixture.value = try ScreenFixture(history: history)
        } teardown: {
            fixture.take()?.directory.remove()
        }
    }
}

// MARK: - (3) Cells changed per key press

/// ncurses sends only the cells that differ from what is on the screen, so the cells that
/// differ between two consecutive frames stand in for the bytes written per key press.
enum FrameDiff {
    static let cells = BenchmarkMetric.custom("cells changed / key", polarity: .prefersSmaller, useScalingFactor: false)
    static let rows = BenchmarkMetric.custom("rows changed / key", polarity: .prefersSmaller, useScalingFactor: false)
    static let cellsOpen = BenchmarkMetric.custom("cells changed: open", polarity: .prefersSmaller, useScalingFactor: false)
    static let cellsClose = BenchmarkMetric.custom("cells changed: close", polarity: .prefersSmaller, useScalingFactor: false)

    static func changed(_ a: Buffer, _ b: Buffer) -> (cells: Int, rows: Int) {
        precondition(a.width == b.width && a.height == b.height)
        var cells = 0
        var rows = 0
        for y in 0..<a.height {
            var rowChanged = false
            for x in 0..<a.width where a[x, y] != b[x, y] {
                cells += 1
                rowChanged = true
            }
            if rowChanged { rows += 1 }
        }
        return (cells, rows)
    }
}

func cellsChangedBenchmarks() {
    let listFixture = Holder<ScreenFixture>()
    // One sample per ↓ from the first row to the last (the list scrolls if it must).
    Benchmark(
        "Cells changed per key press (↓ through the list, 100×30)",
        configuration: .init(metrics: [FrameDiff.cells, FrameDiff.rows], warmupIterations: 0, maxIterations: 20)
    ) { benchmark in
        let screen = listFixture.value
        screen.runtime.send(.home)
        var frame = render(screen.runtime.state)
        while true {
            let before = screen.runtime.state.selection
            screen.runtime.send(.down)
            if screen.runtime.state.selection == before { break }
            let next = render(screen.runtime.state)
            let diff = FrameDiff.changed(frame, next)
            benchmark.measurement(FrameDiff.cells, diff.cells)
            benchmark.measurement(FrameDiff.rows, diff.rows)
            frame = next
        }
    } setup: {
        listFixture.value = try ScreenFixture()
    } teardown: {
        listFixture.take()?.directory.remove()
    }

    // Dialogs: the frame before the key that opens one, with it open, and after it closes.
    let dialogs: [(name: String, prepare: (ScreenFixture) -> Void, open: Key, close: Key)] = [
        ("purchase sheet: Enter on a credit pack, Esc cancels", { $0.select(product: "com.storefront.credits.5") }, .enter, .escape),
        ("help overlay: ?, Esc", { $0.runtime.send(.home) }, .char("?"), .escape),
        ("Delete App Data alert: D, Esc", { $0.runtime.send(.home) }, .char("D"), .escape),
        ("settings panel: s, Esc", { $0.runtime.send(.home) }, .char("s"), .escape),
    ]
    for dialog in dialogs {
        let fixture = Holder<ScreenFixture>()
        Benchmark(
            "Cells changed per key press (\(dialog.name), 100×30)",
            configuration: .init(metrics: [FrameDiff.cellsOpen, FrameDiff.cellsClose], warmupIterations: 0, maxIterations: 20)
        ) { benchmark in
            let screen = fixture.value
            dialog.prepare(screen)
            let before = render(screen.runtime.state)
            screen.runtime.send(dialog.open)
            let open = render(screen.runtime.state)
            screen.runtime.send(dialog.close)
            let after = render(screen.runtime.state)
            guard open != before, case .store = screen.runtime.state.mode else {
                benchmark.error("\(dialog.name): the dialog did not open and close (mode \(screen.runtime.state.mode))")
                return
            }
            benchmark.measurement(FrameDiff.cellsOpen, FrameDiff.changed(before, open).cells)
            benchmark.measurement(FrameDiff.cellsClose, FrameDiff.changed(open, after).cells)
        } setup: {
            fixture.value = try ScreenFixture()
        } teardown: {
            fixture.take()?.directory.remove()
        }
    }
}

// MARK: - (4) Purchase commit time as the history grows

/// A payment queue over a real store.sqlite, the sample app taking its events, and a manual clock
/// so the store's latency costs no waiting.
final class PurchaseFixture {
    static let productID = "com.storefront.credits.5"

    let database: StoreDatabase
    let clock: ManualClock
    let queue: PaymentQueue
    let app: SampleApp

    init(directory: DataDirectory) throws {
        let catalog = try CatalogLoader.defaultCatalog()
        database = try StoreDatabase(directory: directory, productIDs: catalog.products.map(\.id))
        clock = ManualClock()
        let store = AppStore(catalog: catalog, storage: database, wallClock: clock)
        queue = PaymentQueue(store: store)
        app = SampleApp(catalog: catalog, appDescription: .builtIn, defaults: try UserDefaultsFile(url: directory.userDefaultsURL), queue: queue)
        _ = try app.launch()
    }

    /// One whole purchase: add the payment, confirm the sheet, let the latency pass and tick;
    /// the sample app delivers the credits into UserDefaults.json and finishes the transaction.
    @discardableResult
    func purchase() throws -> Transaction {
        let (added, events) = try queue.add(Payment(productID: Self.productID))
        app.receive(events)
        app.receive(try queue.confirm(added))
        clock.advance(by: Double(queue.settings.latencyMilliseconds) / 1000 + 0.001)
        app.receive(try queue.tick())
        guard let done = queue.records.transactions.first(where: { $0.id == added.id }),
              done.queueState.state == .purchased, done.queueState.finished else {
            throw BenchmarkFailure("the purchase \(added.id) did not complete")
        }
        return done
    }
}

struct BenchmarkFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// The histories commits are measured over, and how many iterations each runs. A run appends
/// one transaction per iteration, as real use does: over 10 000 and 100 000 that growth is
/// 1 % at most; over 0 and 1 000 it would not be negligible, so those two put the history
/// back after each iteration (outside the measurement).
let commitHistories: [(history: Int, iterations: Int, putsBack: Bool)] = [
    (0, 300, true), (1_000, 300, true), (10_000, 100, false), (100_000, 1_000, false),
]

/// macOS counts all syscalls and write syscalls; Linux read and write syscalls and bytes
/// written. A metric the platform cannot measure is left out of the results.
func commitConfiguration(iterations: Int) -> Benchmark.Configuration {
    .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .syscalls, .readSyscalls, .writeSyscalls, .writeBytesLogical],
        warmupIterations: 3,
        maxDuration: .seconds(30),
        maxIterations: iterations
    )
}

/// Fails a run whose history grew by more than 1 % (only runs that do not put it back).
func checkGrowth(_ database: StoreDatabase, from history: Int, putsBack: Bool) throws {
    let count = try database.transactionCount()
    if !putsBack, Double(count - history) > Double(max(history, 1)) * 0.011 {
        throw BenchmarkFailure("the history grew from \(history) to \(count): more than 1 %")
    }
}

func purchaseCommitBenchmarks() {
    for (history, iterations, putsBack) in commitHistories {
        let directory = Holder<TemporaryDataDirectory>()
        let fixture = Holder<PurchaseFixture>()
        Benchmark(
            "Purchase commit (history of \(thousands(history)) transactions)",
            configuration: commitConfiguration(iterations: iterations)
        ) { benchmark in
            let purchase = fixture.value
            benchmark.startMeasurement()
            try purchase.purchase()
            benchmark.stopMeasurement()
            if putsBack {
                try HistoryFill.truncate(directory.value.dataDirectory, to: history)
                purchase.app.receive(try purchase.queue.refresh())  // the queue re-reads the store it was told changed
            }
        } setup: {
            let temporary = try TemporaryDataDirectory(history: history)
            directory.value = temporary
            fixture.value = try PurchaseFixture(directory: temporary.dataDirectory)
        } teardown: {
            if let purchase = fixture.take(), let directory = directory.take() {
                try checkGrowth(purchase.database, from: history, putsBack: putsBack)
                directory.remove()
            }
        }
    }

    // One commit of the engine alone: a StoreDatabase.update that reads the working set and
    // appends one finished transaction (a purchase makes four such commits: add, confirm,
    // the store's answer, finish).
    for (history, iterations, putsBack) in commitHistories {
        let directory = Holder<TemporaryDataDirectory>()
        let database = Holder<StoreDatabase>()
        Benchmark(
            "Store commit (one StoreDatabase.update appending a transaction, history of \(thousands(history)))",
            configuration: commitConfiguration(iterations: iterations)
        ) { benchmark in
            let store = database.value
            benchmark.startMeasurement()
            try store.update { records in
                var t = Transaction(id: String(records.nextTransactionNumber), payment: Payment(productID: PurchaseFixture.productID),
                                    state: .purchased, date: Date())
                t.queueState.finished = true
                records.transactions.append(t)
                records.nextTransactionNumber += 1
            }
            benchmark.stopMeasurement()
            if putsBack { try HistoryFill.truncate(directory.value.dataDirectory, to: history) }
        } setup: {
            let temporary = try TemporaryDataDirectory(history: history)
            directory.value = temporary
            let productIDs = try CatalogLoader.defaultCatalog().products.map(\.id)
            database.value = try StoreDatabase(directory: temporary.dataDirectory, productIDs: productIDs)
        } teardown: {
            if let store = database.take(), let directory = directory.take() {
                try checkGrowth(store, from: history, putsBack: putsBack)
                directory.remove()
            }
        }
    }
}

// MARK: - (5) Catalog decode

func catalogBenchmarks() {
    Benchmark("Catalog decode (default catalog, decode + validate)") { _ in
        blackHole(try CatalogLoader.defaultCatalog())
    }
}

// MARK: - Support

/// 100000 → "100 000".
func thousands(_ n: Int) -> String {
    var digits = Array(String(n))
    var i = digits.count - 3
    while i > 0 {
        digits.insert(" ", at: i)
        i -= 3
    }
    return String(digits)
}

/// store.sqlite files holding a history of finished purchases, made once and kept in the
/// temporary directory between runs (a 100 000-transaction store takes seconds to make).
enum HistoryFill {
    /// Bump when what `fill` writes changes, so an old cached file is not used.
    static let version = 2
    static let productID = PurchaseFixture.productID
    static var cache: URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("storefront-bench-history-v\(version)")
    }

    /// A store.sqlite holding `history` finished purchases of a consumable (and the store's
    /// latency set to 0, as `storefront set latency 0` would: so there is a store.sqlite even
    /// for a history of 0), made (or checked) in the cache and returned by path.
    static func cachedDatabase(history: Int) throws -> URL {
        let directory = DataDirectory(url: cache.appendingPathComponent("history-\(history)"))
        let url = directory.storeDatabaseURL
        let productIDs = try CatalogLoader.defaultCatalog().products.map(\.id)
        if FileManager.default.fileExists(atPath: url.path),
           (try? StoreDatabase(directory: directory, productIDs: productIDs).transactionCount()) == history {
            return url
        }
        try? FileManager.default.removeItem(at: directory.url)
        try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
        try fill(directory, productIDs: productIDs, history: history)
        return url
    }

    /// One StoreDatabase update appending `history` finished purchases, as a storefront that
    /// made them one by one would have left them (ids in order, a second apart), with the
    /// latency set to 0.
    static func fill(_ directory: DataDirectory, productIDs: [String], history: Int) throws {
        do {
            let database = try StoreDatabase(directory: directory, productIDs: productIDs)
            try database.update { records in
                records.settings.latencyMilliseconds = 0
                let start = Date(timeIntervalSince1970: 1_700_000_000)
                for i in 0..<history {
                    var t = Transaction(id: String(records.nextTransactionNumber), payment: Payment(productID: productID),
                                        state: .purchased, date: start + Double(i))
                    t.queueState.finished = true
                    records.transactions.append(t)
                    records.nextTransactionNumber += 1
                }
            }
            guard try database.transactionCount() == history else { throw BenchmarkFailure("filling the history failed") }
        }
        // The connection is closed (the write-ahead log checkpointed into the file): check.
        let wal = directory.storeDatabaseURL.path + "-wal"
        if let size = try? FileManager.default.attributesOfItem(atPath: wal)[.size] as? Int, size > 0 {
            let queue = try DatabaseQueue(path: directory.storeDatabaseURL.path)
            try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
        }
    }

    /// Puts a store's history back to its first `history` transactions (another connection,
    /// as another process would: the store sees it at its next read).
    static func truncate(_ directory: DataDirectory, to history: Int) throws {
        let url = directory.storeDatabaseURL
        guard FileManager.default.fileExists(atPath: url.path) else { return }
        let queue = try DatabaseQueue(path: url.path)
        try queue.write { db in
            try db.execute(sql: "DELETE FROM transactions WHERE seq > ?", arguments: [history])
            try db.execute(sql: "UPDATE store SET nextTransactionNumber = ? WHERE id = 1",
                           arguments: [StoreWorkingSet.firstTransactionNumber + history])
        }
    }
}

/// A data directory of its own under the temporary directory.
final class TemporaryDataDirectory {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("storefront-bench-\(getpid())-\(UUID().uuidString)")
    }

    /// One whose store.sqlite holds `history` finished transactions, latency 0.
    convenience init(history: Int) throws {
        self.init()
        let source = try HistoryFill.cachedDatabase(history: history)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: source, to: dataDirectory.storeDatabaseURL)
    }

    var dataDirectory: DataDirectory { DataDirectory(url: url) }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

/// State a benchmark's setup makes and its closure and teardown use.
final class Holder<Value> {
    private var stored: Value?

    var value: Value {
        get {
            guard let stored else { fatalError("setup did not run") }
            return stored
        }
        set { stored = newValue }
    }

    @discardableResult
    func take() -> Value? {
        defer { stored = nil }
        return stored
    }
}
