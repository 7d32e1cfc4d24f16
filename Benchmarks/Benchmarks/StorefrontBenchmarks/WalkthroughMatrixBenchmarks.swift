import Benchmark
import CatalogFiles
import Foundation
import AppStoreCore
import Walkthroughs

// MARK: - (6) Walkthrough matrix

/// Benchmarks/walkthroughs/eight-conditions.walk: buying 10 Monkey Credits under 1 024
/// combinations of eight store conditions.
let eightConditionsWalkthrough = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("walkthroughs/eight-conditions.walk")

func walkthroughMatrixBenchmarks() {
    // What `storefront test --matrix` does once the file is read: every combination on a fresh
    // scratch store, side by side, into the table (each run must pass, or the figure is of
    // something else).
    Benchmark(
        "Walkthrough matrix (1 024 combinations of eight conditions)",
        configuration: .init(metrics: [.wallClock, .cpuTotal, .peakMemoryResident], warmupIterations: 1,
                             maxDuration: .seconds(60), maxIterations: 5)
    ) { benchmark in
        let catalog = try CatalogLoader.defaultCatalog()
        let text = try String(contentsOf: eightConditionsWalkthrough, encoding: .utf8)
        let walkthrough = try WalkthroughParser(catalog: catalog).parse(text, file: "eight-conditions.walk")
        benchmark.startMeasurement()
        let table = WalkthroughRunner(catalog: catalog).runMatrix(walkthrough)
        benchmark.stopMeasurement()
        guard table.rows.count == 1_024, table.rows.allSatisfy(\.result.passed) else {
            throw BenchmarkFailure("the matrix did not pass: \(table.rows.filter { !$0.result.passed }.count) failed")
        }
    }
}

// MARK: - (6b) Walkthrough steps over a long walkthrough

/// A walkthrough of `purchases` times the same purchase of a credit pack, four steps each:
/// open the row, Buy, OK, expect the balance. The app keeps each pack unconsumed, so its list
/// in UserDefaults.json grows by one a purchase.
func repeatedPurchaseWalkthrough(purchases: Int) -> String {
    var lines = ["# \(purchases) purchases of 5 Monkey Credits, one after another"]
    for n in 1...purchases {
        lines += ["open \"5 Monkey Credits\"", "press \"Buy\"", "press \"OK\"", "expect credits \(n * 5)"]
    }
    return lines.joined(separator: "\n") + "\n"
}

enum WalkthroughStepMetrics {
    static let stepsPerSecond = BenchmarkMetric.custom("steps / s", polarity: .prefersLarger, useScalingFactor: false)
}

func walkthroughStepBenchmarks() {
    // What `storefront test FILE.walk` does once the file is read, for a long walkthrough: the
    // steps per second should not fall as the walkthrough goes on (each purchase costs what
    // the first did), so the three figures should be the same.
    for purchases in [50, 200, 1_000] {
        Benchmark(
            "Walkthrough steps (\(thousands(purchases)) purchases of a credit pack, 4 steps each)",
            configuration: .init(metrics: [.wallClock, .cpuTotal, .peakMemoryResident, WalkthroughStepMetrics.stepsPerSecond],
                                 warmupIterations: 1, maxDuration: .seconds(30), maxIterations: purchases >= 1_000 ? 3 : 10)
        ) { benchmark in
            let catalog = try CatalogLoader.defaultCatalog()
            let walkthrough = try WalkthroughParser(catalog: catalog)
                .parse(repeatedPurchaseWalkthrough(purchases: purchases), file: "repeated-purchase.walk")
            let start = ContinuousClock.now
            benchmark.startMeasurement()
            let result = WalkthroughRunner(catalog: catalog).run(walkthrough)
            benchmark.stopMeasurement()
            let elapsed = ContinuousClock.now - start
            guard result.passed, result.stepsRun == 4 * purchases else {
                throw BenchmarkFailure("the walkthrough did not pass: \(result.failures.first.map { "\($0)" } ?? "")")
            }
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            benchmark.measurement(WalkthroughStepMetrics.stepsPerSecond, Int((Double(result.stepsRun) / seconds).rounded()))
        }
    }
}
