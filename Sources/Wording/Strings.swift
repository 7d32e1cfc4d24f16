/// The app's own words in one language: the storefront's screens and the app's log. Every
/// text has one entry in a table (`StoreStrings`, `SheetStrings`, …) with its English and
/// Japanese side by side; `strings.store.free` reads the entry in this language.
///
/// What is not the app's own stays as it comes: the catalog's titles and descriptions,
/// identifiers, prices, key names and command lines. The command line speaks English.
public enum Strings: Sendable, CaseIterable {
    case english, japanese

    /// "ja", "ja-JP", "ja_JP.UTF-8" read Japanese; any other language code English.
    public init(languageCode: String) {
        self = languageCode.lowercased().hasPrefix("ja") ? .japanese : .english
    }

    /// The language's code, for what is written outside the tables (dates): "en", "ja".
    public var languageCode: String { self == .japanese ? "ja" : "en" }

    public var store: Localized<StoreStrings> { Localized(self) }
    public var sheet: Localized<SheetStrings> { Localized(self) }
    public var alerts: Localized<AlertStrings> { Localized(self) }
    public var errors: Localized<ErrorStrings> { Localized(self) }
    public var conditions: Localized<ConditionStrings> { Localized(self) }
    public var approvals: Localized<ApprovalStrings> { Localized(self) }
    public var keys: Localized<KeyStrings> { Localized(self) }
    public var log: Localized<LogStrings> { Localized(self) }
    public var messages: Localized<MessageStrings> { Localized(self) }
    public var screen: Localized<ScreenStrings> { Localized(self) }
    public var dataFiles: Localized<DataFileStrings> { Localized(self) }
    public var queueErrors: Localized<StoreAdminErrorStrings> { Localized(self) }
    public var walkthrough: Localized<WalkthroughStrings> { Localized(self) }
    public var manager: Localized<ManagerStrings> { Localized(self) }
    public var buyOutside: Localized<BuyOutsideStrings> { Localized(self) }
    public var unconsumed: Localized<UnconsumedStrings> { Localized(self) }
    public var refunds: Localized<RefundRequestStrings> { Localized(self) }
    public var family: Localized<FamilyStrings> { Localized(self) }
}

/// A table of phrases, made once. Its entries are stored properties, so a test can read every
/// one of them (by reflection) and see both languages there.
public protocol PhraseTable: Sendable {
    static var shared: Self { get }
}

/// A table read in one language: `table.entry` is the entry's text, `table.entry(value)` a
/// phrase's text with its value in it.
@dynamicMemberLookup
public struct Localized<Table: PhraseTable>: Sendable {
    private let strings: Strings

    init(_ strings: Strings) {
        self.strings = strings
    }

    public subscript(dynamicMember entry: KeyPath<Table, Phrase>) -> String {
        Table.shared[keyPath: entry].text(strings)
    }

    public subscript<A>(dynamicMember entry: KeyPath<Table, Phrase1<A>>) -> (A) -> String {
        Table.shared[keyPath: entry].text(strings)
    }

    public subscript<A, B>(dynamicMember entry: KeyPath<Table, Phrase2<A, B>>) -> (A, B) -> String {
        Table.shared[keyPath: entry].text(strings)
    }

    public subscript<A, B, C>(dynamicMember entry: KeyPath<Table, Phrase3<A, B, C>>) -> (A, B, C) -> String {
        Table.shared[keyPath: entry].text(strings)
    }
}
