import CatalogFiles
import Foundation
import SampleApp
import AppStorePersistence
import Testing
@testable import Walkthroughs

/// Every step of every shipped walkthrough leaves a data directory `storefront doctor` passes:
/// no step of the storefront's makes a store its own check refuses.
@Suite struct WalkthroughDoctorTests {
    let catalog = try! CatalogLoader.defaultCatalog()

    /// What doctor finds wrong with the storefront's data directory, nil when nothing.
    static func doctor(_ storefront: HeadlessStorefront) -> String? {
        do {
            let rules = UserDefaultsRules(catalog: storefront.store.catalog, appDescription: storefront.runtime.app.appDescription)
            let problems = try StoreDatabase.problems(storefront.directory, limit: 5)
                + UserDefaultsFile.problems(storefront.directory.userDefaultsURL, rules: rules)
            return problems.isEmpty ? nil : problems.map(\.summary).joined(separator: "; ")
        } catch {
            return "\(error)"
        }
    }

    @Test(arguments: RecordingTests.shipped)
    func everyStepOfAShippedWalkthroughLeavesFilesDoctorPasses(file: String) throws {
        let text = try String(contentsOf: RecordingTests.shippedFolder.appendingPathComponent(file), encoding: .utf8)
        let walkthrough = try WalkthroughParser(catalog: catalog).parse(text, file: file)
        var runner = WalkthroughRunner(catalog: catalog)
        runner.afterEachStep = { Self.doctor($0) }
        let result = runner.run(walkthrough)
        #expect(result.passed, "\(file): \(result.failures.map { $0.summary(file: file) })")
    }
}
