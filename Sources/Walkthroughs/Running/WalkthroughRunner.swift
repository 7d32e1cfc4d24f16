import Foundation
import SampleApp
import AppStoreCore
import StorefrontUI

/// Runs walkthroughs: each on a fresh storefront of its own, driven by keys as a person
/// drives it, every expectation checked. A failed expectation is noted and the walkthrough
/// goes on; a step that cannot be done (no such row or button) stops it there.
public struct WalkthroughRunner: Sendable {
    public let catalog: Catalog
    public let app: AppDescription
    public var width = 100
    public var height = 30
    /// The screens drawn with ASCII stand-ins, as a terminal without UTF-8 shows them.
    public var ascii: ASCIIReason?
    /// Run after each step on the storefront it left, what it says is wrong being that step's
    /// failure: the tests check there that every step leaves files `storefront doctor` passes.
    var afterEachStep: (@Sendable (HeadlessStorefront) -> String?)?
    /// Each run keeps the screen it first failed on, or ended on (`WalkthroughResult.screen`),
    /// for a page to show (`test --html`).
    public var keepsScreens = false

    public init(catalog: Catalog, app: AppDescription = .builtIn) {
        self.catalog = catalog
        self.app = app
    }

    /// One run, in the first value of each varied condition. `presenter`: who watches it at
    /// a human pace (playing, recording); none for a test.
    public func run(_ walkthrough: Walkthrough, presenter: Presenter? = nil) -> WalkthroughResult {
        var result = execute(walkthrough, in: walkthrough.firstCombination, presenter: presenter).result
        result.combination = nil
        return result
    }

    /// Each walkthrough run once, as `run` does, side by side; the results in their order.
    public func run(_ walkthroughs: [Walkthrough]) -> [WalkthroughResult] {
        SideBySide.map(walkthroughs) { run($0) }
    }

    /// Every combination of the walkthrough's `vary` lines, each from a fresh store (one
    /// run for a file without them), side by side, in the order of `combinations`.
    public func runMatrix(_ walkthrough: Walkthrough) -> MatrixTable {
        let rows = SideBySide.map(walkthrough.combinations) { combination in
            var (result, storefront) = execute(walkthrough, in: combination)
            // The matrix's page shows where each combination ended: a failed one kept where it failed.
            if keepsScreens, !result.passed, let storefront { result.screen = KeptScreen(storefront) }
            return MatrixRow(result: result, outcome: storefront.map(Outcome.init) ?? Outcome())
        }
        return MatrixTable(file: walkthrough.file, conditions: walkthrough.variations.map(\.condition), rows: rows)
    }

    /// The steps the combination admits, on a store that starts with its values; the
    /// storefront as they left it, nil if it could not start.
    private func execute(_ walkthrough: Walkthrough, in combination: Combination,
                         presenter: Presenter? = nil) -> (result: WalkthroughResult, storefront: HeadlessStorefront?) {
        var result = WalkthroughResult(file: walkthrough.file, combination: combination, stepsRun: 0, failures: [])
        let storefront: HeadlessStorefront
        do {
            let settings = try combination.values.map { value in
                guard let condition = StoreCondition.named(value.condition) else {
                    throw StoreCondition.InvalidValue(message: "\(value.condition) is not a store condition")
                }
                return try condition.parse(value.value, catalog: catalog)
            }
            storefront = try HeadlessStorefront(catalog: catalog, app: app, width: width, height: height, settings: settings, ascii: ascii,
                                                presenter: presenter)
        } catch {
            let saw = (error as? StoreCondition.InvalidValue)?.message ?? ErrorText.of(error, in: .english)
            result.failures.append(StepFailure(line: 0, step: "(start)", expected: "a fresh storefront to run on", saw: saw))
            return (result, nil)
        }
        let run = StepRun(storefront: storefront)
        let steps = walkthrough.steps(in: combination)
        for (index, step) in steps.enumerated() {
            presenter?.starting(step, number: index + 1, of: steps.count)
            if presenter?.isStopped == true {
                result.stopped = true
                break
            }
            result.stepsRun += 1
            do {
                let failure = try run.perform(step)
                // Stopped under way, the step was cut short: what it saw is no failure of the walkthrough's.
                if presenter?.isStopped == true {
                    result.stopped = index + 1 < steps.count
                    if result.stopped { break }
                }
                if let failure { result.failures.append(failure) }
                if failure != nil { keepScreen(of: storefront, in: &result) }
                if let saw = afterEachStep?(storefront) {
                    result.failures.append(StepFailure(line: step.line, step: step.source, expected: "files storefront doctor passes", saw: saw))
                }
                presenter?.finished(step, failure: failure)
            } catch {
                if presenter?.isStopped == true {
                    result.stopped = index + 1 < steps.count
                    if result.stopped { break }
                }
                result.failures.append(error)
                keepScreen(of: storefront, in: &result)
                presenter?.finished(step, failure: error)
                break
            }
        }
        keepScreen(of: storefront, in: &result)
        if let end = try? storefront.store.now() {
            result.storeSeconds = max(0, Int(end.timeIntervalSince(HeadlessStorefront.start)))
        }
        return (result, storefront)
    }

    /// The first screen kept stays: the one the first failure saw.
    private func keepScreen(of storefront: HeadlessStorefront, in result: inout WalkthroughResult) {
        guard keepsScreens, result.screen == nil else { return }
        result.screen = KeptScreen(storefront)
    }
}
