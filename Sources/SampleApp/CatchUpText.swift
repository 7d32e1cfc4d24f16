import Foundation
import StoreKitSim

/// How far a store that was behind has got, in words: the command line's progress line on
/// stderr and the storefront's header say the same.
public enum CatchUpText {
    /// "12,345": a count with its thousands grouped, as the command line writes counts.
    public static func count(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var grouped = ""
        for (i, digit) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return (n < 0 ? "-" : "") + grouped
    }

    /// "Catching up store time: 12,345 renewals, 2031-04-05 of 9999-12-31…"
    public static func progress(_ catchUp: PaymentQueue.CatchUp, times: TimeDisplay) -> String {
        "Catching up store time: \(count(catchUp.renewals)) renewals, \(times.day(catchUp.reached)) of \(times.day(catchUp.target))…"
    }

    /// "Caught up store time: 95,678 renewals in 14.5 s, now 9999-12-31."
    public static func done(_ catchUp: PaymentQueue.CatchUp, seconds: Double, times: TimeDisplay) -> String {
        "Caught up store time: \(count(catchUp.renewals)) renewals in \(String(format: "%.1f", seconds)) s, now \(times.day(catchUp.target))."
    }
}
