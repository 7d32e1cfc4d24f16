import SampleApp
import Wording

/// The latency's steps in the panel, and how it reads there.
extension StoreCondition {
    /// The latency's steps in milliseconds, over the whole range the store accepts.
    public static let latencies = [0, 250, 500, 1000, 1500, 2000, 3000, 5000, 10_000, 15_000, 30_000, 60_000]

    /// The step after (or before) `milliseconds`. ← and → stop at 0 and 60 s, as a stepper
    /// does, so stepping down never lands on a minute's wait; Enter, which only steps up, goes
    /// round (`wrapping`) from 60 s to 0. A value between steps (the command line takes any)
    /// goes to its neighbouring step.
    public static func latency(after milliseconds: Int, step: Int, wrapping: Bool = false) -> Int {
        let (first, last) = (latencies[0], latencies[latencies.count - 1])
        if step > 0 { return latencies.first { $0 > milliseconds } ?? (wrapping ? first : max(milliseconds, last)) }
        return latencies.last { $0 < milliseconds } ?? min(milliseconds, first)
    }

    /// "250 ms", "1.5 s", "1.234 s": exact, so a value set between the steps shows as it is.
    static func latencyText(_ milliseconds: Int, strings: Strings) -> String {
        guard milliseconds >= 1000 else { return strings.conditions.milliseconds(milliseconds) }
        var seconds = String(milliseconds / 1000)
        let fraction = milliseconds % 1000
        if fraction > 0 {
            var digits = String(fraction)
            digits = String(repeating: "0", count: 3 - digits.count) + digits
            while digits.hasSuffix("0") { digits.removeLast() }
            seconds += ".\(digits)"
        }
        return strings.conditions.seconds(seconds)
    }
}
