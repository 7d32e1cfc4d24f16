import Foundation

/// How fast store time runs: as real time, or faster (`1d-per-s`: a day of store time in each
/// real second; `1mo-per-30s`: a month in 30 seconds, as Xcode's fastest monthly renewal rate).
public enum TimeRate: Equatable, Sendable, Codable, CustomStringConvertible {
    case realtime
    /// `store` of store time in every `real` of real time.
    case faster(StoreDuration, per: StoreDuration)

    /// Store seconds in one real second.
    public var factor: Double {
        switch self {
        case .realtime: 1
        case .faster(let store, let real): store.seconds / real.seconds
        }
    }

    /// The form `set time-rate` takes and `clock` shows: `realtime`, `1d-per-s`, `1mo-per-30s`.
    public var description: String {
        switch self {
        case .realtime: "realtime"
        case .faster(let store, let real): "\(store)-per-\(real.value == 1 ? real.unit.rawValue : real.description)"
        }
    }

    /// The slowest and fastest rates taken: store time never runs slower than real time, and
    /// at most a year in a second, so a renewal loop always keeps up.
    public static let factorRange: ClosedRange<Double> = 1...(365 * 86_400)

    /// Nil for text that is not a rate (see `syntax`), or one outside `factorRange`.
    public init?(_ text: String) {
        let lowered = text.trimmingCharacters(in: .whitespaces).lowercased()
        if ["realtime", "real-time", "real", "1x"].contains(lowered) {
            self = .realtime
            return
        }
        let parts = lowered.components(separatedBy: "-per-")
        guard parts.count == 2, let store = StoreDuration(parts[0]), let real = StoreDuration(parts[1]) else { return nil }
        let rate = TimeRate.faster(store, per: real)
        guard Self.factorRange.contains(rate.factor) else { return nil }
        self = rate.factor == 1 ? .realtime : rate
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        let text = try c.decode(String.self)
        guard let rate = TimeRate(text) else {
            throw DecodingError.dataCorruptedError(in: c, debugDescription: "\"\(text)\" is not a time rate: realtime, or STORE-per-REAL such as 1d-per-s")
        }
        self = rate
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(description)
    }
}
