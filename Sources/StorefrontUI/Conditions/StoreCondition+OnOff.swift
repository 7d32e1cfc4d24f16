import SampleApp
import AppStoreCore
import Wording

/// The shape most conditions share: on or off, toggled by any key in the panel.
extension StoreCondition {
    /// `good` is the value under which the store behaves normally: shown green, and red
    /// otherwise; `badge` is shown in the header, in `tint`, while the condition is not `good`.
    static func onOff(_ name: String, _ field: WritableKeyPath<Settings, Bool> & Sendable, note: String? = nil,
                      title: KeyPath<ConditionStrings, Phrase> & Sendable, good: Bool,
                      badge: KeyPath<ConditionStrings, Phrase> & Sendable, tint: Tint) -> StoreCondition {
        StoreCondition(
            name, values: "on|off", note: note, field: field,
            parse: { text, _ throws(InvalidValue) in
                switch text.lowercased() {
                case "on", "true", "yes", "1": return true
                case "off", "false", "no", "0": return false
                default: throw InvalidValue(message: "\(name) takes on or off, not \"\(text)\"")
                }
            },
            describe: { $0 ? "on" : "off" },
            title: title,
            show: { value, strings in
                (value ? strings.conditions.on : strings.conditions.off, value == good ? .success : .danger)
            },
            change: { value, _, _ in .set(!value) },
            badge: { value, strings in value == good ? nil : .init(text: strings.conditions[dynamicMember: badge], tint: tint) })
    }

    /// The value `step` places after `current` in `values`, going round; a value not in the
    /// list (set from the command line) counts as the first.
    static func cycle<T: Equatable>(_ values: [T], from current: T, _ step: Int) -> T {
        let i = values.firstIndex(of: current) ?? 0
        return values[(i + step + values.count) % values.count]
    }
}
