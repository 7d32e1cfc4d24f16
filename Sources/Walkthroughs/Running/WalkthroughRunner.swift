import Foundation
import StoreKitSim
import StorefrontUI

/// Runs walkthroughs: each on a fresh storefront of its own, driven by keys as a person
/// drives it, every expectation checked. A failed expectation is noted and the walkthrough
/// goes on; a step that cannot be done (no such row or button) stops it there.
public struct WalkthroughRunner {
    public let catalog: Catalog
    public var width = 100
    public var height = 30

    public init(catalog: Catalog) {
        self.catalog = catalog
    }

    /// `presenter`: who watches it at a human pace (playing, recording); none for a test.
    public func run(_ walkthrough: Walkthrough, presenter: Presenter? = nil) -> WalkthroughResult {
        var result = WalkthroughResult(file: walkthrough.file, stepsRun: 0, failures: [])
        let storefront: HeadlessStorefront
        do {
            storefront = try HeadlessStorefront(catalog: catalog, width: width, height: height, presenter: presenter)
        } catch {
            result.failures.append(StepFailure(line: 0, step: "(start)", expected: "a fresh storefront to run on",
                                               saw: ErrorText.of(error)))
            return result
        }
        let run = StepRun(storefront: storefront)
        for (index, step) in walkthrough.steps.enumerated() {
            presenter?.starting(step, number: index + 1, of: walkthrough.steps.count)
            if presenter?.isStopped == true { break }
            result.stepsRun += 1
            do {
                let failure = try run.perform(step)
                if let failure { result.failures.append(failure) }
                presenter?.finished(step, failure: failure)
            } catch {
                result.failures.append(error)
                presenter?.finished(step, failure: error)
                break
            }
        }
        return result
    }
}
