import AppStoreCore
import StorefrontUI

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
    /// The most a step waits for the store to answer: the longest latency there is, and a frame.
    public static let longestWait = Double(Settings.latencyRange.upperBound) / 1000 + frame
}
