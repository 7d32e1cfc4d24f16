import Foundation

/// The store's clock, kept in the store so every process reads the same store time:
/// store time = `storeAnchor` + rate × (real time − `realAnchor`). The anchors are taken
/// again whenever the rate changes or time is advanced, so store time never jumps back.
/// With no anchors (a new store), store time is real time, whatever the rate says.
public struct StoreClockState: Equatable, Sendable, Codable {
    /// Real time at the last anchor.
    public var realAnchor: Date?
    /// Store time at the last anchor.
    public var storeAnchor: Date?

    public init(realAnchor: Date? = nil, storeAnchor: Date? = nil) {
        self.realAnchor = realAnchor
        self.storeAnchor = storeAnchor
    }

    /// Store seconds in one real second: the rate's, once anchored.
    public func factor(_ rate: TimeRate) -> Double {
        realAnchor != nil && storeAnchor != nil ? rate.factor : 1
    }

    /// Store time when real time is `real`. Real time before the anchor (a clock set back)
    /// leaves store time where it was, rather than taking it back by the rate, until the store
    /// is anchored again at real time (`anchorAgain`).
    public func time(at real: Date, rate: TimeRate) -> Date {
        guard let realAnchor, let storeAnchor else { return StoreTimes.clamped(real) }
        return StoreTimes.clamped(storeAnchor + factor(rate) * max(0, real.timeIntervalSince(realAnchor)))
    }

    /// Anchors at `real`, keeping store time where `rate` has brought it: done before the
    /// rate changes, so the new rate runs on from the same store time.
    public mutating func anchor(at real: Date, rate: TimeRate) {
        storeAnchor = time(at: real, rate: rate)
        realAnchor = real
    }

    /// Moves store time on to `date` (never back, never past the last time it can hold).
    public mutating func move(to date: Date, at real: Date, rate: TimeRate) {
        anchor(at: real, rate: rate)
        if let storeAnchor, date > storeAnchor { self.storeAnchor = StoreTimes.clamped(date) }
    }

    /// How many real seconds the anchor is later than `real`, or nil when it is not: a data
    /// directory last used under a later fixed start (`STOREFRONT_START_TIME`), or a machine
    /// clock stepped back. Until anchored again, store time would stand still for that long.
    public func anchorAhead(of real: Date) -> TimeInterval? {
        guard let realAnchor, realAnchor > real else { return nil }
        return realAnchor.timeIntervalSince(real)
    }

    /// Anchors at `real` when the anchor is later than it (`anchorAhead`): store time stays
    /// where it stood and runs on from now at the rate. Returns how far ahead it was.
    @discardableResult
    public mutating func anchorAgain(ifAheadOf real: Date) -> TimeInterval? {
        guard let ahead = anchorAhead(of: real) else { return nil }
        realAnchor = real
        return ahead
    }

    /// Real seconds until store time reaches `date` (0 when it has).
    public func realInterval(until date: Date, from real: Date, rate: TimeRate) -> TimeInterval {
        max(0, date.timeIntervalSince(time(at: real, rate: rate)) / factor(rate))
    }

    /// Store time less real time: how far `advance` (and a faster rate) has moved it.
    public func offset(at real: Date, rate: TimeRate) -> TimeInterval {
        time(at: real, rate: rate).timeIntervalSince(real)
    }

    /// Whether store time is real time: the rate is real time and time was never advanced.
    public func runsAsRealTime(rate: TimeRate) -> Bool {
        guard let realAnchor, let storeAnchor else { return true }
        return rate == .realtime && abs(storeAnchor.timeIntervalSince(realAnchor)) < 0.5
    }
}
