import DataFiles
import Foundation
import StoreKitSim

/// The app's own keys in UserDefaults.json must hold what the app writes there. One it cannot
/// read (credits of 1e300, "lots", true) would read as none, and the next delivery would
/// write over it: refused instead, before anything is bought or delivered.
extension SampleApp {
    func checkOwnValues() throws {
        // Values found sound stay sound until they change.
        if checkedGeneration == defaults.generation { return }
        for key in defaults.values.keys.sorted() {
            guard let value = defaults.values[key], let expected = expectation(for: key), !expected.accepts(value) else { continue }
            throw DataFileError(
                path: defaults.url.path, location: "$.\(key)",
                problem: "must be \(expected.description), not \(value.shortText)",
                remedy: .resetApp(.editValue))
        }
        try checkUnconsumed()
        checkedGeneration = defaults.generation
    }

    private func expectation(for key: String) -> Expected? {
        if key == Self.creditsKey { return .wholeNumber }
        if key == Self.deliveredKey || key == Self.takenBackKey { return .transactionIDs }
        if key == Self.revocationCursorKey { return .wholeNumber }
        if key.hasSuffix(".state"), catalog.product(key)?.type == nil,
           catalog.product(String(key.dropLast(".state".count)))?.type == .autoRenewable {
            return .text
        }
        switch catalog.product(key)?.type {
        case .nonConsumable: return .flag
        case .autoRenewable, .nonRenewing: return .date
        case .consumable: return appDescription.creditsPerUnit(of: key) == nil ? .units : nil
        case nil: return nil
        }
    }

    private enum Expected {
        case wholeNumber, units, transactionIDs, flag, date, text

        func accepts(_ value: JSONValue) -> Bool {
            switch self {
            case .wholeNumber, .units: value.intValue != nil
            case .flag: value.boolValue != nil
            case .text: value.stringValue != nil
            case .date: value.stringValue.flatMap(JSONCoding.parse) != nil
            case .transactionIDs:
                if case .array(let items) = value { items.allSatisfy { $0.stringValue != nil } } else { false }
            }
        }

        var description: String {
            switch self {
            case .wholeNumber: "a whole number of credits"
            case .units: "a whole number (the units bought)"
            case .transactionIDs: "a list of transaction ids (strings)"
            case .flag: "true or false"
            case .date: "an ISO 8601 date in a string, such as \"2027-01-15T08:00:00.000Z\""
            case .text: "a string, such as \"subscribed\""
            }
        }
    }
}

private extension JSONValue {
    /// The value as JSON on one line, cut short if long.
    var shortText: String {
        let text = (try? JSONCoding.line(self)) ?? "?"
        return text.count > 40 ? text.prefix(40) + "…" : text
    }
}
