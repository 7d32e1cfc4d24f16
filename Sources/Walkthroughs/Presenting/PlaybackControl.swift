import SampleApp
import StorefrontUI
import Wording

/// How a playing walkthrough answers its viewer: Space pauses and resumes, → lets one step
/// run and pauses again, q stops. While it is paused the presenter has taken over: every
/// other key goes to the storefront, and Space hands it back.
public struct PlaybackControl: Equatable, Sendable {
    public enum Mode: Equatable, Sendable {
        case playing
        case paused
        /// Playing until the next step starts, then paused.
        case stepping
        case stopped
        /// The walkthrough is over: the presenter has the storefront until q.
        case ended
    }

    public private(set) var mode = Mode.playing
    /// How much faster than the walkthrough's own pace it plays (0.5: half as fast).
    public let speed: Double

    public init(speed: Double = 1) {
        self.speed = speed
    }

    /// What the viewer's key does; a key the walkthrough does not take is returned for the
    /// storefront when the presenter has taken over, and dropped while it plays.
    public mutating func handle(_ key: Key) -> Key? {
        if mode == .ended {
            if key == .char("q") || key == .char("Q") { mode = .stopped }
            return mode == .ended ? key : nil
        }
        switch key {
        case .char(" "): mode = mode == .paused ? .playing : (mode == .stopped ? .stopped : .paused)
        case .right: if mode != .stopped { mode = .stepping }
        case .char("q"), .char("Q"): mode = .stopped
        default: return mode == .paused ? key : nil
        }
        return nil
    }

    /// A step is about to start: one that was let run through pauses here.
    public mutating func stepStarting() {
        if mode == .stepping { mode = .paused }
    }

    public mutating func end() {
        if mode != .stopped { mode = .ended }
    }

    /// The band's right-hand text, in the storefront's language.
    public func status(in strings: Strings) -> String {
        let words = strings.walkthrough
        return switch mode {
        case .ended: words.ended
        case .paused: words.paused
        case .stepping: words.stepping
        case .playing, .stopped: words.playing + (speed == 1 ? "" : " · \(Self.format(speed))×")
        }
    }

    static func format(_ speed: Double) -> String {
        speed == speed.rounded() ? String(Int(speed)) : String(speed)
    }
}
