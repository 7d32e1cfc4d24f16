// The storefront's speed, measured in-process with ordo-one/benchmark.
// Idle CPU needs the real binary in a real terminal: see idle-cpu.sh beside Package.swift.
//
//   cd Benchmarks && swift package benchmark
//   swift package benchmark --filter "Purchase commit.*"
import Benchmark
import Foundation
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
}

/// The terminal size every screen benchmark renders at.
let screenWidth = 100
let screenHeight = 30

// MARK: - (1) Start-up to first frame

/// What `storefront` does before its first `terminal.draw`: load the built-in catalog, open
/// store.json (StoreFile), read UserDefaults.json, start the runtime (the app's launch
/// delivers what is unfinished, the products request runs) and render the first frame.
func startUpToFirstFrame(in directory: DataDirectory) throws -> (runtime: StorefrontRuntime, frame: Buffer) {
    let catalog = try CatalogLoader.defaultCatalog()
    let storeFile = try StoreFile(directory: directory)
    let store = AppStore(catalog: catalog, storage: storeFile)
    let defaults = try UserDefaultsFile(url: directory.userDefaultsURL)
    let runtime = try StorefrontRuntime(store: store, defaults: defaults, width: screenWidth, height: screenHeight)
    return (runtime, render(runtime.state))
}

/// The payment queue keeps its observers and the sample app keeps its queue, so a runtime
/// never goes away by itself; the app has one for its whole life. A benchmark that starts
/// thousands breaks that cycle after each one (outside the measurement): otherwise every
/// iteration leaks the runtime and store.json's lock file descriptor, and the peak resident
/// memory grows with the number of iterations.
func shutDown(_ runtime: StorefrontRuntime) {
    runtime.queue.remove(runtime.app)
}

func startUpBenchmarks() {
    // A first launch: the data directory is empty, so the launch also writes store.json.
    Benchmark("Start-up to first frame (100×30, new data dir)") { benchmark in
        let directory = TemporaryDataDirectory()
        defer { directory.remove() }
        benchmark.startMeasurement()
        let started = try startUpToFirstFrame(in: directory.dataDirectory)
        blackHole(started.frame)
        benchmark.stopMeasurement()
        shutDown(started.runtime)
    }

    // Every later launch: store.json and UserDefaults.json exist (one purchase made).
    let existing = Holder<TemporaryDataDirectory>()
    Benchmark("Start-up to first frame (100×30, existing data dir)") { benchmark in
        benchmark.startMeasurement()
        let started = try startUpToFirstFrame(in: existing.value.dataDirectory)
        blackHole(started.frame)
        benchmark.stopMeasurement()
        shutDown(started.runtime)
    } setup: {
        let directory = TemporaryDataDirectory()
        try makePurchaseFixture(directory: directory.dataDirectory, history: 0).purchase()
        existing.value = directory
    } teardown: {
        existing.take()?.remove()
    }
}

// MARK: - (2) Key press to redrawn frame

/// A runtime on a fresh data directory, as the app shows it at launch.
final class ScreenFixture {
    let directory = TemporaryDataDirectory()
    let runtime: StorefrontRuntime

    init() throws {
        let storeFile = try StoreFile(directory: directory.dataDirectory)
        let store = AppStore(catalog: try CatalogLoader.defaultCatalog(), storage: storeFile, clock: ManualClock())
        let defaults = try UserDefaultsFile(url: directory.dataDirectory.userDefaultsURL)
        runtime = try StorefrontRuntime(store: store, defaults: defaults, width: screenWidth, height: screenHeight)
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
    let fixture = Holder<ScreenFixture>()
    Benchmark("Key press to redrawn frame (↓ cycling the list, 100×30)") { benchmark in
        let screen = fixture.value
        screen.pressDownCycling()
        blackHole(render(screen.runtime.state))
    } setup: {
        fixture.value = try ScreenFixture()
    } teardown: {
        fixture.take()?.directory.remove()
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

/// A payment queue over a real store.json holding `history` finished purchases, the sample
/// app observing it, and a manual clock so the store's latency costs no waiting.
final class PurchaseFixture {
    static let productID = "com.storefront.credits.5"

    let storeFile: StoreFile
    let clock: ManualClock
    let queue: PaymentQueue
    let app: SampleApp
    /// store.json as it was before the first measured purchase.
    let baseline: StoreRecords

    init(directory: DataDirectory, history: Int) throws {
        let catalog = try CatalogLoader.defaultCatalog()
        storeFile = try StoreFile(directory: directory)
        var records = StoreRecords()
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        records.transactions = (0..<history).map { i in
            var t = Transaction(id: String(1_000_000_001 + i), payment: Payment(productID: Self.productID),
                                state: .purchased, date: start + Double(i))
            t.finished = true
            return t
        }
        records.nextTransactionNumber = 1_000_000_001 + history
        try storeFile.overwrite(with: records)
        baseline = records
        clock = ManualClock()
        let store = AppStore(catalog: catalog, storage: storeFile, clock: clock)
        queue = PaymentQueue(store: store)
        app = SampleApp(catalog: catalog, defaults: try UserDefaultsFile(url: directory.userDefaultsURL), queue: queue)
        try app.launch()
    }

    /// One whole purchase: add the payment, confirm the sheet, let the latency pass and tick;
    /// the sample app delivers the credits and finishes the transaction.
    func purchase() throws {
        let added = try queue.add(Payment(productID: Self.productID))
        try queue.confirm(added)
        clock.advance(by: Double(queue.settings.latencyMilliseconds) / 1000 + 0.001)
        try queue.tick()
        guard let done = queue.records.transactions.last, done.id == added.id, done.state == .purchased, done.finished else {
            throw BenchmarkFailure("the purchase did not complete: \(String(describing: queue.records.transactions.last))")
        }
    }

    /// Puts the history back to its size before the purchase, so every iteration commits
    /// into the same history.
    func reset() throws {
        try storeFile.overwrite(with: baseline)
    }
}

func makePurchaseFixture(directory: DataDirectory, history: Int) throws -> PurchaseFixture {
    try PurchaseFixture(directory: directory, history: history)
}

struct BenchmarkFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

func purchaseCommitBenchmarks() {
    for (history, iterations) in [(100, 200), (1_000, 60), (10_000, 15)] {
        let directory = Holder<TemporaryDataDirectory>()
        let fixture = Holder<PurchaseFixture>()
        Benchmark(
            "Purchase commit (history of \(history) transactions)",
            configuration: .init(
                // macOS counts all syscalls and write syscalls; Linux read and write syscalls and
                // bytes written. A metric the platform cannot measure is left out of the results.
                metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .syscalls, .readSyscalls, .writeSyscalls, .writeBytesLogical],
                maxDuration: .seconds(10),
                maxIterations: iterations
            )
        ) { benchmark in
            let purchase = fixture.value
            benchmark.startMeasurement()
            try purchase.purchase()
            benchmark.stopMeasurement()
            try purchase.reset()
        } setup: {
            let temporary = TemporaryDataDirectory()
            directory.value = temporary
            fixture.value = try makePurchaseFixture(directory: temporary.dataDirectory, history: history)
        } teardown: {
            fixture.take()
            directory.take()?.remove()
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

/// A data directory of its own under the temporary directory.
final class TemporaryDataDirectory {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("storefront-bench-\(getpid())-\(UUID().uuidString)")
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
