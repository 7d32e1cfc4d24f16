import DataFiles
import Foundation
import AppStoreCore

/// What the sample app's own keys in UserDefaults.json must hold: what the app writes there.
/// One it cannot read (credits of 1e300, "lots", true) would read as none, and the next
/// delivery would write over it; so is a list of unconsumed purchases it cannot read. The one
/// rule every reader of the file applies (`UserDefaultsFile(url:rules:)`: the storefront,
/// `state`, `launch`, `buy`, walkthroughs, `doctor`), so a file one refuses every one refuses.
/// Keys the app does not know are kept as they are.
public struct UserDefaultsRules: Sendable {
    public let catalog: Catalog
    public let appDescription: AppDescription

    public init(catalog: Catalog, appDescription: AppDescription) {
        self.catalog = catalog
        self.appDescription = appDescription
    }

    /// Refuses the first value that breaks the rules, naming its JSON path.
    public func check(_ values: [String: JSONValue], path: String) throws(DataFileError) {
        try check(values, path: path) { items in items.map(UnconsumedPurchase.parse) }
    }

    /// `parse`: how the unconsumed list's entries are parsed (the app keeps its last parses,
    /// so that a list of a thousand packs costs only the entries a write changed).
    func check(_ values: [String: JSONValue], path: String,
               parse: ([JSONValue]) -> [Result<UnconsumedPurchase, UnconsumedPurchase.FieldProblem>]) throws(DataFileError) {
        for key in values.keys.sorted() {
            guard let value = values[key], let expected = expectation(for: key), !expected.accepts(value) else { continue }
            throw DataFileError(path: path, location: "$.\(key)", problem: "must be \(expected.description), not \(value.shortText)",
                                remedy: .resetApp(.editValue))
        }
        try checkUnconsumed(values, path: path, parse: parse)
    }

    private func entitlement(of product: CatalogProduct) -> Entitlement {
        Entitlement(product, appDescription: appDescription)
    }

    private func expectation(for key: String) -> Expected? {
        if key == SampleApp.creditsKey { return .wholeNumber }
        if key == SampleApp.deliveredKey || key == SampleApp.takenBackKey { return .transactionIDs }
        if key == SampleApp.revocationCursorKey { return .wholeNumber }
        if key.hasSuffix(".state"), catalog.product(key) == nil,
           let plan = catalog.product(String(key.dropLast(".state".count))), entitlement(of: plan) == .subscription {
            return .text
        }
        guard let product = catalog.product(key) else { return nil }
        switch entitlement(of: product) {
        case .unlock: return .flag
        case .subscription, .pass: return .date
        case .units: return .units
        case .credits: return nil
        }
    }

    /// The list of unconsumed purchases must hold what the app writes there, each purchase
    /// once; the path of the first value that does not is named.
    private func checkUnconsumed(_ values: [String: JSONValue], path: String,
                                 parse: ([JSONValue]) -> [Result<UnconsumedPurchase, UnconsumedPurchase.FieldProblem>]) throws(DataFileError) {
        guard let value = values[SampleApp.unconsumedKey] else { return }
        func refuse(_ location: String, _ problem: String) -> DataFileError {
            DataFileError(path: path, location: location, problem: problem, remedy: .resetApp(.editValue))
        }
        let key = "$.\(SampleApp.unconsumedKey)"
        guard case .array(let items) = value else { throw refuse(key, "must be a list of purchases (objects)") }
        var seen = Set<String>()
        for (index, parsed) in parse(items).enumerated() {
            switch parsed {
            case .failure(let problem):
                throw refuse("\(key)[\(index)]" + (problem.field.map { ".\($0)" } ?? ""), "must be \(problem.expected)")
            case .success(let purchase):
                guard seen.insert(purchase.transactionID).inserted else {
                    throw refuse("\(key)[\(index)].transactionID", "must be listed once (\(purchase.transactionID) is there twice)")
                }
            }
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
