import CatalogFiles
import Foundation
import AppStoreCore
import Testing
import Walkthroughs

/// The matrix the benchmarks time (Benchmarks/walkthroughs/eight-conditions.walk) stays a
/// valid walkthrough of 1,024 combinations of eight conditions as storefront changes.
@Suite struct BenchmarkWalkthroughTests {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Benchmarks/walkthroughs/eight-conditions.walk")

    @Test func itIsAMatrixOf1024CombinationsOfEightConditionsThatPasses() throws {
        let catalog = try CatalogLoader.defaultCatalog()
        let walkthrough = try WalkthroughParser(catalog: catalog)
            .parse(try String(contentsOf: Self.file, encoding: .utf8), file: "eight-conditions.walk")
        #expect(walkthrough.variations.count == 8)
        #expect(walkthrough.combinations.count == 1_024)
        #expect(walkthrough.matrixTooLarge == nil)
        // Its first combination (the purchase that goes through); the benchmark checks them all.
        let result = WalkthroughRunner(catalog: catalog).run(walkthrough)
        #expect(result.passed, "\(result.failures.map { $0.summary(file: "eight-conditions.walk") })")
    }
}
