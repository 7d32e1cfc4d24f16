import AppStoreCore

/// A duration written in words ("1 month", "2 hours", "3 d"), read as the `StoreDuration` it
/// means, so that a step refusing it can suggest the way it is written ("1mo").
enum DurationWords {
    /// Each unit's words, singular and plural, and its own short form.
    private static let units: [String: StoreDuration.Unit] = {
        var units: [String: StoreDuration.Unit] = [:]
        let words: [StoreDuration.Unit: [String]] = [
            .second: ["sec", "secs", "second", "seconds"], .minute: ["mins", "minute", "minutes"],
            .hour: ["hr", "hrs", "hour", "hours"], .day: ["day", "days"], .week: ["wk", "wks", "week", "weeks"],
            .month: ["mos", "mon", "month", "months"], .year: ["yr", "yrs", "year", "years"],
        ]
        for unit in StoreDuration.Unit.allCases {
            units[unit.rawValue] = unit
            for word in words[unit] ?? [] { units[word] = unit }
        }
        return units
    }()

    /// The duration `words` (the words after the step's verb) mean, or nil when they are not
    /// a number and a unit.
    static func duration(_ words: [String]) -> StoreDuration? {
        let text = words.joined().lowercased()
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        guard let unit = units[String(text.dropFirst(digits.count))] else { return nil }
        return StoreDuration("\(digits)\(unit.rawValue)")
    }
}
