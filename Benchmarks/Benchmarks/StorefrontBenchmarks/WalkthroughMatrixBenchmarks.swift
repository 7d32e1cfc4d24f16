import Benchmark
import Foundation
import StoreKitSim
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
