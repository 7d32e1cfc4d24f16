import Foundation

/// The store's sense of time. The app ticks the queue on the real clock; tests move a
/// manual clock, so every latency and expiry is instant and deterministic there.
public protocol StoreClock: AnyObject {
    var now: Date { get }
}

public final class SystemClock: StoreClock {
    public init() {}
    public var now: Date { Date() }
}

public final class ManualClock: StoreClock {
    public private(set) var now: Date

    public init(now: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        self.now = now
    }

    public func advance(by seconds: TimeInterval) {
        now += seconds
    }
}
