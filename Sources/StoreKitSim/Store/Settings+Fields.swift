import DataFiles
import Foundation

/// Settings as named fields, the way the store keeps them (one row each) and the way a change
/// is applied: only the fields a person changed, onto whatever the store holds now.
extension Settings {
    /// Each setting's stored name and its value in JSON.
    public var fields: [String: JSONValue] {
        // Encoding a struct of plain values cannot fail. A plain encoder: the layout of
        // `JSONCoding.encode` (a regular expression) is wasted on values never shown.
        let data = (try? JSONEncoder().encode(self)) ?? Data("{}".utf8)
        return (try? JSONDecoder().decode([String: JSONValue].self, from: data)) ?? [:]
    }

    /// Settings from stored fields; a missing field keeps its default, a bad one is refused
    /// by the same checks as a hand-edited file.
    init(fields: [String: JSONValue]) throws {
        self = try JSONDecoder().decode(Settings.self, from: try JSONEncoder().encode(fields))
    }

    /// `self` with the fields that differ between `base` and `edited` taken from `edited`: a
    /// panel that toggled one condition never reverts another that a second terminal set.
    public func applying(changesFrom base: Settings, to edited: Settings) -> Settings {
        let before = base.fields
        let after = edited.fields
        var merged = fields
        for (name, value) in after where before[name] != value { merged[name] = value }
        return (try? Settings(fields: merged)) ?? edited
    }
}
