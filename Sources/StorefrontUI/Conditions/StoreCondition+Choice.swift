import SampleApp
import AppStoreCore
import Wording

/// The shape of a condition that is one of an enum's cases, named by its raw value.
extension StoreCondition {
    /// `set` takes any case by its raw value (in any case) and refuses anything else naming
    /// them all; the panel steps through them in their order.
    static func choice<Value: RawRepresentable & CaseIterable & Equatable & Sendable>(
        _ name: String, _ field: WritableKeyPath<Settings, Value> & Sendable, note: String,
        title: KeyPath<ConditionStrings, Phrase> & Sendable,
        show: @escaping @Sendable (Value, Strings) -> (String, Tint?),
        badge: @escaping @Sendable (Value, Strings) -> HeaderView.Badge? = { _, _ in nil }
    ) -> StoreCondition where Value.RawValue == String {
        let names = Value.allCases.map(\.rawValue)
        let listed = names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
        return StoreCondition(
            name, values: names.joined(separator: "|"), note: note, field: field,
            parse: { text, _ throws(InvalidValue) in
                guard let value = Value(rawValue: text.lowercased()) else {
                    throw InvalidValue(message: "\(name) takes \(listed), not \"\(text)\"")
                }
                return value
            },
            describe: { $0.rawValue },
            title: title,
            show: show,
            change: { value, key, _ in .set(cycle(Array(Value.allCases), from: value, key.step)) },
            badge: badge)
    }
}
