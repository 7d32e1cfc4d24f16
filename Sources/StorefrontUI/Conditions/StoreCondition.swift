import SampleApp
import AppStoreCore
import Wording

/// One store condition, described once: its name and values on the command line, how a typed
/// value is read and how the current one reads, its row in the store conditions panel and its
/// badge in the header. `StoreCondition.all` is the table that `storefront set`, `state`, the
/// panel and the header read.
///
/// The table lives here, not in StoreKitSim: the engine keeps only the stored field and its
/// default (`Settings`), and none of the command line's or the screen's wording. The command
/// line imports this module already, for the terminal text it shares with the screen.
public struct StoreCondition: Sendable {
    /// The name `set` takes and `state` lists: `can-make-payments`.
    public let name: String
    /// What it takes, as `set --help` and docs/store-conditions-and-time.md show it: `on|off`.
    public let values: String
    /// A line under the list in `set --help`, for values that need more than their syntax.
    public let note: String?
    /// The panel row's title: its entry in the strings table.
    private let titleEntry: KeyPath<ConditionStrings, Phrase> & Sendable

    private let parseValue: @Sendable (String, Catalog) throws(InvalidValue) -> Change
    private let describeValue: @Sendable (Settings) -> String
    private let showValue: @Sendable (Settings, Strings) -> (String, Tint?)
    private let changeValue: @Sendable (Settings, PanelKey, PanelChoices) -> PanelChange<Settings>
    private let badgeValue: @Sendable (Settings, Strings) -> HeaderView.Badge?

    /// A parsed value, applied to whatever the store holds when it is saved.
    public typealias Change = @Sendable (inout Settings) -> Void

    /// A typed value the condition does not take; `message` says what it does take.
    public struct InvalidValue: Error {
        public let message: String

        public init(message: String) {
            self.message = message
        }
    }

    /// A condition stored in `field`, whatever its type. `parse` reads a typed value (the
    /// catalog knows the storefronts), `describe` is the text `set` and `state` print, `show`
    /// the panel's text and tint, `change` what ←, → and Enter do to it (choosing among
    /// `PanelChoices` where the value is not the condition's own), and `badge` the header's
    /// badge while the condition is active; `title`, `show` and `badge` in the screen's words.
    init<Value: Sendable>(
        _ name: String, values: String, note: String? = nil,
        field: WritableKeyPath<Settings, Value> & Sendable,
        parse: @escaping @Sendable (String, Catalog) throws(InvalidValue) -> Value,
        describe: @escaping @Sendable (Value) -> String,
        title: KeyPath<ConditionStrings, Phrase> & Sendable,
        show: @escaping @Sendable (Value, Strings) -> (String, Tint?),
        change: @escaping @Sendable (Value, PanelKey, PanelChoices) -> PanelChange<Value>,
        badge: @escaping @Sendable (Value, Strings) -> HeaderView.Badge? = { _, _ in nil }
    ) {
        self.name = name
        self.values = values
        self.note = note
        titleEntry = title
        parseValue = { text, catalog throws(InvalidValue) in
            let value = try parse(text, catalog)
            return { $0[keyPath: field] = value }
        }
        describeValue = { describe($0[keyPath: field]) }
        showValue = { show($0[keyPath: field], $1) }
        changeValue = { settings, key, choices in
            switch change(settings[keyPath: field], key, choices) {
            case .set(let value):
                var changed = settings
                changed[keyPath: field] = value
                return .set(changed)
            case .chooseError(let highlighted): return .chooseError(highlighting: highlighted)
            case .openAPIErrors: return .openAPIErrors
            }
        }
        badgeValue = { badge($0[keyPath: field], $1) }
    }

    /// The change a typed value asks for, or what the condition takes instead.
    public func parse(_ text: String, catalog: Catalog) throws(InvalidValue) -> Change {
        try parseValue(text, catalog)
    }

    /// The current value as `set` and `state` print it.
    public func describe(_ settings: Settings) -> String { describeValue(settings) }

    /// A new store's value, as `set` prints it. The default itself is the stored field's,
    /// in `Settings`, where the engine needs it.
    public var defaultDescription: String { describe(Settings()) }

    /// The panel row's title.
    func title(_ strings: Strings) -> String { strings.conditions[dynamicMember: titleEntry] }

    /// The current value as the panel shows it, and its colour.
    func panelValue(_ settings: Settings, strings: Strings) -> (String, Tint?) { showValue(settings, strings) }

    /// What a key does on the condition's panel row.
    func change(_ settings: Settings, _ key: PanelKey, choices: PanelChoices) -> PanelChange<Settings> {
        changeValue(settings, key, choices)
    }

    /// The header's badge while the condition is active.
    func badge(_ settings: Settings, strings: Strings) -> HeaderView.Badge? { badgeValue(settings, strings) }
}

/// A key that changes the selected panel row: ← and → step it, Enter (or a click) does what
/// a button would: toggles, steps up going round, or opens a list.
enum PanelKey {
    case left, right, enter

    var step: Int { self == .left ? -1 : 1 }
}

/// What the panel's rows choose among besides a condition's own values.
struct PanelChoices {
    /// Its storefronts and locales.
    var catalog: Catalog
    /// The accounts used on this store, the last used first.
    var accounts: [String]
}

/// What a key does to a panel row: sets a new value, opens the list of an API's errors with
/// one highlighted (Enter on an API), or opens the list of APIs (the StoreKit errors row).
enum PanelChange<Value> {
    case set(Value)
    case chooseError(highlighting: Int)
    case openAPIErrors
}
