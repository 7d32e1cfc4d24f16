import Foundation
import StoreKitSim
import StorefrontUI

/// Runs walkthroughs headless: each on a fresh storefront of its own, driven by keys as a
/// person drives it, every expectation checked. A failed expectation is noted and the
/// walkthrough goes on; a step that cannot be done (no such row or button) stops it there.
public struct WalkthroughRunner {
    public let catalog: Catalog
    public var width = 100
    public var height = 30

    public init(catalog: Catalog) {
        self.catalog = catalog
    }

    public func run(_ walkthrough: Walkthrough) -> WalkthroughResult {
        var result = WalkthroughResult(file: walkthrough.file, stepsRun: 0, failures: [])
        let storefront: HeadlessStorefront
        do {
            storefront = try HeadlessStorefront(catalog: catalog, width: width, height: height)
        } catch {
            result.failures.append(StepFailure(line: 0, step: "(start)", expected: "a fresh storefront to run on",
                                               saw: ErrorText.of(error)))
            return result
        }
        let run = StepRun(storefront: storefront)
        for step in walkthrough.steps {
            result.stepsRun += 1
            do {
                if let failure = try run.perform(step) { result.failures.append(failure) }
            } catch {
                result.failures.append(error)
                break
            }
        }
        return result
    }
}
