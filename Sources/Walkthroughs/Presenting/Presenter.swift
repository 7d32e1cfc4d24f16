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

/// The human pace a walkthrough is shown at, in real seconds at speed 1.
public enum Pacing {
    /// One frame: the storefront is ticked and shown this often while time passes.
    public static let frame = 0.1
    /// After a key, before the next: long enough to see what it did; moving the selection
    /// or the focus goes faster, as a person's fingers do.
    public static func after(_ key: Key) -> Double {
        switch key {
        case .up, .down, .home, .end, .pageUp, .pageDown, .tab, .backTab, .left, .right: 0.2
        default: 0.5
        }
    }
    /// After a step.
    public static let afterStep = 0.7
    /// How long a caption stays before the walkthrough goes on: time to read it.
    public static func reading(_ caption: String) -> Double {
        min(5, 1.5 + Double(caption.count) * 0.04)
    }
    /// The most a step waits for the store to answer (with `hold` on it never does).
    public static let longestWait = 60.0
}
