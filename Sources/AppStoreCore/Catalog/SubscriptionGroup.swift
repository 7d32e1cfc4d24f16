/// A subscription group: a subscriber has at most one of its subscriptions at a time, and
/// an introductory offer once per group.
public struct SubscriptionGroup: Sendable, Equatable {
    public var id: String
    /// The reference name.
    public var name: String
    public var localizations: [GroupLocalization]

    public init(id: String, name: String, localizations: [GroupLocalization] = []) {
        self.id = id
        self.name = name
        self.localizations = localizations
    }

    /// The group's name on a device set to `locale`.
    public func displayName(for locale: String) -> String {
        LocaleMatch.best(for: locale, among: localizations, locale: \.locale)?.name ?? name
    }
}

public struct GroupLocalization: Sendable, Equatable {
    public var locale: String
    public var name: String

    public init(locale: String, name: String) {
        self.locale = locale
        self.name = name
    }
}
