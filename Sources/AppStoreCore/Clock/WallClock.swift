import Foundation

/// Real time, as this process reads it. Store time is worked out from it (`StoreClockState`);
/// tests move a manual clock, so every latency and expiry is instant and deterministic there.
public protocol WallClock: AnyObject {
    var now: Date { get }
    /// True when real time stands still (a fixed start): a process waiting for the store's
    /// answer moves store time to it instead of sleeping.
    var isFixed: Bool { get }
}

extension WallClock {
    public var isFixed: Bool { false }
}

public final class SystemClock: WallClock {
    public init() {}
    public var now: Date { Date() }
}

/// A clock that moves only when told to: tests, and a fixed start (`STOREFRONT_START_TIME`).
public final class ManualClock: WallClock {
    public private(set) var now: Date
    public let isFixed: Bool

    /// `fixed`: nothing but the store moves it, so waits jump to what is due.
    public init(now: Date = Date(timeIntervalSince1970: 1_800_000_000), fixed: Bool = false) {
        self.now = now
        isFixed = fixed
    }

    public func advance(by seconds: TimeInterval) {
        now += seconds
    }
}
