import Foundation

/// The store's clock, kept in the store so every process reads the same store time:
/// store time = `storeAnchor` + rate × (real time − `realAnchor`). The anchors are taken
/// again whenever the rate changes or time is advanced, so store time never jumps back.
/// With no anchors (a new store), store time is real time.
public struct StoreClockState: Equatable, Sendable, Codable {
    /// Real time at the last anchor.
    public var realAnchor: Date?
    /// Store time at the last anchor.
    public var storeAnchor: Date?

    public init(realAnchor: Date? = nil, storeAnchor: Date? = nil) {
        self.realAnchor = realAnchor
        self.storeAnchor = storeAnchor
    }

    /// Store time when real time is `real`.
    public func time(at real: Date, rate: TimeRate) -> Date {
        guard let realAnchor, let storeAnchor else { return real }
        return storeAnchor + rate.factor * real.timeIntervalSince(realAnchor)
    }

    /// Anchors at `real`, keeping store time where `rate` has brought it: done before the
    /// rate changes, so the new rate runs on from the same store time.
    public mutating func anchor(at real: Date, rate: TimeRate) {
        storeAnchor = time(at: real, rate: rate)
        realAnchor = real
    }

    /// Moves store time on to `date` (never back).
    public mutating func move(to date: Date, at real: Date, rate: TimeRate) {
        anchor(at: real, rate: rate)
        if let storeAnchor, date > storeAnchor { self.storeAnchor = date }
    }

    /// Real seconds until store time reaches `date` (0 when it has).
    public func realInterval(until date: Date, from real: Date, rate: TimeRate) -> TimeInterval {
        max(0, date.timeIntervalSince(time(at: real, rate: rate)) / rate.factor)
    }

    /// Store time less real time: how far `advance` (and a faster rate) has moved it.
    public func offset(at real: Date, rate: TimeRate) -> TimeInterval {
        time(at: real, rate: rate).timeIntervalSince(real)
    }
}

extension StoreClockState {
    /// Whether store time is real time: the rate is real time and time was never advanced.
    public func runsAsRealTime(rate: TimeRate) -> Bool {
        guard rate == .realtime, let realAnchor, let storeAnchor else { return rate == .realtime }
        return abs(storeAnchor.timeIntervalSince(realAnchor)) < 0.5
    }
}
