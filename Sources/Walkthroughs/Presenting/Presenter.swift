import StorefrontUI

/// Who a walkthrough is shown to as it runs: a recording (`record`) or a terminal (`play`).
/// It is told of each step, caption and key, and given each stretch of time as it passes,
/// after which the storefront's screen may have changed. A test has none.
public protocol Presenter: AnyObject {
    /// True once the viewer stopped the walkthrough (q): nothing more runs.
    var isStopped: Bool { get }
    /// The storefront it shows, once open; it may keep it after the walkthrough.
    func opened(_ storefront: HeadlessStorefront)
    /// `number` counts from 1.
    func starting(_ step: Step, number: Int, of total: Int)
    func finished(_ step: Step, failure: StepFailure?)
    func caption(_ text: String)
    /// A key about to be pressed, to show.
    func pressing(_ key: Key)
    /// `seconds` of real time have passed for the storefront (0: something changed at once).
    func elapsed(_ seconds: Double)
}
